import { closest } from '../util/errors.js'
import type { SpecProblem } from './load.js'
import { pointerSegments, toPointer } from './locate.js'
import { openapiSchemaErrors, type AjvDetail } from './schema-validator.js'

// What the parser reports, said as problems at a JSON pointer: unresolvable `$ref`s (with the
// closest existing name), and violations of the OpenAPI 3.1 schema (an unknown key with the key it
// should be, a missing key, a wrong type or value).

/**
 * The OpenAPI 3.1 schema's verdict on the document as written (references unresolved): the
 * parser's schema validator, which it runs only after dereferencing.
 */
export async function schemaProblemsAsWritten(raw: unknown): Promise<SpecProblem[]> {
  try {
    const details = await openapiSchemaErrors(structuredClone(raw))
    return details ? schemaProblems(details) : []
  } catch {
    return []
  }
}

/** The problems swagger-parser reports: unresolvable `$ref`s, or OpenAPI schema violations. */
export function parserProblems(error: unknown, raw: unknown): SpecProblem[] {
  const err = error as { errors?: unknown[]; details?: AjvDetail[]; message?: string }
  if (Array.isArray(err.errors)) {
    // JSONParserErrorGroup (continueOnError): one entry per reference that does not resolve.
    return err.errors.map((e) => refProblem(e as { path?: unknown[]; message?: string }, raw))
  }
  if (Array.isArray(err.details)) return schemaProblems(err.details)
  return [{ pointer: '', message: err.message ?? String(error), ruleId: 'openapi-invalid' }]
}

function refProblem(error: { path?: unknown[]; message?: string }, raw: unknown): SpecProblem {
  const at = (error.path ?? []).map(String)
  const holder = valueAt(raw, at) as { $ref?: unknown } | undefined
  const ref = typeof holder?.$ref === 'string' ? holder.$ref : ''
  const pointer = toPointer([...at, '$ref'])
  if (ref && !ref.startsWith('#'))
    return {
      pointer,
      message: `\`$ref: ${ref}\` points outside the file; only references inside it (\`#/components/...\`) are supported`,
      ruleId: 'openapi-ref',
    }
  const segments = pointerSegments(ref)
  // The deepest part of the pointer that exists, and the names there (for a suggestion).
  let i = 0
  let node: unknown = raw
  while (i < segments.length && node && typeof node === 'object' && segments[i]! in node) {
    node = (node as Record<string, unknown>)[segments[i]!]
    i++
  }
  const missing = segments[i] ?? ''
  const names = node && typeof node === 'object' ? Object.keys(node) : []
  const suggestion = closest(missing, names)
  const where = toPointer(segments.slice(0, i)) || '/'
  return {
    pointer,
    message:
      `Cannot resolve \`$ref: '${ref}'\`: \`${where}\` has no \`${missing}\`` +
      (suggestion
        ? `; did you mean \`${toPointer([...segments.slice(0, i), suggestion]).replace(/^/, '#')}\`?`
        : ''),
    ruleId: 'openapi-ref',
  }
}

/** ajv's errors against the OpenAPI 3.1 schema, reduced to the ones that say what to fix. */
function schemaProblems(details: AjvDetail[]): SpecProblem[] {
  const out: SpecProblem[] = []
  const missing = new Map<string, string[]>()
  // A misspelt key is reported once, as the key it should be, not also as a missing key.
  const suggested = new Set<string>()
  for (const d of details)
    if (d.keyword === 'required')
      missing.set(d.instancePath, [
        ...(missing.get(d.instancePath) ?? []),
        String(d.params.missingProperty),
      ])
  const ordered = [
    ...details.filter((d) => d.keyword !== 'required'),
    ...details.filter((d) => d.keyword === 'required'),
  ]
  for (const d of ordered) {
    // Branch bookkeeping of if/then/else and oneOf: the real error is reported beside it.
    if (['if', 'then', 'else', 'oneOf', 'anyOf', '$ref', 'not'].includes(d.keyword)) continue
    if (d.keyword === 'unevaluatedProperties' || d.keyword === 'additionalProperties') {
      const key = String(d.params.unevaluatedProperty ?? d.params.additionalProperty)
      const suggestion = closest(key, missing.get(d.instancePath) ?? [])
      if (suggestion) suggested.add(d.instancePath + '\0' + suggestion)
      out.push({
        pointer: d.instancePath + toPointer([key]),
        message: `Unknown key \`${key}\`` + (suggestion ? `; did you mean \`${suggestion}\`?` : ''),
        ruleId: 'openapi-invalid',
        key: true,
      })
      continue
    }
    if (d.keyword === 'required') {
      if (suggested.has(d.instancePath + '\0' + String(d.params.missingProperty))) continue
      out.push({
        pointer: d.instancePath,
        message: `Missing required key \`${String(d.params.missingProperty)}\``,
        ruleId: 'openapi-invalid',
      })
      continue
    }
    out.push({
      pointer: d.instancePath,
      message: (d.message ?? d.keyword).replace(/^must/, 'Must') + describeParams(d),
      ruleId: 'openapi-invalid',
    })
  }
  return out
}

function describeParams(d: AjvDetail): string {
  if (d.keyword === 'enum' && Array.isArray(d.params.allowedValues))
    return ': ' + d.params.allowedValues.map((v) => '`' + String(v) + '`').join(', ')
  if (d.keyword === 'pattern') return ` \`${String(d.params.pattern)}\``
  return ''
}

/** The value at a path of a JSON value, or undefined. */
export function valueAt(root: unknown, segments: string[]): unknown {
  let node = root
  for (const s of segments) {
    if (!node || typeof node !== 'object') return undefined
    node = (node as Record<string, unknown>)[s]
  }
  return node
}
