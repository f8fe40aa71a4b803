/**
 * The entries of a decoded cache file of folded terms (`decodeFoldedTerms`) whose postings and
 * reserve stay bytes of the file until asked for. Node only.
 */
import type { EncodedTerm } from './split.js'

/** The lines of a decoded file: where each term's postings and reserve start, and its bytes. */
export interface StoredLines {
  buffer: Buffer
  /** Where line k starts, and after the last a line break past its end (`termCount + 1`). */
  postings: Int32Array
  reserves: Int32Array
}

/**
 * A decoded term whose postings and reserve are read from the file's bytes when first asked
 * for: an edit reads those of the parts it changes (`termRange` reads a run of consecutive
 * entries at once, `postingsRun`), not all 100,000 lines of a 10,000-page site (7 MB of
 * strings, 0.1-0.2 s with their garbage). Only for ASCII lines, whose length is their bytes.
 */
export class StoredTerm {
  private read?: string
  constructor(
    readonly term: string,
    readonly weight: number,
    readonly lines: StoredLines,
    readonly line: number,
  ) {}

  get postings(): string {
    return (this.read ??= this.lines.buffer.toString(
      'latin1',
      this.lines.postings[this.line],
      this.lines.postings[this.line + 1]! - 1,
    ))
  }

  get postingsLength(): number {
    return this.lines.postings[this.line + 1]! - this.lines.postings[this.line]! - 1
  }

  get reserve(): string | undefined {
    const from = this.lines.reserves[this.line]!
    const to = this.lines.reserves[this.line + 1]! - 1
    return to > from ? this.lines.buffer.toString('latin1', from, to) : undefined
  }

  /** The entry as a plain object, its lines decoded as UTF-8. */
  plain(): EncodedTerm {
    const { buffer, postings, reserves } = this.lines
    const k = this.line
    const entry: EncodedTerm = {
      term: this.term,
      postings: buffer.toString('utf8', postings[k], postings[k + 1]! - 1),
      weight: this.weight,
    }
    if (reserves[k + 1]! - 1 > reserves[k]!)
      entry.reserve = buffer.toString('utf8', reserves[k], reserves[k + 1]! - 1)
    return entry
  }
}

/**
 * The postings of `terms[from..to)` joined by line breaks (`termRange`): a run of entries read
 * from one file, one after the other there, is one slice of its bytes.
 */
export function postingsRun(terms: readonly EncodedTerm[], from: number, to: number): string {
  let out = ''
  for (let k = from; k < to;) {
    const first = terms[k]
    let end = k + 1
    if (first instanceof StoredTerm) {
      while (end < to) {
        const next = terms[end]
        if (!(next instanceof StoredTerm) || next.lines !== first.lines) break
        if (next.line !== first.line + (end - k)) break
        end++
      }
    }
    const text =
      end - k > 1 && first instanceof StoredTerm
        ? first.lines.buffer.toString(
            'latin1',
            first.lines.postings[first.line],
            first.lines.postings[first.line + end - k]! - 1,
          )
        : first!.postings
    out = k === from ? text : `${out}\n${text}`
    k = end
  }
  return out
}

/**
 * Where each of `count` lines between `from` and `to` starts, and `to` last (each line ends
 * with a line break), or null when the bytes are not that many lines.
 */
export function lineStarts(
  buffer: Buffer,
  from: number,
  to: number,
  count: number,
): Int32Array | null {
  const starts = new Int32Array(count + 1)
  let at = from
  for (let k = 0; k < count; k++) {
    starts[k] = at
    const end = buffer.indexOf(10, at)
    if (end < 0 || end >= to) return null
    at = end + 1
  }
  starts[count] = at
  return at === to ? starts : null
}
