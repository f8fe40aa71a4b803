import { Ajv2020 } from 'ajv/dist/2020.js'
import { z } from 'zod'
import { closest } from '../util/errors.js'
import type { SpecProblem } from './load.js'
import { pointerSegments, toPointer } from './locate.js'
import { HTTP_METHODS, type OpenApiDocument } from './types.js'

/** Code-sample generators the core has (besides `curl`, always available). */
export const SDK_LANGUAGES = ['node', 'python', 'csharp', 'java', 'go'] as const

const sdkInfoSchema = z.strictObject({
  label: z.string().min(1).optional(),
  package: z.string().min(1).optional(),
  client: z.string().min(1).optional(),
  namespace: z.string().min(1).optional(),
  rename: z.record(z.string(), z.string()).optional(),
})

const sdkCallSchema = z.strictObject({
  method: z.string().regex(/^[a-z]\w*(\.[a-z]\w*)*$/, {
    message: 'expected a resource path and method in camelCase, such as `tokens.create`',
  }),
  request: z.union([z.string().min(1), z.record(z.string(), z.string().min(1))]).optional(),
  result: z
    .string()
    .regex(/^[a-z]\w*$/)
    .optional(),
  print: z
    .union([
      z.array(z.string().min(1)),
      z.strictObject({
        each: z.string().min(1),
        as: z.string().regex(/^[a-z]\w*$/),
        fields: z.array(z.string().min(1)),
      }),
    ])
    .optional(),
})

const codeSamplesSchema = z.array(
  z.strictObject({
    lang: z.string().min(1),
    label: z.string().min(1).optional(),
    source: z.string(),
  }),
)

/**
 * What the OpenAPI 3.1 JSON Schema leaves to tools: each Schema Object is valid JSON Schema
 * 2020-12, operation ids are unique, path templates and path parameters agree, and the `x-`
 * extensions the generator reads have the right shape. Works on the document as written (not
 * dereferenced), so that every pointer names a place in the file.
 */
export function checkSpec(doc: OpenApiDocument): SpecProblem[] {
  const problems: SpecProblem[] = []
  checkSchemas(doc, problems)
  checkOperations(doc, problems)
  checkExternalRefs(doc, [], problems)
  if (doc['x-sdks'] !== undefined) {
    const sdks = z.partialRecord(z.enum(SDK_LANGUAGES), sdkInfoSchema).safeParse(doc['x-sdks'])
    if (!sdks.success) zodProblems(sdks.error, ['x-sdks'], problems)
  }
  return problems
}

let ajv: Ajv2020 | undefined

/** Every Schema Object of the document with its pointer (pure `$ref`s excluded). */
export function schemaObjects(doc: OpenApiDocument): Array<{ pointer: string[]; schema: unknown }> {
  const out: Array<{ pointer: string[]; schema: unknown }> = []
  const add = (schema: unknown, pointer: string[]) => {
    if (!schema || typeof schema !== 'object') return
    const keys = Object.keys(schema)
    if (keys.length === 1 && keys[0] === '$ref') return
    out.push({ pointer, schema })
  }
  const media = (content: unknown, at: string[]) => {
    for (const [type, value] of entries(content))
      add(field(value, 'schema'), [...at, type, 'schema'])
  }
  const headers = (value: unknown, at: string[]) => {
    for (const [name, header] of entries(value))
      add(field(header, 'schema'), [...at, name, 'schema'])
  }
  const parameters = (list: unknown, at: string[]) => {
    if (Array.isArray(list))
      list.forEach((p, i) => add(field(p, 'schema'), [...at, String(i), 'schema']))
  }
  const responses = (value: unknown, at: string[]) => {
    for (const [status, response] of entries(value)) {
      media(field(response, 'content'), [...at, status, 'content'])
      headers(field(response, 'headers'), [...at, status, 'headers'])
    }
  }
  const components = doc.components ?? {}
  for (const [name, schema] of entries(components.schemas))
    add(schema, ['components', 'schemas', name])
  for (const [name, p] of entries(components.parameters))
    add(field(p, 'schema'), ['components', 'parameters', name, 'schema'])
  headers(components.headers, ['components', 'headers'])
  responses(components.responses, ['components', 'responses'])
  for (const [name, body] of entries(components.requestBodies))
    media(field(body, 'content'), ['components', 'requestBodies', name, 'content'])
  for (const [route, item] of entries(doc.paths)) {
    parameters(field(item, 'parameters'), ['paths', route, 'parameters'])
    for (const method of HTTP_METHODS) {
      const op = field(item, method)
      if (!op) continue
      const at = ['paths', route, method]
      parameters(field(op, 'parameters'), [...at, 'parameters'])
      media(field(field(op, 'requestBody'), 'content'), [...at, 'requestBody', 'content'])
      responses(field(op, 'responses'), [...at, 'responses'])
    }
  }
  return out
}

function checkSchemas(doc: OpenApiDocument, problems: SpecProblem[]): void {
  ajv ??= new Ajv2020({ strict: false, allErrors: true, validateFormats: false })
  for (const { pointer, schema } of schemaObjects(doc)) {
    if (!ajv.validateSchema(schema as object)) {
      // One message per place: the most specific error there (an enum lists the allowed values).
      const byPath = new Map<
        string,
        { keyword: string; message?: string; params: Record<string, unknown> }
      >()
      for (const e of ajv.errors ?? []) {
        if (['anyOf', 'oneOf', '$ref', '$dynamicRef', 'if'].includes(e.keyword)) continue
        const kept = byPath.get(e.instancePath)
        if (!kept || e.keyword === 'enum') byPath.set(e.instancePath, e)
      }
      for (const [at, e] of byPath) {
        const segments = pointerSegments(at)
        const key = segments[segments.length - 1] ?? ''
        const value = valueAt(schema, segments)
        const allowed = Array.isArray(e.params.allowedValues) ? e.params.allowedValues : null
        problems.push({
          pointer: toPointer([...pointer, ...segments]),
          message:
            `Invalid schema: \`${key}: ${JSON.stringify(value)}\` ` +
            (allowed
              ? `is not allowed; expected one of ${allowed.map((v) => '`' + String(v) + '`').join(', ')}` +
                suggest(value, allowed)
              : (e.message ?? e.keyword).replace(
                  /^must be (\w+)$/,
                  (_, t: string) => `expected ${/^[aeiou]/.test(t) ? 'an' : 'a'} ${t}`,
                )),
          ruleId: 'openapi-invalid',
        })
      }
    }
    walkSchema(schema, pointer, (sub, at) => {
      if (sub.nullable !== undefined)
        problems.push({
          pointer: toPointer([...at, 'nullable']),
          message:
            '`nullable` is OpenAPI 3.0 and has no effect in 3.1: add `null` to the type instead, e.g. `type: [string, "null"]`',
          ruleId: 'openapi-legacy',
          severity: 'warning',
          key: true,
        })
    })
  }
}

function suggest(value: unknown, allowed: unknown[]): string {
  const best = typeof value === 'string' ? closest(value, allowed.map(String)) : undefined
  return best ? `; did you mean \`${best}\`?` : ''
}

/** Calls `visit` on a schema and every subschema written inline in it. */
function walkSchema(
  schema: unknown,
  at: string[],
  visit: (schema: Record<string, unknown>, at: string[]) => void,
): void {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return
  const s = schema as Record<string, unknown>
  visit(s, at)
  for (const key of ['properties', 'patternProperties', '$defs', 'dependentSchemas'])
    for (const [name, sub] of entries(s[key])) walkSchema(sub, [...at, key, name], visit)
  for (const key of ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains'])
    walkSchema(s[key], [...at, key], visit)
  for (const key of ['allOf', 'anyOf', 'oneOf', 'prefixItems'])
    if (Array.isArray(s[key]))
      (s[key] as unknown[]).forEach((sub, i) => walkSchema(sub, [...at, key, String(i)], visit))
}

function checkOperations(doc: OpenApiDocument, problems: SpecProblem[]): void {
  const ids = new Map<string, string>()
  for (const [route, item] of entries(doc.paths)) {
    const templated = [...route.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!)
    const shared = parameterList(doc, field(item, 'parameters'))
    for (const method of HTTP_METHODS) {
      const op = field(item, method) as Record<string, unknown> | undefined
      if (!op) continue
      const at = ['paths', route, method]
      const id = op.operationId
      if (typeof id === 'string') {
        const other = ids.get(id)
        if (other)
          problems.push({
            pointer: toPointer([...at, 'operationId']),
            message: `Duplicate operationId \`${id}\`: \`${other}\` has it already; operation ids name operations on pages and must be unique`,
            ruleId: 'openapi-invalid',
          })
        else ids.set(id, `${method.toUpperCase()} ${route}`)
      } else {
        problems.push({
          pointer: toPointer(at),
          message: `\`${method.toUpperCase()} ${route}\` has no operationId: give it one to place it on a page`,
          ruleId: 'openapi-unplaced',
          severity: 'warning',
        })
      }
      const own = parameterList(doc, op.parameters)
      const inPath = new Set(
        [...shared, ...own].filter((p) => p.in === 'path').map((p) => String(p.name)),
      )
      for (const name of templated)
        if (!inPath.has(name))
          problems.push({
            pointer: toPointer(at),
            message: `The path has \`{${name}}\` but the operation has no \`in: path\` parameter \`${name}\``,
            ruleId: 'openapi-invalid',
          })
      own.forEach((p, i) => {
        if (p.in === 'path' && !templated.includes(String(p.name)))
          problems.push({
            pointer: toPointer([...at, 'parameters', String(i)]),
            message: `Path parameter \`${String(p.name)}\` is not in the path \`${route}\``,
            ruleId: 'openapi-invalid',
          })
      })
      for (const [key, schema] of [
        ['x-sdk', sdkCallSchema],
        ['x-codeSamples', codeSamplesSchema],
        ['x-query-example', z.record(z.string(), z.unknown())],
        ['x-permission', z.string()],
      ] as const) {
        if (op[key] === undefined) continue
        const result = (schema as z.ZodType).safeParse(op[key])
        if (!result.success) zodProblems(result.error, [...at, key], problems)
      }
    }
  }
}

/** References outside the file cannot be placed (nor are they read): each is an error. */
function checkExternalRefs(node: unknown, at: string[], problems: SpecProblem[]): void {
  if (!node || typeof node !== 'object') return
  const ref = (node as { $ref?: unknown }).$ref
  if (typeof ref === 'string' && !ref.startsWith('#'))
    problems.push({
      pointer: toPointer([...at, '$ref']),
      message: `\`$ref: ${ref}\` points outside the file; only references inside it (\`#/components/...\`) are supported: move the definition under \`components\``,
      ruleId: 'openapi-ref',
    })
  for (const [key, value] of Object.entries(node)) checkExternalRefs(value, [...at, key], problems)
}

/** The parameters of a list, local `$ref`s resolved (to read their `name` and `in`). */
function parameterList(doc: OpenApiDocument, list: unknown): Array<Record<string, unknown>> {
  if (!Array.isArray(list)) return []
  return list.map((p) => {
    const ref = (p as { $ref?: unknown })?.$ref
    const resolved = typeof ref === 'string' ? valueAt(doc, pointerSegments(ref)) : p
    return (resolved && typeof resolved === 'object' ? resolved : {}) as Record<string, unknown>
  })
}

function zodProblems(error: z.ZodError, at: string[], problems: SpecProblem[]): void {
  for (const issue of error.issues)
    problems.push({
      pointer: toPointer([...at, ...issue.path.map(String)]),
      message: `\`${[at[at.length - 1], ...issue.path].join('.')}\`: ${issue.message}`,
      ruleId: 'openapi-invalid',
    })
}

function entries(value: unknown): Array<[string, unknown]> {
  return value && typeof value === 'object' && !Array.isArray(value) ? Object.entries(value) : []
}

function field(value: unknown, key: string): unknown {
  return value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined
}

function valueAt(root: unknown, segments: string[]): unknown {
  let node = root
  for (const s of segments) node = field(node, s)
  return node
}
