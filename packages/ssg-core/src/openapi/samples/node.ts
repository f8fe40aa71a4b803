import { call, group, isIdentifier, keyed, print, type Doc, type GroupStyle } from './layout.js'
import {
  methodPath,
  printPlan,
  requestFields,
  resultName,
  sdkInfo,
  type SampleInput,
} from './input.js'

const STYLE: GroupStyle = { indent: '  ', trailingComma: true }
const WIDTH = 100

/** A string literal as Prettier writes it: single quotes, unless the text has more of them. */
const jsString = (value: string) => {
  const quote = value.includes("'") && !value.includes('"') ? '"' : "'"
  const escaped = value
    .replace(/\\/g, '\\\\')
    .replace(/\n/g, '\\n')
    .replace(new RegExp(quote, 'g'), '\\' + quote)
  return quote + escaped + quote
}

/** A JSON value as a JavaScript literal (single quotes, bare keys, trailing commas). */
export function jsValue(value: unknown): Doc {
  if (typeof value === 'string') return jsString(value)
  if (value === null || typeof value !== 'object') return String(value)
  if (Array.isArray(value))
    return group({ open: '[', close: ']', members: value.map(jsValue), style: STYLE })
  return group({
    open: '{',
    close: '}',
    flatOpen: '{ ',
    flatClose: ' }',
    members: Object.entries(value).map(([k, v]) =>
      keyed(isIdentifier(k) ? k : jsString(k), ': ', jsValue(v)),
    ),
    style: STYLE,
  })
}

const line = (prefix: string, doc: Doc) =>
  prefix + print(doc, { indent: '', column: prefix.length, width: WIDTH })

/** The Node SDK sample: `const x = await client.resource.method(args)`. */
export function nodeSample(input: SampleInput): string | null {
  if (!input.sdk) return null
  const info = sdkInfo(input, 'node')
  const fields = requestFields(input)
  const args: Doc[] = input.pathArgs.map((p) => jsString(p.value))
  if (input.body && fields === null) args.push(jsValue(input.body.value))
  else if (fields?.length)
    args.push(jsValue(Object.fromEntries(fields.map((f) => [f.name, f.value]))))
  const callee = 'client.' + methodPath(input, 'node').join('.')
  const plan = printPlan(input)
  const result = resultName(input)
  const lines = [
    `import { ${info.client ?? 'Client'} } from '${info.package ?? 'sdk'}'`,
    '',
    `const client = new ${info.client ?? 'Client'}({ apiKey: process.env.${input.env}! })`,
    '',
    line(
      input.response.void || !plan ? 'await ' : `const ${result} = await `,
      call(callee, args, STYLE),
    ),
  ]
  if (plan) {
    const fields = (v: string) => plan.fields.map((f) => `${v}.${f}`).join(', ')
    lines.push('')
    if (plan.loop)
      lines.push(
        `for (const ${plan.loop.as} of ${result}.${plan.loop.each}) {`,
        `  console.log(${fields(plan.loop.as)})`,
        '}',
      )
    else lines.push(`console.log(${fields(result)})`)
  }
  return lines.join('\n')
}
