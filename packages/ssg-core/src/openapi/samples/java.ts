import type { ApiModel } from '../model.js'
import { mergeAllOf } from '../model.js'
import type { Schema } from '../types.js'
import { typeName } from './csharp.js'
import { call, camel, group, pascal, print, type Doc, type GroupStyle } from './layout.js'
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

/** Arguments continue 8 spaces in, the closing parenthesis follows the last one. */
const ARGS: GroupStyle = {
  indent: '    ',
  memberIndent: '        ',
  trailingComma: false,
  closeInline: true,
}
/** Builder chains: one `.field(value)` a line, no commas. */
const CHAIN: GroupStyle = { ...ARGS, separator: '' }
const WIDTH = 110

/** A JSON value as a Java expression: builders for typed models, `Map.of`, `List.of`. */
export function javaValue(value: unknown, schema: Schema | undefined, model: ApiModel): Doc {
  const s = pickSchema(schema, value)
  if (typeof value === 'string')
    return s?.format === 'date-time'
      ? `OffsetDateTime.parse(${JSON.stringify(value)})`
      : JSON.stringify(value)
  if (value === null || typeof value !== 'object') return String(value)
  if (Array.isArray(value))
    return group({
      open: 'List.of(',
      close: ')',
      members: value.map((v) => javaValue(v, itemSchema(s), model)),
      style: ARGS,
    })
  const name = typeName(s, model)
  if (name) return builder(name, value as Record<string, unknown>, s, model)
  const entries = Object.entries(value)
  if (entries.length > 10)
    return group({
      open: 'Map.ofEntries(',
      close: ')',
      members: entries.map(([k, v]) => [
        `Map.entry(${JSON.stringify(k)}, `,
        javaValue(v, propertySchema(s, k), model),
        ')',
      ]),
      style: ARGS,
    })
  return group({
    open: 'Map.of(',
    close: ')',
    members: entries.map(([k, v]) => [
      JSON.stringify(k) + ', ',
      javaValue(v, propertySchema(s, k), model),
    ]),
    style: ARGS,
  })
}

/** `Name.builder().field(value)...build()`. */
export function builder(
  name: string,
  value: Record<string, unknown>,
  schema: Schema | undefined,
  model: ApiModel,
): Doc {
  const merged = schema ? mergeAllOf(schema) : undefined
  return group({
    open: `${name}.builder()`,
    close: '',
    flatSeparator: '',
    members: [
      ...Object.entries(value).map(([k, v]) => [
        `.${camel(k)}(`,
        javaValue(v, merged?.properties?.[k], model),
        ')',
      ]),
      '.build()',
    ],
    style: CHAIN,
  })
}

/** The Java SDK sample: a class with a `main` method and a typed request builder. */
export function javaSample(input: SampleInput): string | null {
  if (!input.sdk) return null
  const info = sdkInfo(input, 'java')
  const pkg = info.package ?? 'com.example'
  const client = info.client ?? 'Client'
  const fields = requestFields(input)
  const args: Doc[] = input.pathArgs.map((p) => JSON.stringify(p.value))
  if (input.body && fields === null)
    args.push(javaValue(input.body.value, input.body.schema, input.model))
  else if (fields?.length) {
    const type = requestType(input, 'java')
    if (!type) return null
    const merged: Record<string, unknown> = Object.fromEntries(fields.map((f) => [f.name, f.value]))
    const schema: Schema = {
      type: 'object',
      properties: Object.fromEntries(fields.map((f) => [f.name, f.schema ?? {}])),
    }
    args.push(builder(type, merged, schema, input.model))
  }
  const path = methodPath(input, 'java').map(camel)
  const callee =
    'client.' +
    path
      .slice(0, -1)
      .map((p) => p + '()')
      .concat(path[path.length - 1]!)
      .join('.')
  const plan = printPlan(input)
  const result = resultName(input)
  const indent = '        '
  const prefix = input.response.void || !plan ? '' : `var ${result} = `
  const callText =
    indent +
    prefix +
    print(call(callee, args, ARGS, ');'), {
      indent,
      column: indent.length + prefix.length,
      width: WIDTH,
    })
  const imports = [`import ${pkg}.${client};`, `import ${pkg}.model.*;`]
  if (callText.includes('OffsetDateTime.')) imports.push('import java.time.OffsetDateTime;')
  if (callText.includes('List.of(')) imports.push('import java.util.List;')
  if (/Map\.(of|ofEntries)\(/.test(callText)) imports.push('import java.util.Map;')
  const lines = [
    ...imports,
    '',
    `public class ${pascal(input.operationId)} {`,
    '    public static void main(String[] args) throws Exception {',
    `        ${client} client = ${client}.builder()`,
    `                .apiKey(System.getenv("${input.env}"))`,
    '                .build();',
    '',
    callText,
  ]
  if (plan) {
    const getter = (v: string, f: string) => `${v}.get${pascal(f)}()`
    const out = (v: string) =>
      `System.out.println(${plan.fields.map((f) => getter(v, f)).join(' + " " + ')});`
    lines.push('')
    if (plan.loop)
      lines.push(
        `${indent}for (var ${plan.loop.as} : ${getter(result, plan.loop.each)}) {`,
        `${indent}    ${out(plan.loop.as)}`,
        `${indent}}`,
      )
    else lines.push(indent + out(result))
  }
  lines.push('    }', '}')
  return lines.join('\n')
}
