import type { Processor } from 'unified'
import { rewriteMkdocsBlocks } from './mkdocs-blocks.js'
import { rewriteMarkdownInHtml } from './mkdocs-md-in-html.js'
import { CodeFences } from './code-fences.js'

/** An opening fence with a space before the name or a bare title: `::: tip`, `:::tip Title`. */
const SPACED_OPENING = /^([ \t>]*)(:{3,})([ \t]*)([A-Za-z][\w-]*)(?:[ \t]+(.*?))?[ \t]*$/

/**
 * Rewrites container openings written for VitePress or Docusaurus 2 into remark-directive's
 * syntax, line by line, outside code fences: `::: tip` -> `:::tip`, `::: details Click me` and
 * `:::tip Title` -> `:::details[Click me]`, `:::tip[Title]`. Only opening lines change, and
 * only within the line: every other line keeps its number and columns (messages stay placed).
 */
export function normalizeContainerOpenings(source: string): string {
  if (!source.includes(':::')) return source
  const lines = source.split('\n')
  const fences = new CodeFences()
  let changed = false
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    if (fences.inCode(line)) continue
    const match = SPACED_OPENING.exec(line)
    if (!match) continue
    const [, prefix, colons, space, name, title] = match
    if (!space && title === undefined) continue // `:::tip` already
    if (title !== undefined && /^[[{]/.test(title)) {
      lines[i] = `${prefix}${colons}${name}${title}`
    } else {
      const label = title ? `[${title.replace(/[\\\]]/g, '\\$&')}]` : ''
      lines[i] = `${prefix}${colons}${name}${label}`
    }
    changed = true
  }
  return changed ? lines.join('\n') : source
}

/**
 * Lets `::: tip Title` open a container as in VitePress (see `normalizeContainerOpenings`), and
 * MkDocs' `!!! note "Title"`, `??? note`, `=== "Tab"` (see `normalizeMkdocsAdmonitions`) and
 * `<div markdown>` (see `normalizeMarkdownInHtml`): wraps
 * the processor's parser; the file's value becomes the rewritten text, so plugins that slice it
 * by offsets stay in step.
 */
export function remarkContainerTitles(this: Processor) {
  const parse = this.parser
  if (!parse) throw new Error('remarkContainerTitles must come after remark-parse')
  this.parser = function (document, file) {
    const blocks = rewriteMkdocsBlocks(document)
    const html = rewriteMarkdownInHtml(blocks?.text ?? document)
    const value = normalizeContainerOpenings(html?.text ?? blocks?.text ?? document)
    if (value !== document) file.value = value
    // Lines added: each line parsed maps to the line it was made from (the page's, through the
    // snippets' map when the snippets were expanded first).
    let from = blocks?.from
    if (html) from = from ? html.from.map((line) => from![line - 1]!) : html.from
    const before = file.data.pageLines
    if (from) file.data.pageLines = before ? from.map((line) => before[line - 1]!) : from
    return parse(value, file)
  }
}
