/**
 * Markdown in HTML (Python-Markdown's `md_in_html`, used by Material for MkDocs' grids): a block
 * element written `<div class="grid cards" markdown>` holds Markdown. CommonMark reads an HTML
 * block up to the next blank line, so the lines right after such an opening tag would be shown
 * as raw text. Here an opening tag with a `markdown` attribute, alone on its line, loses the
 * attribute (no such attribute in HTML) and gets a blank line after it when the next line is not
 * blank (later lines of the page are then one off). Code fences are left alone.
 */

import { CodeFences } from './code-fences.js'
import type { Rewritten } from './mkdocs-blocks.js'

/** A block element's opening tag alone on its line, with `markdown`, `markdown="1"` or `="block"`. */
const OPENING =
  /^([ \t]*<(?:div|section|article|aside|details|figure|header|footer|main|nav|blockquote)\b[^>]*?)[ \t]+markdown(?:=(?:"[^"]*"|'[^']*'|[\w-]+))?([^>]*>)[ \t]*$/i

/** Rewrites the `markdown` blocks of a page (see the module comment); other text is kept. */
export function normalizeMarkdownInHtml(source: string): string {
  return rewriteMarkdownInHtml(source)?.text ?? source
}

/** `normalizeMarkdownInHtml` with where each line came from; null when nothing changed. */
export function rewriteMarkdownInHtml(source: string): Rewritten | null {
  if (!source.includes(' markdown')) return null
  const lines = source.split('\n')
  const out: string[] = []
  const from: number[] = []
  const push = (line: string, at: number) => {
    out.push(line)
    from.push(at + 1)
  }
  const fences = new CodeFences()
  let changed = false
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    const open = fences.inCode(line) ? null : OPENING.exec(line)
    if (!open) {
      push(line, i)
      continue
    }
    push(open[1]! + open[2]!, i)
    if (i + 1 < lines.length && lines[i + 1]!.trim() !== '') push('', i)
    changed = true
  }
  return changed ? { text: out.join('\n'), from } : null
}
