/**
 * Front matter of the common shape, `key: value` lines (plain values, quoted ones without
 * escapes) and lists of them (`keywords:` then `  - a` lines, or `[a, b]`), read without a YAML
 * parser.
 *
 * `ssg serve` reads every page's front matter before it answers (titles, sidebar positions and
 * slugs make the route table): the `yaml` package takes 0.1-0.2 ms a page, seconds for 10,000
 * pages, while nearly every page's front matter is a few lines of this shape. Anything else
 * (quotes, lists, nested maps, comments, numbers in other notations, ...) returns `undefined`,
 * and the caller parses it with `yaml`; what this returns equals `yaml`'s `toJS()` (core schema),
 * checked by a differential test.
 */

const KEY = /^([A-Za-z_][A-Za-z0-9_-]*):(?:[ ]+(.*))?$/
/** Keys that the core schema reads as booleans or null, not as strings. */
const SPECIAL_KEY = /^(?:true|True|TRUE|false|False|FALSE|null|Null|NULL)$/
/** A first character that starts something other than a plain string scalar (or a number). */
const NOT_PLAIN_START = /^[-?:,[\]{}#&*!|>'"%@`.+0-9]/
/** Control characters, tabs, and the Unicode line breaks YAML knows. */
const UNSAFE = /[\u0000-\u001f\u007f\u0085\u2028\u2029\ufeff]/

/** The value of a plain scalar, or `undefined` when this reader does not know it for sure. */
function plain(value: string): unknown {
  if (value === '' || value === '~' || value === 'null' || value === 'Null' || value === 'NULL')
    return null
  if (value === 'true' || value === 'True' || value === 'TRUE') return true
  if (value === 'false' || value === 'False' || value === 'FALSE') return false
  if (/^(?:0|-?[1-9][0-9]{0,14})$/.test(value) || /^[1-9][0-9]{0,14}\.[0-9]{1,15}$/.test(value))
    return Number(value)
  // `.NET` is a string; `.5`, `.inf` and `.nan` (any case YAML knows) are numbers: left to yaml.
  if (
    value.startsWith('.')
      ? !/^\.[A-Za-z]/.test(value) || /^\.(?:inf|nan)$/i.test(value)
      : NOT_PLAIN_START.test(value)
  )
    return undefined
  // A comment, a nested mapping value (an error in YAML), or a key with no value.
  if (value.includes(' #') || value.includes(': ') || value.endsWith(':')) return undefined
  return value
}

/**
 * The value of a scalar: plain, or quoted without escapes (`"C# & F#"`, `'@scope/name'`), or
 * `undefined` when this reader does not know it for sure.
 */
function scalar(raw: string): unknown {
  const value = raw.replace(/ +$/, '')
  const quoted = /^"([^"\\]*)"$/.exec(value) ?? /^'([^']*)'$/.exec(value)
  if (quoted) return quoted[1]
  return plain(value)
}

/**
 * A flow sequence of plain or quoted values (`[logs, audit log, "429"]`), or `undefined` for any
 * other shape (escapes, commas in quotes, nested collections, empty items).
 */
function flowSequence(raw: string): unknown[] | undefined {
  const value = raw.replace(/ +$/, '')
  const inner = /^\[(.*)\]$/.exec(value)?.[1]
  if (inner === undefined || /[[\]{}]/.test(inner)) return undefined
  if (/^ *$/.test(inner)) return []
  const items: unknown[] = []
  for (const part of inner.split(',')) {
    const item = part.trim()
    const quoted = /^"([^"\\]*)"$/.exec(item) ?? /^'([^']*)'$/.exec(item)
    const parsed = quoted ? quoted[1] : item === '' || /["']/.test(item) ? undefined : plain(item)
    if (parsed === undefined || parsed === null || (!quoted && item.includes(':'))) return undefined
    items.push(parsed)
  }
  return items
}

/** An item of a block sequence: its indent and its text. */
const ITEM = /^( *)- (.*)$/

/**
 * The mapping of a front matter made of `key: plain value` lines (blank lines allowed) and
 * lists of plain values (`keywords:` then `  - a` lines), as `yaml` would read it; `null` when
 * there is nothing but blank lines (as `yaml`); `undefined` for any other shape.
 */
export function parseSimpleYaml(text: string): Record<string, unknown> | null | undefined {
  if (UNSAFE.test(text.replace(/\r?\n/g, ''))) return undefined
  const out: Record<string, unknown> = {}
  let empty = true
  const lines = text.split(/\r?\n/)
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    if (/^ *$/.test(line)) continue
    const match = KEY.exec(line)
    if (!match) return undefined
    const key = match[1]!
    if (SPECIAL_KEY.test(key) || Object.hasOwn(out, key)) return undefined
    empty = false
    if (match[2] === undefined || /^ *$/.test(match[2])) {
      const items = sequenceAt(lines, i + 1)
      if (items === undefined) return undefined
      if (items) {
        out[key] = items.values
        i = items.end - 1
        continue
      }
    }
    const raw = match[2] ?? ''
    const value = raw.startsWith('[') ? flowSequence(raw) : scalar(raw)
    if (value === undefined) return undefined
    out[key] = value
  }
  return empty ? null : out
}

/**
 * The block sequence of plain values starting at `lines[start]` (after a key with no value),
 * with the index of the line after it; null when no item follows (the key's value is null);
 * undefined for a sequence this reader does not know for sure (mixed indents, blank lines
 * inside, nested collections, values it leaves to `yaml`).
 */
function sequenceAt(
  lines: string[],
  start: number,
): { values: unknown[]; end: number } | null | undefined {
  const first = ITEM.exec(lines[start] ?? '')
  if (!first) return /^ +-( |$)/.test(lines[start] ?? '') ? undefined : null
  const indent = first[1]!
  const values: unknown[] = []
  let i = start
  for (; i < lines.length; i++) {
    const line = lines[i]!
    const item = ITEM.exec(line)
    if (!item) {
      // The next key (at column 0), the end, or something else (left to `yaml`).
      if (KEY.test(line) || /^ *$/.test(line)) break
      return undefined
    }
    if (item[1] !== indent) return undefined
    const value = scalar(item[2]!)
    if (value === undefined || value === null) return undefined
    values.push(value)
  }
  // A blank line then more items, or an item after it, is left to `yaml`.
  for (let j = i; j < lines.length && /^ *$/.test(lines[j]!); j++)
    if (j + 1 < lines.length && /^ *-/.test(lines[j + 1]!)) return undefined
  return { values, end: i }
}
