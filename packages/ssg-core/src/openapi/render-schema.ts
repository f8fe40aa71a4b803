import type { BlockContent, PhrasingContent } from 'mdast'
import { code, escapeHtml, html, joinOr, link, table, text } from './mdast.js'
import {
  alternativesOf,
  hasFields,
  inlineMarkdown,
  mergeAllOf,
  typesOf,
  type RenderContext,
} from './model.js'
import type { Schema } from './types.js'

const FORMATS: Record<string, string> = {
  uuid: 'UUID',
  uri: 'URI',
  'date-time': 'date-time',
  date: 'date',
  email: 'email',
  hostname: 'hostname',
  ipv4: 'IPv4',
  byte: 'base64',
}

const PLURAL: Record<string, string> = {
  string: 'strings',
  integer: 'integers',
  number: 'numbers',
  boolean: 'booleans',
  object: 'objects',
  array: 'arrays',
}

/** Where a schema sits while tables are made: its field path and the schemas around it. */
interface Place {
  /** `rules[]`, `settings`: shown in the summary of a nested table. */
  path: string
  /** Schemas being expanded on the way here: a schema met again is not expanded (recursion). */
  ancestors: Set<Schema>
}

/** The link to the page that documents a component schema, when there is one. */
function homeLink(schema: Schema, context: RenderContext): PhrasingContent[] | null {
  const name = context.model.nameOf(schema)
  const home = name ? context.model.homes[name] : undefined
  if (!name || !home) return null
  const href = home.file === context.file ? home.href.replace(/^[^#]*/, '') : home.href
  return [link(href, [text(schema.title ?? name)])]
}

/**
 * The Type column of a schema: `string (date-time)`, `array of strings`, `object (string
 * values)`, a link to the schema's own table when a page documents it, `A or B` for `oneOf`.
 */
export function typeLabel(schema: Schema, context: RenderContext): PhrasingContent[] {
  const linked = homeLink(schema, context)
  const { types, nullable } = typesOf(schema)
  let label: PhrasingContent[]
  if (linked) label = linked
  else if (schema.const !== undefined && !types.length)
    label = [text(schema.const === null ? 'null' : typeof schema.const)]
  else if (alternativesOf(schema).length && !types.length) {
    const alternatives = alternativesOf(schema)
    const labels = dedupe(
      alternatives.filter((alt) => !isAny(alt)).map((alt) => alternativeLabel(alt, context)),
    )
    label = joinOr(alternatives.some(isAny) ? [...labels, [text('any')]] : labels)
  } else if (types.length === 0) label = [text(hasFields(schema) ? 'object' : 'any')]
  else label = joinOr(types.map((type) => baseLabel(type, schema, context)))
  return nullable ? [...label, text(' or null')] : label
}

/** An alternative of a `oneOf`: an object with fields by its title (its fields follow). */
function alternativeLabel(schema: Schema, context: RenderContext): PhrasingContent[] {
  const name = schema.title ?? context.model.nameOf(schema)
  if (name && hasFields(schema) && !homeLink(schema, context)) return [text(name)]
  return typeLabel(schema, context)
}

function baseLabel(type: string, schema: Schema, context: RenderContext): PhrasingContent[] {
  if (type === 'string' && schema.format)
    return [text(`string (${FORMATS[schema.format] ?? schema.format})`)]
  if (type === 'array') {
    const items = schema.items
    if (!items || isAny(items)) return [text('array')]
    const inner = typeLabel(items, context)
    const plain = inner.length === 1 && inner[0]!.type === 'text' ? inner[0]!.value : null
    if (plain && PLURAL[plain]) return [text(`array of ${PLURAL[plain]}`)]
    if (
      plain?.includes(' or ') ||
      (!plain && inner.some((n) => n.type === 'text' && n.value.includes(' or ')))
    )
      return [text('array of ('), ...inner, text(')')]
    return [text('array of '), ...inner]
  }
  if (type === 'object' && !hasFields(schema)) {
    const values = schema.additionalProperties
    if (values && typeof values === 'object' && !isAny(values)) {
      const inner = typeLabel(values, context)
      const plain = inner.length === 1 && inner[0]!.type === 'text' ? inner[0]!.value : null
      return plain ? [text(`object (${plain} values)`)] : [text('object of '), ...inner]
    }
  }
  return [text(type)]
}

function isAny(schema: Schema): boolean {
  const keys = Object.keys(schema).filter((k) => k !== 'description' && k !== 'title')
  return keys.length === 0
}

function dedupe(labels: PhrasingContent[][]): PhrasingContent[][] {
  const seen = new Set<string>()
  return labels.filter((l) => {
    const key = JSON.stringify(l)
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/**
 * The Description column: the schema's Markdown, then what the schema itself says (deprecation,
 * the allowed values of an enum, the default) unless the description says it already.
 */
export function describe(
  schema: Schema,
  context: RenderContext,
  fallback?: Schema,
): PhrasingContent[] {
  const description = schema.description ?? fallback?.description ?? ''
  const out: PhrasingContent[] = []
  if (schema.deprecated) out.push({ type: 'strong', children: [text('Deprecated.')] }, text(' '))
  out.push(...inlineMarkdown(context, description))
  if (schema.const !== undefined && !description.includes('`' + String(schema.const) + '`')) {
    if (out.length) out.push(text(' '))
    out.push(text('Always '), code(String(schema.const)), text('.'))
  }
  const values = schema.enum ?? (schema.items?.enum as unknown[] | undefined)
  // A long list of values that the description already links to (say, the token types) is left
  // to that page.
  const linked = values && values.length > 5 && /\]\(/.test(description)
  if (
    values?.length &&
    !linked &&
    !values.every((v) => description.includes('`' + String(v) + '`'))
  ) {
    if (out.length) out.push(text(' '))
    // "One of the token types. Values: ..." rather than "One of ... One of ...".
    out.push(
      text(
        values.length === 1 ? 'Always ' : /\bone of\b/i.test(description) ? 'Values: ' : 'One of ',
      ),
    )
    out.push(...joinOr(values.map((v) => [code(String(v))])), text('.'))
  }
  if (schema.default !== undefined && !/default/i.test(description)) {
    if (out.length) out.push(text(' '))
    out.push(text('Defaults to '), code(JSON.stringify(schema.default)), text('.'))
  }
  return out
}

/** A schema whose fields are shown in a nested table (not a documented component). */
function expandable(schema: Schema, context: RenderContext, place: Place): Schema[] {
  if (place.ancestors.has(schema)) return []
  if (homeLink(schema, context)) return []
  if (hasFields(schema)) return [schema]
  const { types } = typesOf(schema)
  if (types.includes('array') && schema.items) return expandable(schema.items, context, place)
  return alternativesOf(schema).flatMap((alt) => expandable(alt, context, place))
}

/**
 * The table of an object's fields (Name, Type, Required?, Description), followed by one
 * collapsible `<details>` per field whose value is itself an object with fields (or an array
 * of them), recursively. Fields that are documented components link to their own table instead.
 */
export function fieldsTable(
  schema: Schema,
  context: RenderContext,
  options: { required: boolean; path?: string; prefix?: PhrasingContent[][][] },
): BlockContent[] {
  return fieldsAt(mergeAllOf(schema), context, options, {
    path: options.path ?? '',
    ancestors: new Set([schema]),
  })
}

function fieldsAt(
  schema: Schema,
  context: RenderContext,
  options: { required: boolean; prefix?: PhrasingContent[][][] },
  place: Place,
): BlockContent[] {
  const required = new Set(schema.required ?? [])
  const rows: PhrasingContent[][][] = [...(options.prefix ?? [])]
  const nested: BlockContent[] = []
  for (const [name, raw] of Object.entries(schema.properties ?? {})) {
    const field = mergeAllOf(raw)
    // A request table leaves out what only responses carry, and the other way round.
    if (options.required ? field.readOnly : field.writeOnly) continue
    const row: PhrasingContent[][] = [[code(name)], typeLabel(field, context)]
    if (options.required)
      row.push(
        field['x-required']
          ? inlineMarkdown(context, field['x-required'])
          : [text(required.has(name) ? 'Yes' : 'No')],
      )
    row.push(describe(field, context, raw))
    rows.push(row)
    const { types } = typesOf(field)
    const childPath =
      (place.path ? place.path + '.' : '') + name + (types.includes('array') ? '[]' : '')
    const children = expandable(field, context, place)
    children.forEach((child, i) => {
      const label =
        children.length > 1
          ? `${escapeHtml(childPath)}</code> as ${escapeHtml(child.title ?? context.model.nameOf(child) ?? `option ${i + 1}`)}`
          : `${escapeHtml(childPath)}</code>`
      nested.push(
        html(`<details class="ssg-api-fields">\n<summary>Fields of <code>${label}</summary>`),
        ...fieldsAt(
          mergeAllOf(child),
          context,
          { required: options.required },
          {
            path: childPath,
            ancestors: new Set([...place.ancestors, child]),
          },
        ),
        html('</details>'),
      )
    })
  }
  const header = options.required
    ? ['Name', 'Type', 'Required', 'Description']
    : ['Name', 'Type', 'Description']
  return [table(header, rows), ...nested]
}
