/**
 * Front matter of the common shape, `key: plain value` lines, read without a YAML parser.
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
function scalar(raw: string): unknown {
  const value = raw.replace(/ +$/, '')
  if (value === '' || value === '~' || value === 'null' || value === 'Null' || value === 'NULL')
    return null
  if (value === 'true' || value === 'True' || value === 'TRUE') return true
  if (value === 'false' || value === 'False' || value === 'FALSE') return false
  if (/^(?:0|-?[1-9][0-9]{0,14})$/.test(value) || /^[1-9][0-9]{0,14}\.[0-9]{1,15}$/.test(value))
    return Number(value)
  if (NOT_PLAIN_START.test(value)) return undefined
  // A comment, a nested mapping value (an error in YAML), or a key with no value.
  if (value.includes(' #') || value.includes(': ') || value.endsWith(':')) return undefined
  return value
}

/**
 * The mapping of a front matter made of `key: plain value` lines (blank lines allowed), as
 * `yaml` would read it; `null` when there is nothing but blank lines (as `yaml`); `undefined`
 * for any other shape.
 */
export function parseSimpleYaml(text: string): Record<string, unknown> | null | undefined {
  if (UNSAFE.test(text.replace(/\r?\n/g, ''))) return undefined
  const out: Record<string, unknown> = {}
  let empty = true
  for (const line of text.split(/\r?\n/)) {
    if (/^ *$/.test(line)) continue
    const match = KEY.exec(line)
    if (!match) return undefined
    const key = match[1]!
    if (SPECIAL_KEY.test(key) || Object.hasOwn(out, key)) return undefined
    const value = scalar(match[2] ?? '')
    if (value === undefined) return undefined
    out[key] = value
    empty = false
  }
  return empty ? null : out
}
