import { call, flat, group, keyed, print, snake, type Doc, type GroupStyle } from './layout.js'
import {
  methodPath,
  printPlan,
  requestFields,
  resultName,
  sdkInfo,
  type SampleInput,
} from './input.js'

const STYLE: GroupStyle = { indent: '    ', trailingComma: true }
const WIDTH = 88

/** A JSON value as a Python literal (double quotes, `True`, `None`). */
export function pyValue(value: unknown): Doc {
  if (typeof value === 'string') return JSON.stringify(value)
  if (value === null) return 'None'
  if (typeof value === 'boolean') return value ? 'True' : 'False'
  if (typeof value !== 'object') return String(value)
  if (Array.isArray(value))
    return group({ open: '[', close: ']', members: value.map(pyValue), style: STYLE })
  return group({
    open: '{',
    close: '}',
    members: Object.entries(value).map(([k, v]) => keyed(JSON.stringify(k), ': ', pyValue(v))),
    style: STYLE,
  })
}

/** The Python SDK sample: keyword arguments, as Black lays them out. */
export function pythonSample(input: SampleInput): string | null {
  if (!input.sdk) return null
  const info = sdkInfo(input, 'python')
  const module = info.package ?? 'sdk'
  const fields = requestFields(input)
  const positional: Doc[] = input.pathArgs.map((p) => JSON.stringify(p.value))
  const keywords: Doc[] = []
  if (input.body && fields === null) positional.push(pyValue(input.body.value))
  else for (const f of fields ?? []) keywords.push(keyed(f.name, '=', pyValue(f.value)))
  const callee = 'client.' + methodPath(input, 'python').map(snake).join('.')
  const plan = printPlan(input)
  const result = resultName(input)
  const prefix = input.response.void || !plan ? '' : `${result} = `
  const args = [...positional, ...keywords]
  // One dictionary argument opens in place; keyword arguments go one a line (Black).
  const onlyDict = keywords.length === 0 && positional.length > 0
  const doc: Doc = onlyDict
    ? call(callee, positional, STYLE)
    : group({ open: callee + '(', close: ')', members: args, style: STYLE })
  const one = flat(doc)
  const callText =
    one !== null && prefix.length + one.length <= WIDTH
      ? one
      : print(onlyDict ? doc : ({ ...(doc as object), broken: true } as Doc), {
          indent: '',
          column: prefix.length,
          width: WIDTH,
        })
  const lines = [
    'import os',
    '',
    `import ${module}`,
    '',
    `client = ${module}.${info.client ?? 'Client'}(api_key=os.environ["${input.env}"])`,
    '',
    prefix + callText,
  ]
  if (plan) {
    const fieldList = (v: string) => plan.fields.map((f) => `${v}.${snake(f)}`).join(', ')
    lines.push('')
    if (plan.loop)
      lines.push(
        `for ${plan.loop.as} in ${result}.${snake(plan.loop.each)}:`,
        `    print(${fieldList(plan.loop.as)})`,
      )
    else lines.push(`print(${fieldList(result)})`)
  }
  return lines.join('\n')
}
