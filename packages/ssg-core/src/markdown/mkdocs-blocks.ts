import { KNOWN_DIRECTIVES } from './remark-directives.js'
import { CodeFences } from './code-fences.js'

/**
 * MkDocs (Python-Markdown, Material for MkDocs) admonitions and content tabs, rewritten into
 * the container directives this toolkit renders:
 *
 *     !!! note "Title"            :::note[Title]
 *         Indented content.   ->  Indented content.
 *                                 :::
 *
 * `??? note` (collapsible, closed) and `???+ note` (open) add `{collapsible}` and
 * `{collapsible open}`; `!!! note ""` has no title (`:::note[]`); the types Material adds
 * (`abstract`, `success`, `question`, `failure`, `bug`, `example`, `quote` and their aliases) are
 * admonitions of their own name; any other type is a note titled with its name, as MkDocs shows it.
 * Extra classes (`!!! danger highlight "…"`) and Material's `inline`/`inline end` are dropped.
 *
 * Content tabs (pymdownx.tabbed) become tabs: the `=== "Label"` blocks in a row (`===!` starts
 * another set, `===+` is the one selected there: here the first is), each with its content
 * indented below it, are one `::::tabs` of `:::tab{label="Label"}`. An icon shortcode in a label
 * (`=== ":material-apple: macOS"`) is left out of it.
 *
 * Lines keep their numbers: the content is unindented in place, and the closing `:::` takes the
 * blank line after the block (a block followed directly by text, or blocks that end together
 * without blank lines for each, get a line added: later lines of the page are then one off; a
 * set of tabs adds the line that opens it).
 */

/** `!!! type "title"`, `??? type`, `???+ type extra-class "title"`, at any indentation. */
const OPENING =
  /^([ \t]*)(!!!|\?\?\?\+?)[ \t]+([A-Za-z][\w-]*)((?:[ \t]+[\w-]+)*)(?:[ \t]+"(.*)")?[ \t]*$/
/** `=== "Label"`, `===! "Label"` (a new set of tabs), `===+ "Label"` (selected). */
const TAB = /^([ \t]*)===(!?\+?|\+?!?)[ \t]+"(.*)"[ \t]*$/
/** A block a MkDocs plugin generates: `::: mkdocs-click`, `::: package.module` (mkdocstrings). */
const AUTODOC = /^([ \t]*):::[ \t]+([A-Za-z_][\w.-]*)[ \t]*$/
/** A line that closes a container. */
const CLOSING = /^[ \t]*:{3,}[ \t]*$/

/** Admonition types of MkDocs and Material for MkDocs this toolkit has a directive for. */
const TYPES = new Set([
  'note',
  'tip',
  'info',
  'warning',
  'danger',
  'important',
  'caution',
  ...['abstract', 'summary', 'tldr', 'todo', 'hint', 'success', 'check', 'done'],
  ...['question', 'help', 'faq', 'attention', 'failure', 'fail', 'missing', 'error', 'bug'],
  ...['example', 'quote', 'cite'],
])

/** Columns a line is indented by (a tab to the next multiple of 4). */
function indentOf(line: string): number {
  let width = 0
  for (const char of line) {
    if (char === ' ') width++
    else if (char === '\t') width += 4 - (width % 4)
    else break
  }
  return width
}

/** The line with `columns` of its indentation removed (a tab counted as up to 4 columns). */
function unindent(line: string, columns: number): string {
  let width = 0
  let i = 0
  while (i < line.length && width < columns) {
    if (line[i] === ' ') width++
    else if (line[i] === '\t') width += 4 - (width % 4)
    else break
    i++
  }
  return line.slice(i)
}

const isBlank = (line: string) => line.trim() === ''

/** Whether the source may hold an admonition (a quick test before the line scan). */
export function hasMkdocsAdmonition(source: string): boolean {
  return (
    source.includes('!!!') ||
    source.includes('???') ||
    source.includes('::: ') ||
    (source.includes('===') && /^[ \t]*===[!+]*[ \t]+"/m.test(source))
  )
}

/** Rewrites the MkDocs admonitions of a page (see the module comment); other text is kept. */
export function normalizeMkdocsAdmonitions(source: string): string {
  return rewriteMkdocsBlocks(source)?.text ?? source
}

/**
 * A text with its lines rewritten, and for each of its lines (index 0 is line 1) the line of the
 * text it was made from: a message about a rewritten page names the line the author wrote.
 */
export interface Rewritten {
  text: string
  from: number[]
}

/** `normalizeMkdocsAdmonitions` with where each line came from; null when nothing changed. */
export function rewriteMkdocsBlocks(source: string): Rewritten | null {
  if (!hasMkdocsAdmonition(source)) return null
  const lines = source.split('\n')
  const out = convert(
    lines,
    lines.map((_, i) => i + 1),
  )
  return out.changed ? { text: out.lines.join('\n'), from: out.from } : null
}

/** Lines being written, each with the line of the source it stands for. */
class Output {
  lines: string[] = []
  from: number[] = []
  push(line: string, from: number): void {
    this.lines.push(line)
    this.from.push(from)
  }
}

/**
 * Converts the admonitions of `lines` (outside code fences; `from`: the source line of each),
 * innermost first. Returns the new lines, their source lines, and how deep the admonitions nest
 * (the opening fence of an outer one gets more colons).
 */
function convert(
  lines: string[],
  from: number[],
): { lines: string[]; from: number[]; changed: boolean; depth: number } {
  const out = new Output()
  let changed = false
  let depth = 0
  const fences = new CodeFences()
  /** After the block ending at `last`: the closing fence, on the blank line after it if any. */
  const close = (closing: string, last: number): number => {
    const onBlank = last + 1 < lines.length && isBlank(lines[last + 1]!)
    out.push(closing, from[onBlank ? last + 1 : last]!)
    return onBlank ? last + 1 : last
  }
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    if (fences.inCode(line)) {
      out.push(line, from[i]!)
      continue
    }
    const autodoc = AUTODOC.exec(line)
    if (autodoc) {
      // Its options are indented below it and nothing closes it (a VitePress `::: tip` closes).
      const base = indentOf(line)
      const { last, end } = blockOf(lines, i, base)
      const options = last > i && !CLOSING.test(lines[end] ?? '')
      // Without options (`::: textual`, a package documented whole): when nothing closes it (a
      // container would be unclosed) and no directive has its name.
      const bare =
        last === i &&
        !KNOWN_DIRECTIVES.has(autodoc[2]!) &&
        !lines.some((l, k) => k > i && CLOSING.test(l))
      if (options || bare) {
        const prefix = autodoc[1]!
        // The options stay indented: an indented code block inside the directive.
        out.push(`${prefix}:::autodoc[${autodoc[2]}]`, from[i]!)
        for (let k = i + 1; k <= last; k++) out.push(lines[k]!, from[k]!)
        i = close(prefix + ':::', last)
        changed = true
        continue
      }
    }
    if (TAB.test(line)) {
      afterHtml(out, from[i]!)
      i = tabSet(lines, from, i, out, (d) => (depth = Math.max(depth, d)))
      changed = true
      continue
    }
    const match = OPENING.exec(line)
    if (!match) {
      out.push(line, from[i]!)
      continue
    }
    afterHtml(out, from[i]!)
    const [, prefix = '', marker, rawType, , title] = match
    const base = indentOf(line)
    const { last } = blockOf(lines, i, base)
    const inner = innerBlock(lines, from, i, last, base)
    const colons = ':'.repeat(3 + inner.depth)
    depth = Math.max(depth, inner.depth + 1)
    out.push(prefix + colons + opening(rawType!, marker!, title), from[i]!)
    inner.lines.forEach((l, k) => out.push(l === '' ? '' : prefix + l, inner.from[k]!))
    // The closing fence takes the first blank line after the block, else a line of its own.
    i = close(prefix + colons, last)
    changed = true
  }
  return { lines: out.lines, from: out.from, changed, depth }
}

/**
 * A blank line before a block that follows a raw HTML line (`<div id="x"></div>`): CommonMark
 * reads the lines after HTML as HTML up to a blank line; MkDocs reads the HTML line alone.
 */
function afterHtml(out: Output, from: number): void {
  const previous = out.lines[out.lines.length - 1]
  if (previous !== undefined && previous.trimStart().startsWith('<')) out.push('', from)
}

/** The lines under the opening line `i` (to `last`), unindented to `base` and converted. */
function innerBlock(lines: string[], from: number[], i: number, last: number, base: number) {
  const body = lines.slice(i + 1, last + 1).map((l) => (isBlank(l) ? '' : unindent(l, base + 4)))
  return convert(body, from.slice(i + 1, last + 1))
}

/**
 * Writes the set of content tabs whose first `=== "Label"` line is `i` (see the module comment)
 * to `out` as directives, tells `nests` how deep they nest, and returns its last line.
 */
function tabSet(
  lines: string[],
  from: number[],
  i: number,
  out: Output,
  nests: (depth: number) => void,
): number {
  const base = indentOf(lines[i]!)
  const prefix = TAB.exec(lines[i]!)![1]!
  const tabs: Array<{ at: number; last: number; next: number }> = []
  for (let at = i; ;) {
    const { last } = blockOf(lines, at, base)
    let next = last + 1
    while (next < lines.length && isBlank(lines[next]!)) next++
    tabs.push({ at, last, next })
    const following = TAB.exec(lines[next] ?? '')
    if (!following || indentOf(lines[next]!) !== base || following[2]!.includes('!')) break
    at = next
  }
  const inner = tabs.map((tab) => innerBlock(lines, from, tab.at, tab.last, base))
  const innerDepth = Math.max(0, ...inner.map((c) => c.depth))
  nests(innerDepth + 2)
  const colons = ':'.repeat(3 + innerDepth)
  // The blank lines after a tab: the first takes its closing fence; after the last tab, the
  // second takes the set's; the others stay blank.
  const blankOr = (line: number, last: number) =>
    from[line < lines.length && isBlank(lines[line]!) ? line : last]!
  out.push(`${prefix}:${colons}tabs`, from[i]!)
  tabs.forEach((tab, k) => {
    out.push(
      `${prefix}${colons}tab{label="${tabLabel(TAB.exec(lines[tab.at]!)![3]!)}"}`,
      from[tab.at]!,
    )
    inner[k]!.lines.forEach((l, n) => out.push(l === '' ? '' : prefix + l, inner[k]!.from[n]!))
    out.push(prefix + colons, blankOr(tab.last + 1, tab.last))
    if (k < tabs.length - 1) for (let b = tab.last + 2; b < tab.next; b++) out.push('', from[b]!)
  })
  const last = tabs[tabs.length - 1]!
  out.push(`${prefix}:${colons}`, blankOr(last.last + 2, last.last))
  return Math.min(last.last + 2, last.next - 1)
}

/** A tab's label as a directive attribute: no icon shortcode, quotes as references. */
function tabLabel(label: string): string {
  const text = label.replace(/:(?:material|octicons|fontawesome|simple)-[\w-]+:/g, '').trim()
  return (text || label).replace(/&/g, '&amp;').replace(/"/g, '&quot;')
}

/**
 * The block under line `i`: the following lines indented 4 more than `base`, and blank lines
 * between. `last` is its last non-blank line (`i` when empty), `end` the first line after it that
 * is neither blank nor indented.
 */
function blockOf(lines: string[], i: number, base: number): { last: number; end: number } {
  let end = i + 1
  let last = i
  while (end < lines.length) {
    const next = lines[end]!
    if (isBlank(next)) end++
    else if (indentOf(next) >= base + 4) last = end++
    else break
  }
  return { last, end }
}

/** The directive opening after the colons: `note[Title]{collapsible}`. */
function opening(rawType: string, marker: string, title: string | undefined): string {
  const type = rawType.toLowerCase()
  const known = TYPES.has(type)
  const name = known ? type : 'note'
  const text = title ?? (known ? undefined : rawType[0]!.toUpperCase() + rawType.slice(1))
  const label = text === undefined ? '' : `[${text.replace(/[\\\]]/g, '\\$&')}]`
  const attributes =
    marker === '???' ? '{collapsible}' : marker === '???+' ? '{collapsible open}' : ''
  return name + label + attributes
}
