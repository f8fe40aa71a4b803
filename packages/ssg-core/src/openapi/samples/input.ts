import type { ApiModel, ResolvedOperation } from '../model.js'
import { hasFields, mergeAllOf } from '../model.js'
import type { Parameter, Schema, SdkCall, SdkInfo } from '../types.js'

/** A value of the request and the schema it is an instance of (typed languages read both). */
export interface Typed {
  value: unknown
  schema: Schema | undefined
}

/** Everything a code sample shows of one call, taken from the spec's examples. */
export interface SampleInput {
  model: ApiModel
  operationId: string
  method: string
  /** Base URL and path, path parameters filled in. */
  url: string
  pathArgs: Array<{ name: string; value: string }>
  query: Array<{ name: string; value: unknown; schema: Schema | undefined; dotted: boolean }>
  /** Header parameters with an example (an idempotency key), for curl. */
  headers: Array<{ name: string; value: string }>
  body?: { contentType: string; value: unknown; schema: Schema | undefined }
  /** The API-key header, when the operation needs one. */
  auth: { header: string } | null
  /** Environment variable holding the key in the samples. */
  env: string
  sdk: SdkCall | undefined
  /** The success response's schema; `void` when it has no body. */
  response: { schema: Schema | undefined; void: boolean }
}

/** The example of a parameter: its own, its schema's, or the first allowed value. */
function parameterExample(p: Parameter): unknown {
  const s = p.schema ?? {}
  return (
    p.example ??
    Object.values(p.examples ?? {})[0]?.value ??
    s.example ??
    s.examples?.[0] ??
    s.default ??
    s.enum?.[0]
  )
}

/** The sample's inputs: path and query values, the body example, the key and the response. */
export function sampleInput(resolved: ResolvedOperation, model: ApiModel): SampleInput {
  const op = resolved.operation
  const pathArgs: SampleInput['pathArgs'] = []
  let path = resolved.path
  for (const name of [...resolved.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!)) {
    const p = resolved.parameters.find((x) => x.in === 'path' && x.name === name)
    const value = p ? parameterExample(p) : undefined
    const text = value === undefined ? `{${name}}` : String(value)
    pathArgs.push({ name, value: text })
    path = path.replace(`{${name}}`, text)
  }
  const chosen = op['x-query-example']
  const query: SampleInput['query'] = []
  for (const p of resolved.parameters.filter((x) => x.in === 'query')) {
    const value = chosen ? chosen[p.name] : parameterExample(p)
    if (value === undefined) continue
    query.push({ name: p.name, value, schema: p.schema, dotted: p['x-style'] === 'dotted' })
  }
  const headers = resolved.parameters
    .filter((p) => p.in === 'header' && parameterExample(p) !== undefined)
    .map((p) => ({ name: p.name, value: String(parameterExample(p)) }))
  let body: SampleInput['body']
  const content = op.requestBody?.content
  if (content) {
    const [contentType, media] =
      Object.entries(content).find(([type]) => /json/.test(type)) ?? Object.entries(content)[0]!
    const value =
      Object.values(media.examples ?? {})[0]?.value ??
      media.example ??
      media.schema?.examples?.[0] ??
      media.schema?.example
    if (value !== undefined) body = { contentType, value, schema: media.schema }
  }
  const security = op.security ?? model.document.security ?? []
  const schemes = model.document.components?.securitySchemes ?? {}
  const first = Object.keys(security[0] ?? {})[0]
  const scheme = first ? schemes[first] : undefined
  const fallback = Object.keys(model.document.security?.[0] ?? {})[0]
  const env =
    scheme?.['x-env'] ??
    (fallback ? schemes[fallback]?.['x-env'] : undefined) ??
    Object.values(schemes).find((s) => s['x-env'])?.['x-env'] ??
    'API_KEY'
  const success = Object.entries(op.responses ?? {}).find(([status]) => /^2/.test(status))
  const media = success?.[1].content ? Object.values(success[1].content)[0] : undefined
  return {
    model,
    operationId: resolved.id,
    method: resolved.method.toUpperCase(),
    url: model.baseUrl + path,
    pathArgs,
    query,
    headers,
    ...(body ? { body } : {}),
    auth:
      scheme?.type === 'apiKey' && scheme.in === 'header' && scheme.name
        ? { header: scheme.name }
        : null,
    env,
    sdk: op['x-sdk'],
    response: { schema: media?.schema, void: !media },
  }
}

/** The fields of the request object an SDK method takes: query values, then body fields. */
export function requestFields(input: SampleInput): Array<{ name: string } & Typed> | null {
  const fields: Array<{ name: string } & Typed> = input.query.map((q) => ({
    name: q.name,
    value: q.value,
    schema: q.schema,
  }))
  if (input.body) {
    const { value } = input.body
    if (!value || typeof value !== 'object' || Array.isArray(value)) return null
    const schema = input.body.schema ? mergeAllOf(input.body.schema) : undefined
    for (const [name, v] of Object.entries(value))
      fields.push({ name, value: v, schema: schema?.properties?.[name] })
  }
  return fields
}

/** The request type's name for a language (`x-sdk.request`). */
export function requestType(input: SampleInput, lang: string): string | undefined {
  const request = input.sdk?.request
  if (typeof request === 'string') return request
  return request?.[lang] ?? request?.default
}

/** The schema of an object member, and of an array's items. */
export function propertySchema(schema: Schema | undefined, name: string): Schema | undefined {
  if (!schema) return undefined
  const merged = mergeAllOf(schema)
  if (merged.properties?.[name]) return merged.properties[name]
  const extra = merged.additionalProperties
  return extra && typeof extra === 'object' ? extra : undefined
}

export function itemSchema(schema: Schema | undefined): Schema | undefined {
  return schema ? mergeAllOf(schema).items : undefined
}

/**
 * The schema among `oneOf`/`anyOf` alternatives that a value is an instance of (by JSON type and
 * required keys): typed languages need the alternative's type name.
 */
export function pickSchema(schema: Schema | undefined, value: unknown): Schema | undefined {
  if (!schema) return undefined
  const alternatives = [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])]
  if (!alternatives.length) return schema
  const kind = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value
  const fits = (alt: Schema) => {
    const m = mergeAllOf(alt)
    const types = Array.isArray(m.type) ? m.type : m.type ? [m.type] : []
    if (kind === 'object') {
      if (!(types.includes('object') || hasFields(m))) return false
      return (m.required ?? []).every((k) => k in (value as object))
    }
    if (kind === 'number') return types.includes('number') || types.includes('integer')
    return types.includes(kind)
  }
  return alternatives.find(fits) ?? schema
}

/** The SDK's names (`x-sdks.<lang>`). */
export function sdkInfo(input: SampleInput, lang: string): SdkInfo {
  return input.model.document['x-sdks']?.[lang] ?? {}
}

/** The method path with the SDK's renames: `['tokens', 'get']`. */
export function methodPath(input: SampleInput, lang: string): string[] {
  const parts = (input.sdk?.method ?? '').split('.')
  const rename = sdkInfo(input, lang).rename ?? {}
  return parts.map((p, i) => (i === parts.length - 1 ? (rename[p] ?? p) : p))
}

/** The fields printed by the sample, or a loop over a list of the result. */
export function printPlan(
  input: SampleInput,
): { fields: string[]; loop?: { each: string; as: string } } | null {
  const print = input.sdk?.print
  if (!print || input.response.void) return null
  if (Array.isArray(print)) return { fields: print }
  return { fields: print.fields, loop: { each: print.each, as: print.as } }
}

/** The result variable's name. */
export function resultName(input: SampleInput): string {
  return input.sdk?.result ?? 'result'
}
