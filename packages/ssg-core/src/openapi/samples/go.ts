import type { ApiModel } from '../model.js'
import { mergeAllOf } from '../model.js'
import type { Schema } from '../types.js'
import { typeName } from './csharp.js'
import { call, flat, group, keyed, print, words, type Doc, type GroupStyle } from './layout.js'
import {
  itemSchema,
  methodPath,
  pickSchema,
  printPlan,
  propertySchema,
  requestFields,
  requestType,
  resultName,
  sdkInfo,
  type SampleInput,
} from './input.js'

const STYLE: GroupStyle = { indent: '\t', trailingComma: true, alignKeys: true }
const WIDTH = 100
const INITIALISMS = new Set([
  'id',
  'ip',
  'url',
  'uri',
  'api',
  'json',
  'http',
  'https',
  'uuid',
  'sql',
  'html',
  'tls',
])

/** `destination_url` -> `DestinationURL`, `ipAddresses` -> `IPAddresses` (Go's initialisms). */
export function goName(name: string): string {
  return words(name)
    .map((w) => (INITIALISMS.has(w) ? w.toUpperCase() : w[0]!.toUpperCase() + w.slice(1)))
    .join('')
}

/** A JSON value as a Go composite literal of the SDK's types (`pkg.Type{...}`, maps, slices). */
export function goValue(
  value: unknown,
  schema: Schema | undefined,
  model: ApiModel,
  pkg: string,
  options: { elideType?: boolean } = {},
): { doc: Doc; type: string } {
  const s = pickSchema(schema, value)
  if (typeof value === 'string') return { doc: JSON.stringify(value), type: 'string' }
  if (typeof value === 'number')
    return { doc: String(value), type: Number.isInteger(value) ? 'int' : 'float64' }
  if (typeof value === 'boolean') return { doc: String(value), type: 'bool' }
  if (value === null || typeof value !== 'object') return { doc: 'nil', type: 'any' }
  if (Array.isArray(value)) {
    const named = typeName(itemSchema(s), model)
    // Elements of a slice literal leave their type out (gofmt -s).
    const items = value.map((v) => goValue(v, itemSchema(s), model, pkg, { elideType: true }))
    const types = new Set(items.map((i) => i.type))
    const type = named ? `${pkg}.${named}` : types.size === 1 ? [...types][0]! : 'any'
    return {
      doc: literal(
        `[]${type}`,
        items.map((i) => i.doc),
      ),
      type: `[]${type}`,
    }
  }
  const name = typeName(s, model)
  if (name) {
    const merged = s ? mergeAllOf(s) : undefined
    const members = Object.entries(value).map(([k, v]) =>
      keyed(goName(k), ': ', goValue(v, merged?.properties?.[k], model, pkg).doc),
    )
    return {
      doc: literal(options.elideType ? '' : `${pkg}.${name}`, members),
      type: `${pkg}.${name}`,
    }
  }
  const entries = Object.entries(value).map(([k, v]) => ({
    key: k,
    ...goValue(v, propertySchema(s, k), model, pkg),
  }))
  const types = new Set(entries.map((e) => e.type))
  const type = `map[string]${types.size === 1 && types.has('string') ? 'string' : 'any'}`
  return {
    doc: literal(
      options.elideType ? '' : type,
      entries.map((e) => keyed(JSON.stringify(e.key), ': ', e.doc)),
    ),
    type,
  }
}

function literal(type: string, members: Doc[]): Doc {
  return group({ open: type + '{', close: '}', members, style: STYLE })
}

/** The Go SDK sample: a `main` package with the call and its error checks. */
export function goSample(input: SampleInput): string | null {
  if (!input.sdk) return null
  const info = sdkInfo(input, 'go')
  const module = info.package ?? 'example.com/sdk'
  const pkg = info.client ?? module.split('/').pop()!.replace(/-go$/, '').replace(/\W/g, '')
  const fields = requestFields(input)
  const args: Doc[] = ['ctx', ...input.pathArgs.map((p) => JSON.stringify(p.value))]
  if (input.body && fields === null)
    args.push(goValue(input.body.value, input.body.schema, input.model, pkg).doc)
  else if (fields?.length) {
    const type = requestType(input, 'go')
    if (!type) return null
    const members = fields.map((f) =>
      keyed(goName(f.name), ': ', goValue(f.value, f.schema, input.model, pkg).doc),
    )
    args.push(literal(`&${pkg}.${type}`, members))
  } else if (
    input.model.operations.get(input.operationId)?.parameters.some((p) => p.in === 'query')
  )
    args.push('nil')
  const callee = 'client.' + methodPath(input, 'go').map(goName).join('.')
  const plan = printPlan(input)
  const result = resultName(input)
  const indent = '\t'
  const body: string[] = []
  const doc = call(callee, args, { indent: '\t', trailingComma: true })
  if (input.response.void || !plan) {
    const one = flat(doc)
    if (one !== null && one.length + 30 <= WIDTH)
      body.push(
        `${indent}if err := ${one}; err != nil {`,
        `${indent}\tlog.Fatal(err)`,
        `${indent}}`,
      )
    else
      body.push(
        indent + 'err = ' + print(doc, { indent, column: 10, width: WIDTH }),
        `${indent}if err != nil {`,
        `${indent}\tlog.Fatal(err)`,
        `${indent}}`,
      )
  } else {
    const prefix = `${result}, err := `
    body.push(
      indent + prefix + print(doc, { indent, column: 4 + prefix.length, width: WIDTH }),
      `${indent}if err != nil {`,
      `${indent}\tlog.Fatal(err)`,
      `${indent}}`,
    )
  }
  if (plan) {
    const fieldList = (v: string) => plan.fields.map((f) => `${v}.${goName(f)}`).join(', ')
    body.push('')
    if (plan.loop)
      body.push(
        `${indent}for _, ${plan.loop.as} := range ${result}.${goName(plan.loop.each)} {`,
        `${indent}\tfmt.Println(${fieldList(plan.loop.as)})`,
        `${indent}}`,
      )
    else body.push(`${indent}fmt.Println(${fieldList(result)})`)
  }
  const imports = ['context', ...(plan ? ['fmt'] : []), 'log', 'os']
  return [
    'package main',
    '',
    'import (',
    ...imports.map((i) => `\t"${i}"`),
    '',
    `\t"${module}"`,
    ')',
    '',
    'func main() {',
    '\tctx := context.Background()',
    `\tclient, err := ${pkg}.NewClient(${pkg}.WithAPIKey(os.Getenv("${input.env}")))`,
    '\tif err != nil {',
    '\t\tlog.Fatal(err)',
    '\t}',
    '',
    ...body,
    '}',
  ].join('\n')
}
