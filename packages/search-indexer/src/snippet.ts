/** Snippets as text segments, so the UI escapes by construction (no HTML from the index). */
import { isStopWord, processTerm } from './format.js'

/** A piece of a snippet; `match` marks a word that matched the query. */
export interface SnippetSegment {
  text: string
  match: boolean
}

const WORD = /[\p{L}\p{N}]+(?:[-_.][\p{L}\p{N}]+)*/gu

/**
 * Splits `text` into segments, marking each word one of whose terms is in `terms` (the index
 * terms a result matched). When the first match lies past `length`, the text before it is
 * dropped (replaced by `…`) so that the match is visible.
 */
export function makeSnippet(
  text: string,
  terms: ReadonlySet<string>,
  length = 160,
): SnippetSegment[] {
  const marks: Array<[start: number, end: number]> = []
  for (const word of text.matchAll(WORD)) {
    const processed = processTerm(word[0])
    const hit =
      typeof processed === 'string' ? terms.has(processed) : processed?.some((t) => terms.has(t))
    if (hit) marks.push([word.index, word.index + word[0].length])
  }
  let start = 0
  const first = marks[0]
  if (first && first[1] > length) {
    const space = text.lastIndexOf(' ', Math.max(0, first[0] - 40))
    start = space > 0 ? space + 1 : first[0]
  }
  const segments: SnippetSegment[] = start > 0 ? [{ text: '…', match: false }] : []
  let at = start
  for (const [from, to] of marks) {
    if (from < start) continue
    if (from > at) segments.push({ text: text.slice(at, from), match: false })
    segments.push({ text: text.slice(from, to), match: true })
    at = to
  }
  if (at < text.length) segments.push({ text: text.slice(at), match: false })
  return mergeSegments(segments)
}

function mergeSegments(segments: SnippetSegment[]): SnippetSegment[] {
  const merged: SnippetSegment[] = []
  for (const segment of segments) {
    const last = merged[merged.length - 1]
    if (last && !last.match && !segment.match) last.text += segment.text
    else merged.push({ ...segment })
  }
  return merged
}
