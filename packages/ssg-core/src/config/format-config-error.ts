import type { z } from 'zod'
import { closest } from '../util/errors.js'

function describe(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'string') return `${JSON.stringify(value)} (string)`
  if (typeof value === 'object') return 'an object'
  return `${String(value)} (${typeof value})`
}

function keyPath(path: ReadonlyArray<PropertyKey>): string {
  let out = ''
  for (const part of path)
    out += typeof part === 'number' ? `[${part}]` : out ? `.${String(part)}` : String(part)
  return out || '(root)'
}

function valueAt(root: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let current: unknown = root
  for (const part of path) {
    if (current === null || typeof current !== 'object') return undefined
    current = (current as Record<PropertyKey, unknown>)[part]
  }
  return current
}

/** Known keys of the object schema at `path`, for "did you mean" hints. */
function knownKeys(schema: z.ZodType, path: ReadonlyArray<PropertyKey>): string[] {
  let current: unknown = schema
  const unwrap = (s: unknown): unknown => {
    let node = s as {
      def?: {
        type?: string
        innerType?: unknown
        getter?: () => unknown
        element?: unknown
        valueType?: unknown
      }
    }
    for (let i = 0; i < 10 && node?.def; i++) {
      const t = node.def.type
      if (t === 'optional' || t === 'default' || t === 'nullable' || t === 'prefault')
        node = node.def.innerType as typeof node
      else if (t === 'lazy' && node.def.getter) node = node.def.getter() as typeof node
      else break
    }
    return node
  }
  for (const part of path) {
    const node = unwrap(current) as {
      shape?: Record<string, unknown>
      def?: { type?: string; element?: unknown; valueType?: unknown }
    }
    if (node?.shape && typeof part === 'string') current = node.shape[part]
    else if (node?.def?.type === 'array') current = node.def.element
    else if (node?.def?.type === 'record') current = node.def.valueType
    else return []
  }
  const node = unwrap(current) as { shape?: Record<string, unknown> }
  return node?.shape ? Object.keys(node.shape) : []
}

/** One readable line (plus hints) per issue: key path, what was expected, what was received. */
export function formatSchemaIssues(options: {
  issues: z.core.$ZodIssue[]
  input: unknown
  schema: z.ZodType
}): string[] {
  const lines: string[] = []
  for (const issue of options.issues) {
    const path = keyPath(issue.path)
    const received = valueAt(options.input, issue.path)
    switch (issue.code) {
      case 'unrecognized_keys':
        for (const key of issue.keys) {
          const suggestion = closest(key, knownKeys(options.schema, issue.path))
          const full = keyPath([...issue.path, key])
          lines.push(
            `${full}: unknown key` + (suggestion ? `; did you mean \`${suggestion}\`?` : ''),
          )
          const known = knownKeys(options.schema, issue.path)
          if (!suggestion && known.length)
            lines.push(`    hint: allowed keys here: ${known.join(', ')}`)
        }
        break
      case 'invalid_type':
        lines.push(
          `${path}: expected ${issue.expected === 'int' ? 'an integer' : issue.expected}, received ${received === undefined ? 'nothing (the key is missing)' : describe(received)}`,
        )
        if (
          issue.expected === 'number' &&
          typeof received === 'string' &&
          received.trim() !== '' &&
          !Number.isNaN(Number(received))
        )
          lines.push(
            `    hint: write the number without quotes: ${String(issue.path.at(-1))}: ${received}`,
          )
        break
      case 'invalid_value':
        lines.push(
          `${path}: expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}, received ${describe(received)}`,
        )
        break
      case 'invalid_union':
        lines.push(`${path}: ${describe(received)} is not a valid value here (${issue.message})`)
        break
      case 'custom':
        // A refinement that names the value itself says so (`params: {showReceived: false}`).
        lines.push(
          `${path}: ${issue.message}${received === undefined || issue.params?.showReceived === false ? '' : `, received ${describe(received)}`}`,
        )
        break
      default:
        lines.push(
          `${path}: ${issue.message}${received === undefined ? '' : `, received ${describe(received)}`}`,
        )
    }
  }
  return lines
}
