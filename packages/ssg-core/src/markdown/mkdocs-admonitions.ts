import { KNOWN_DIRECTIVES } from './remark-directives.js'

/**
 * MkDocs (Python-Markdown, Material for MkDocs) admonitions, rewritten into the container
 * directives this toolkit renders:
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
 * Lines keep their numbers: the content is unindented in place, and the closing `:::` takes the
 * blank line after the block (a block followed directly by text, or blocks that end together
 * without blank lines for each, get a line added: later lines of the page are then one off).
 */

/** `!!! type "title"`, `??? type`, `???+ type extra-class "title"`, at any indentation. */
const OPENING =
  /^([ \t]*)(!!!|\?\?\?\+?)[ \t]+([A-Za-z][\w-]*)((?:[ \t]+[\w-]+)*)(?:[ \t]+"(.*)")?[ \t]*$/
const CODE_FENCE = /^[ \t>]*(`{3,}|~{3,})/
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
  return source.includes('!!!') || source.includes('???') || source.includes('::: ')
}

/** Rewrites the MkDocs admonitions of a page (see the module comment); other text is kept. */
export function normalizeMkdocsAdmonitions(source: string): string {
  if (!hasMkdocsAdmonition(source)) return source
  const lines = source.split('\n')
  const out = convert(lines)
  return out.changed ? out.lines.join('\n') : source
}

/**
 * Converts the admonitions of `lines` (outside code fences), innermost first. Returns the new
 * lines and how deep the admonitions nest (the opening fence of an outer one gets more colons).
 */
function convert(lines: string[]): { lines: string[]; changed: boolean; depth: number } {
  const out: string[] = []
  let changed = false
  let depth = 0
  let fence: { char: string; size: number } | null = null
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    const code = CODE_FENCE.exec(line)
    if (fence) {
      if (code && code[1]![0] === fence.char && code[1]!.length >= fence.size) fence = null
      out.push(line)
      continue
    }
    if (code) {
      fence = { char: code[1]![0]!, size: code[1]!.length }
      out.push(line)
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
        out.push(`${prefix}:::autodoc[${autodoc[2]}]`, ...lines.slice(i + 1, last + 1))
        out.push(prefix + ':::')
        i = last + 1 < lines.length && isBlank(lines[last + 1]!) ? last + 1 : last
        changed = true
        continue
      }
    }
    const match = OPENING.exec(line)
    if (!match) {
      out.push(line)
      continue
    }
    const [, prefix = '', marker, rawType, , title] = match
    const base = indentOf(line)
    const { last } = blockOf(lines, i, base)
    const body = lines.slice(i + 1, last + 1).map((l) => (isBlank(l) ? '' : unindent(l, base + 4)))
    const inner = convert(body)
    const colons = ':'.repeat(3 + inner.depth)
    depth = Math.max(depth, inner.depth + 1)
    out.push(prefix + colons + opening(rawType!, marker!, title))
    for (const l of inner.lines) out.push(l === '' ? '' : prefix + l)
    // The closing fence takes the first blank line after the block, else a line of its own.
    const closing = prefix + colons
    if (last + 1 < lines.length && isBlank(lines[last + 1]!)) {
      out.push(closing)
      i = last + 1
    } else {
      out.push(closing)
      i = last
    }
    changed = true
  }
  return { lines: out, changed, depth }
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
