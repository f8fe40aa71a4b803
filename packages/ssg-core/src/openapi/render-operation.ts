import type { BlockContent, PhrasingContent } from 'mdast'
import { formatJson } from './json.js'
import { code, codeBlock, heading, joinOr, paragraph, strong, table, tabs, text } from './mdast.js'
import {
  inlineMarkdown,
  hasFields,
  mergeAllOf,
  type RenderContext,
  type ResolvedOperation,
} from './model.js'
import { describe, fieldsTable, typeLabel } from './render-schema.js'
import { codeSamples } from './samples/index.js'
import type { MediaType, Parameter, Response, Schema } from './types.js'

/** The parts of an operation, in the order of a full section. */
export const OPERATION_PARTS = [
  'description',
  'endpoint',
  'request',
  'responses',
  'samples',
  'examples',
  'errors',
] as const
export type OperationPart = (typeof OPERATION_PARTS)[number]

const REASONS: Record<string, string> = {
  '200': 'OK',
  '201': 'Created',
  '202': 'Accepted',
  '204': 'No Content',
  '301': 'Moved Permanently',
  '302': 'Found',
  '304': 'Not Modified',
  '400': 'Bad Request',
  '401': 'Unauthorized',
  '402': 'Payment Required',
  '403': 'Forbidden',
  '404': 'Not Found',
  '405': 'Method Not Allowed',
  '409': 'Conflict',
  '410': 'Gone',
  '412': 'Precondition Failed',
  '413': 'Content Too Large',
  '415': 'Unsupported Media Type',
  '422': 'Unprocessable Entity',
  '429': 'Too Many Requests',
  '500': 'Internal Server Error',
  '502': 'Bad Gateway',
  '503': 'Service Unavailable',
  '504': 'Gateway Timeout',
}

/** `201 Created`, `5xx`, `Other responses`. */
export function statusLabel(status: string): string {
  if (status === 'default') return 'Any status'
  if (/^\dXX$/i.test(status)) return status.toLowerCase()
  return REASONS[status] ? `${status} ${REASONS[status]}` : status
}

/** A 1xx-3xx status, or `default` when it is not an error (a proxy passes any status through). */
function successOf(responses: Record<string, Response>): (status: string) => boolean {
  return (status) =>
    /^[123]/.test(status) ||
    (status === 'default' &&
      !Object.keys(responses[status]?.content ?? {}).some((t) => /problem/.test(t)))
}

/**
 * An operation as Markdown (mdast): with `parts` unset, a whole section (an h2 from the summary,
 * then description, endpoint and authentication, `### Request`, `### Response` with code samples
 * and examples, `### Errors`); with `parts`, only those parts, in that order and without headings,
 * for a page that arranges them around its own prose.
 */
export function renderOperation(
  resolved: ResolvedOperation,
  context: RenderContext,
  options: { parts?: OperationPart[]; depth?: 2 | 3 | 4 } = {},
): BlockContent[] {
  const render = (part: OperationPart): BlockContent[] => {
    switch (part) {
      case 'description':
        return context.markdown(resolved.operation.description ?? '')
      case 'endpoint':
        return endpoint(resolved, context)
      case 'request':
        return request(resolved, context)
      case 'responses':
        return responses(resolved, context)
      case 'samples': {
        const samples = codeSamples(resolved, context)
        if (samples.length === 0) return []
        return [
          tabs(
            context.tabGroup,
            samples.map((s) => ({ label: s.label, children: [codeBlock(s.fence, s.source)] })),
          ) as unknown as BlockContent,
        ]
      }
      case 'examples':
        return examples(resolved, successOf(resolved.operation.responses ?? {}))
      case 'errors':
        return errors(resolved, context)
    }
  }
  if (options.parts) return options.parts.flatMap(render)
  const depth = options.depth ?? 2
  const sub = (depth + 1) as 3 | 4 | 5
  const op = resolved.operation
  const out: BlockContent[] = [
    heading(depth, [text(op.summary ?? resolved.id)]),
    ...render('description'),
    ...render('endpoint'),
    heading(sub, [text('Request')]),
    ...render('request'),
    heading(sub, [text('Response')]),
    ...render('responses'),
    ...render('samples'),
    ...render('examples'),
  ]
  const errorBlocks = render('errors')
  if (errorBlocks.length) out.push(heading(sub, [text('Errors')]), ...errorBlocks)
  return out
}

/** The method and URL, then who may call it: key types and permissions. */
function endpoint(resolved: ResolvedOperation, context: RenderContext): BlockContent[] {
  const { model } = context
  const op = resolved.operation
  const blocks: BlockContent[] = [
    codeBlock('http', `${resolved.method.toUpperCase()} ${model.baseUrl}${resolved.path}`),
  ]
  const security = op.security ?? model.document.security ?? []
  const schemes = model.document.components?.securitySchemes ?? {}
  const sentence: PhrasingContent[] = []
  if (op.deprecated) sentence.push(strong([text('Deprecated.')]), text(' '))
  if (security.length === 0 || security.every((r) => Object.keys(r).length === 0)) {
    sentence.push(strong([text('Authentication:')]), text(' none.'))
  } else {
    const names = [...new Set(security.flatMap((r) => Object.keys(r)))]
    const headers = [...new Set(names.map((n) => schemes[n]?.name).filter(Boolean))] as string[]
    const scopes = [...new Set(security.flatMap((r) => Object.values(r).flat()))]
    sentence.push(strong([text('Authentication:')]), text(' '))
    // An empty requirement among others: a key is optional.
    if (security.some((r) => Object.keys(r).length === 0)) sentence.push(text('optional, '))
    if (headers.length === 1) sentence.push(code(headers[0]!), text(' with '))
    sentence.push(...joinOr(names.map((n) => [text(schemeLabel(n))])), text('. '))
    sentence.push(strong([text(scopes.length > 1 ? 'Permissions:' : 'Permission:')]), text(' '))
    if (scopes.length)
      sentence.push(
        ...joinOr(
          scopes.map((s) => [code(s)]),
          'and',
        ),
        text('.'),
      )
    else sentence.push(text('none beyond the key.'))
  }
  if (op['x-permission']) sentence.push(text(' '), ...inlineMarkdown(context, op['x-permission']))
  blocks.push(paragraph(sentence))
  return blocks
}

/** `PrivateKey` -> `a private key`. */
function schemeLabel(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase()
  return (/^[aeiou]/.test(words) ? 'an ' : 'a ') + words
}

function parameterRow(p: Parameter, context: RenderContext): PhrasingContent[][] {
  const schema = p.schema ?? {}
  const name = p['x-style'] === 'dotted' ? `${p.name}.{key}` : p.name
  const type =
    p['x-style'] === 'dotted' &&
    schema.additionalProperties &&
    typeof schema.additionalProperties === 'object'
      ? typeLabel(schema.additionalProperties, context)
      : typeLabel(schema, context)
  return [
    [code(name)],
    [...type, text(` (${p.in})`)],
    [text(p.required ? 'Yes' : 'No')],
    describe(withDescription(schema, p.description, p.deprecated), context),
  ]
}

/** A schema described by the object that uses it (a parameter, a header). */
function withDescription(schema: Schema, description?: string, deprecated?: boolean): Schema {
  const out: Schema = { ...schema }
  if (description !== undefined) out.description = description
  if (deprecated !== undefined) out.deprecated = deprecated
  return out
}

/** Parameters (path, query, header) and body fields in one table, as the reference has always shown them. */
function request(resolved: ResolvedOperation, context: RenderContext): BlockContent[] {
  const order = { path: 0, query: 1, header: 2, cookie: 3 }
  const params = [...resolved.parameters].sort((a, b) => order[a.in] - order[b.in])
  const rows = params.map((p) => parameterRow(p, context))
  const body = resolved.operation.requestBody
  const media = body?.content ? firstMedia(body.content) : undefined
  const schema = media?.[1].schema
  const out: BlockContent[] = []
  if (schema && hasFields(schema)) {
    out.push(...fieldsTable(schema, context, { required: true, prefix: rows }))
  } else {
    if (rows.length) out.push(table(['Name', 'Type', 'Required', 'Description'], rows))
    if (schema || body?.description) {
      const sentence: PhrasingContent[] = [strong([text('Body')])]
      if (media && media[0] !== 'application/json')
        sentence.push(text(' ('), code(media[0]), text(')'))
      if (schema) sentence.push(text(': '), ...typeLabel(schema, context), text('.'))
      else sentence.push(text('.'))
      if (schema?.description)
        sentence.push(text(' '), ...inlineMarkdown(context, schema.description))
      out.push(paragraph(sentence))
    }
  }
  if (body?.description) out.push(...context.markdown(body.description))
  if (out.length === 0) out.push(paragraph([text('The request has no parameters and no body.')]))
  return out
}

function firstMedia(content: Record<string, MediaType>): [string, MediaType] | undefined {
  return Object.entries(content).find(([type]) => /json/.test(type)) ?? Object.entries(content)[0]
}

/** Each success status with its description and body. */
function responses(resolved: ResolvedOperation, context: RenderContext): BlockContent[] {
  const out: BlockContent[] = []
  const all = resolved.operation.responses ?? {}
  const isSuccess = successOf(all)
  // The documented outcome first (the one with an example), then by status.
  const hasExample = (r: Response) =>
    Object.values(r.content ?? {}).some((m) => m.example !== undefined || m.examples)
  const ordered = Object.entries(all)
    .filter(([status]) => isSuccess(status))
    .sort(([, a], [, b]) => Number(hasExample(b)) - Number(hasExample(a)))
  for (const [status, response] of ordered) {
    const media = response.content ? firstMedia(response.content) : undefined
    const schema = media?.[1].schema
    const blocks = context.markdown(response.description ?? '')
    const lead: PhrasingContent[] = [code(statusLabel(status))]
    const first = blocks[0]
    if (first?.type === 'paragraph') {
      lead.push(text(': '), ...first.children)
      blocks.shift()
    } else lead.push(text('.'))
    const label = schema ? typeLabel(schema, context) : null
    const linked = label?.some((n) => n.type === 'link') ? label : null
    if (linked) lead.push(text(' The body is '), ...withArticle(linked), text('.'))
    out.push(paragraph(lead), ...blocks)
    if (schema && hasFields(schema) && !linked)
      out.push(...fieldsTable(schema, context, { required: false }))
    out.push(...responseHeaders(response, context))
  }
  return out
}

function withArticle(label: PhrasingContent[]): PhrasingContent[] {
  const first = label[0]
  if (first?.type === 'text' && /^(array|object)/.test(first.value)) return [text('an '), ...label]
  const word =
    first?.type === 'link' && first.children[0]?.type === 'text' ? first.children[0].value : ''
  return [text(/^[aeiouAEIOU]/.test(word) ? 'an ' : 'a '), ...label]
}

function responseHeaders(response: Response, context: RenderContext): BlockContent[] {
  const headers = Object.entries(response.headers ?? {})
  if (!headers.length) return []
  return [
    table(
      ['Header', 'Type', 'Description'],
      headers.map(([name, header]) => [
        [code(name)],
        typeLabel(header.schema ?? {}, context),
        describe(withDescription(header.schema ?? {}, header.description), context),
      ]),
    ),
  ]
}

/** The examples of the responses `which` selects, as titled JSON blocks. */
function examples(resolved: ResolvedOperation, which: (status: string) => boolean): BlockContent[] {
  const out: BlockContent[] = []
  for (const [status, response] of Object.entries(resolved.operation.responses ?? {})) {
    if (!which(status) || !response.content) continue
    for (const [type, media] of Object.entries(response.content)) {
      const lang = /json/.test(type) ? 'json' : 'text'
      const render = (value: unknown) =>
        typeof value === 'string' && lang === 'text' ? value : formatJson(value)
      if (media.examples)
        for (const example of Object.values(media.examples)) {
          if (example.value === undefined) continue
          const title = statusLabel(status) + (example.summary ? ` (${example.summary})` : '')
          out.push(codeBlock(lang, render(example.value), title))
        }
      else if (media.example !== undefined)
        out.push(codeBlock(lang, render(media.example), statusLabel(status)))
    }
  }
  return out
}

/** The error `type` codes of a response: from its schema's `type` property, else its examples. */
function errorTypes(response: Response): Array<{ code: string | null; schema?: Schema }> {
  const media = response.content ? firstMedia(response.content)?.[1] : undefined
  const schema = media?.schema
  const fromSchema = (s: Schema): string | null => {
    const typeProp = mergeAllOf(s).properties?.type
    const value = typeProp?.const ?? (typeProp?.enum?.length === 1 ? typeProp.enum[0] : undefined)
    return typeof value === 'string' ? value : null
  }
  const alternatives = schema ? [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])] : []
  if (alternatives.length)
    return alternatives.map((alt) => ({ code: fromSchema(alt), schema: alt }))
  let found = schema ? fromSchema(schema) : null
  if (!found) {
    const values = [
      media?.example,
      ...Object.values(media?.examples ?? {}).map((e) => e.value),
    ] as Array<{ type?: unknown } | undefined>
    const typed = values.find((v) => typeof v?.type === 'string')
    found = typed ? String(typed.type) : null
  }
  return [{ code: found }]
}

/** Status, error `type` and when it happens; then the error examples. */
function errors(resolved: ResolvedOperation, context: RenderContext): BlockContent[] {
  const rows: Array<{ statuses: string[]; code: string | null; when: PhrasingContent[] }> = []
  const all = resolved.operation.responses ?? {}
  const isSuccess = successOf(all)
  // One row per error type and explanation: statuses that share both are listed together.
  const byKey = new Map<string, (typeof rows)[number]>()
  for (const [status, response] of Object.entries(all)) {
    if (isSuccess(status)) continue
    for (const entry of errorTypes(response)) {
      const when = inlineMarkdown(context, entry.schema?.description ?? response.description ?? '')
      const key = `${entry.code}\0${JSON.stringify(when)}`
      const row = byKey.get(key)
      if (row) row.statuses.push(status)
      else {
        const created = { statuses: [status], code: entry.code, when }
        byKey.set(key, created)
        rows.push(created)
      }
    }
  }
  if (rows.length === 0) return []
  const shortCode = (value: string | null) =>
    value === null ? [text('—')] : [code(value.replace(/^.*\/errors\//, ''))]
  return [
    table(
      ['Status', '`type`', 'When'],
      rows.map((r) => [
        [text(r.statuses.map((s) => (/^\dXX$/i.test(s) ? s.toLowerCase() : s)).join(', '))],
        shortCode(r.code),
        r.when,
      ]),
    ),
    ...examples(resolved, (status) => !isSuccess(status)),
  ]
}
