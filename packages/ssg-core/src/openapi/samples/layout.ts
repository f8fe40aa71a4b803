/**
 * A small pretty printer for code samples: a value is a string, a sequence of parts, or a group
 * (object, list, argument list) printed on one line when it fits the width, else one member a
 * line in the style of the language (trailing commas, Allman braces, continuation indents).
 */
export type Doc = string | Doc[] | Group | Keyed

export interface Group {
  kind: 'group'
  /** Printed before the members: `{`, `[`, `new List<string>`, `Map.of(`. */
  open: string
  close: string
  members: Doc[]
  /** One-line form of `open`/`close` (`{ ` and ` }` for a JavaScript object). @default open, close */
  flatOpen?: string
  flatClose?: string
  /** Member separator on one line. @default ', ' */
  flatSeparator?: string
  /** Broken form. */
  style: GroupStyle
  /** Never on one line (a statement block). */
  broken?: boolean
}

export interface GroupStyle {
  /** One level of indentation. */
  indent: string
  /** A comma after the last member too. */
  trailingComma: boolean
  /** `open` on its line, then `{` alone on the next (C#). */
  allman?: boolean
  /** The closing text right after the last member, not on its own line (Java calls). */
  closeInline?: boolean
  /** Extra indentation of the members (Java's 8-space continuation). @default indent */
  memberIndent?: string
  /** Align `key: value` members on consecutive lines at the colon (gofmt). */
  alignKeys?: boolean
  /** Members separated by this instead of `,` when broken (Java builder chains: ''). */
  separator?: string
}

/** A member `key<sep>value` that `alignKeys` can align. */
export interface Keyed {
  kind: 'keyed'
  key: string
  separator: string
  value: Doc
}

export const keyed = (key: string, separator: string, value: Doc): Keyed => ({
  kind: 'keyed',
  key,
  separator,
  value,
})

export const group = (g: Omit<Group, 'kind'>): Group => ({ kind: 'group', ...g })

function isKeyed(doc: Doc): doc is Keyed {
  return typeof doc === 'object' && !Array.isArray(doc) && doc.kind === 'keyed'
}

/** The one-line form, or null when the doc cannot be on one line. */
export function flat(doc: Doc): string | null {
  if (typeof doc === 'string') return doc.includes('\n') ? null : doc
  if (Array.isArray(doc)) {
    let out = ''
    for (const part of doc) {
      const f = flat(part)
      if (f === null) return null
      out += f
    }
    return out
  }
  if (isKeyed(doc)) {
    const value = flat(doc.value)
    return value === null ? null : doc.key + doc.separator + value
  }
  if (doc.broken) return null
  const members: string[] = []
  for (const m of doc.members) {
    const f = flat(m)
    if (f === null) return null
    members.push(f)
  }
  if (members.length === 0) return doc.open + doc.close
  return (
    (doc.flatOpen ?? doc.open) +
    members.join(doc.flatSeparator ?? ', ') +
    (doc.flatClose ?? doc.close)
  )
}

/** Prints `doc` starting at `column` of a line indented by `indent`. */
export function print(
  doc: Doc,
  options: { indent: string; column: number; width: number },
): string {
  const { indent, width } = options
  const one = flat(doc)
  if (one !== null && options.column + one.length <= width) return one
  if (typeof doc === 'string') return doc
  if (Array.isArray(doc)) {
    let out = ''
    let column = options.column
    for (const part of doc) {
      const printed = print(part, { indent, column, width })
      out += printed
      const lastLine = printed.slice(printed.lastIndexOf('\n') + 1)
      column = printed.includes('\n') ? lastLine.length : column + printed.length
    }
    return out
  }
  if (isKeyed(doc)) {
    const head = doc.key + doc.separator
    return head + print(doc.value, { indent, column: options.column + head.length, width })
  }
  if (doc.members.length === 0) return doc.open + doc.close
  const style = doc.style
  const inner = indent + (style.memberIndent ?? style.indent)
  const separator = style.separator ?? ','
  const printed = doc.members.map((m, i) => {
    const last = i === doc.members.length - 1
    const sep = last ? (style.trailingComma ? separator : '') : separator
    return { doc: m, sep }
  })
  const lines: string[] = []
  // gofmt aligns the values of consecutive one-line `key: value` members.
  let run: Array<{ key: string; separator: string; value: string; sep: string }> = []
  const flush = () => {
    const widest = Math.max(...run.map((r) => r.key.length + r.separator.trimEnd().length))
    for (const r of run) {
      const head = r.key + r.separator.trimEnd()
      lines.push(inner + head + ' '.repeat(widest - head.length + 1) + r.value + r.sep)
    }
    run = []
  }
  for (const { doc: member, sep } of printed) {
    if (style.alignKeys && isKeyed(member)) {
      const value = flat(member.value)
      const head = member.key + member.separator
      if (
        value !== null &&
        inner.replace(/\t/g, '    ').length + head.length + value.length <= width
      ) {
        run.push({ key: member.key, separator: member.separator, value, sep })
        continue
      }
    }
    if (run.length) flush()
    lines.push(
      inner +
        print(member, { indent: inner, column: inner.replace(/\t/g, '    ').length, width }) +
        sep,
    )
  }
  if (run.length) flush()
  const body = lines.join('\n')
  if (style.allman) return `${doc.open}\n${indent}{\n${body}\n${indent}}${doc.close}`
  if (style.closeInline) return `${doc.open}\n${body}${doc.close}`
  return `${doc.open}\n${body}\n${indent}${doc.close}`
}

/**
 * A call: on one line when it fits, else its last argument (an object, a list, a builder) opened
 * in place, as Prettier, gofmt and the C# and Java conventions print it.
 */
export function call(callee: string, args: Doc[], style: GroupStyle, close = ')'): Doc {
  if (args.length === 0) return callee + '(' + close
  const last = args[args.length - 1]!
  // Only plain arguments: one a line when they do not fit.
  if (typeof last === 'string') return group({ open: callee + '(', close, members: args, style })
  const head = args.slice(0, -1).map((a) => (flat(a) ?? '') + ', ')
  return [callee + '(' + head.join(''), last, close]
}

/** `search_indexes` -> `SearchIndexes`; `ip` -> `Ip` (C#, Java getters). */
export function pascal(name: string): string {
  return words(name)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('')
}

/** `search_indexes` -> `searchIndexes`. */
export function camel(name: string): string {
  const p = pascal(name)
  return p[0]!.toLowerCase() + p.slice(1)
}

/** `reactorFormulas` -> `reactor_formulas`. */
export function snake(name: string): string {
  return words(name).join('_')
}

/** The lower-case words of a snake_case, kebab-case or camelCase name. */
export function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_\-.]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase())
}

/** A name as an identifier of a C-like language, or null. */
export const isIdentifier = (name: string) => /^[A-Za-z_$][\w$]*$/.test(name)
