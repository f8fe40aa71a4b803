import type { ApiModel } from '../model.js'
import { hasFields, mergeAllOf } from '../model.js'
import type { Schema } from '../types.js'
import { call, group, keyed, pascal, print, type Doc, type GroupStyle } from './layout.js'
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

const STYLE: GroupStyle = { indent: '    ', trailingComma: true, allman: true }
const WIDTH = 100

/** The name of a typed model for an object schema: its component name, or an identifier title. */
export function typeName(schema: Schema | undefined, model: ApiModel): string | undefined {
  if (!schema || !hasFields(schema)) return undefined
  const name = model.nameOf(schema) ?? schema.title
  return name && /^[A-Z]\w*$/.test(name) ? name : undefined
}

/** A JSON value as a C# expression of its schema's type, and that type's name. */
export function csValue(
  value: unknown,
  schema: Schema | undefined,
  model: ApiModel,
): { doc: Doc; type: string } {
  const s = pickSchema(schema, value)
  if (typeof value === 'string') {
    if (s?.format === 'date-time')
      return { doc: `DateTimeOffset.Parse(${JSON.stringify(value)})`, type: 'DateTimeOffset' }
    return { doc: JSON.stringify(value), type: 'string' }
  }
  if (typeof value === 'number')
    return { doc: String(value), type: Number.isInteger(value) ? 'int' : 'double' }
  if (typeof value === 'boolean') return { doc: String(value), type: 'bool' }
  if (value === null || typeof value !== 'object') return { doc: 'null', type: 'object' }
  if (Array.isArray(value)) {
    const items = value.map((v) => csValue(v, itemSchema(s), model))
    const types = new Set(items.map((i) => i.type))
    const type = types.size === 1 ? [...types][0]! : 'object'
    return {
      doc: collection(
        `new List<${type}>`,
        items.map((i) => i.doc),
      ),
      type: `List<${type}>`,
    }
  }
  const name = typeName(s, model)
  if (name) return { doc: objectOf(name, value as Record<string, unknown>, s, model), type: name }
  const entries = Object.entries(value).map(([k, v]) => ({
    key: k,
    ...csValue(v, propertySchema(s, k), model),
  }))
  const types = new Set(entries.map((e) => e.type))
  const type = types.size === 1 && types.has('string') ? 'string' : 'object'
  return {
    doc: collection(
      `new Dictionary<string, ${type}>`,
      entries.map((e) => keyed(`[${JSON.stringify(e.key)}]`, ' = ', e.doc)),
    ),
    type: `Dictionary<string, ${type}>`,
  }
}

/** `new Name { Field = value, ... }` for a typed model. */
export function objectOf(
  name: string,
  value: Record<string, unknown>,
  schema: Schema | undefined,
  model: ApiModel,
): Doc {
  const merged = schema ? mergeAllOf(schema) : undefined
  return collection(
    `new ${name}`,
    Object.entries(value).map(([k, v]) =>
      keyed(pascal(k), ' = ', csValue(v, merged?.properties?.[k], model).doc),
    ),
  )
}

function collection(open: string, members: Doc[]): Doc {
  if (members.length === 0) return open + '()'
  return group({ open, close: '', flatOpen: open + ' { ', flatClose: ' }', members, style: STYLE })
}

/** The C# SDK sample: an async call with a typed request object. */
export function csharpSample(input: SampleInput): string | null {
  if (!input.sdk) return null
  const info = sdkInfo(input, 'csharp')
  const fields = requestFields(input)
  const args: Doc[] = input.pathArgs.map((p) => JSON.stringify(p.value))
  if (input.body && fields === null) {
    args.push(csValue(input.body.value, input.body.schema, input.model).doc)
  } else if (fields?.length) {
    const type = requestType(input, 'csharp')
    if (!type) return null
    args.push(
      collection(
        `new ${type}`,
        fields.map((f) =>
          keyed(pascal(f.name), ' = ', csValue(f.value, f.schema, input.model).doc),
        ),
      ),
    )
  }
  const path = methodPath(input, 'csharp').map(pascal)
  const callee =
    'client.' +
    path
      .slice(0, -1)
      .concat(path[path.length - 1] + 'Async')
      .join('.')
  const plan = printPlan(input)
  const result = resultName(input)
  const prefix = input.response.void || !plan ? 'await ' : `var ${result} = await `
  const callText =
    prefix +
    print(call(callee, args, { indent: '    ', trailingComma: false, closeInline: true }, ');'), {
      indent: '',
      column: prefix.length,
      width: WIDTH,
    })
  const namespace = info.namespace ?? 'Sdk'
  const client = info.client ?? 'Client'
  const usings = ['using System;']
  if (/\b(List|Dictionary)</.test(callText)) usings.push('using System.Collections.Generic;')
  usings.push(`using ${namespace};`, `using ${namespace}.Models;`)
  const lines = [
    ...usings,
    '',
    `var client = new ${client}(new ${client}Options`,
    '{',
    `    ApiKey = Environment.GetEnvironmentVariable("${input.env}")!,`,
    '});',
    '',
    callText,
  ]
  if (plan) {
    const write = (v: string) =>
      plan.fields.length === 1
        ? `Console.WriteLine(${v}.${pascal(plan.fields[0]!)});`
        : `Console.WriteLine($"${plan.fields.map((f) => `{${v}.${pascal(f)}}`).join(' ')}");`
    lines.push('')
    if (plan.loop)
      lines.push(
        `foreach (var ${plan.loop.as} in ${result}.${pascal(plan.loop.each)})`,
        '{',
        `    ${write(plan.loop.as)}`,
        '}',
      )
    else lines.push(write(result))
  }
  return lines.join('\n')
}
