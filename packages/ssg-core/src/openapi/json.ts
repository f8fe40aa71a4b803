/**
 * JSON as people write it in docs: two-space indentation, and a small object or array kept on
 * one line when it fits (`"metadata": { "plan": "gold" }`, `[{ "type": "code" }]`): its members
 * are plain values or hold only plain values.
 */
export function formatJson(value: unknown, options: { width?: number } = {}): string {
  const width = options.width ?? 100
  const print = (v: unknown, indent: string, prefix: number): string => {
    if (v === null || typeof v !== 'object') return JSON.stringify(v) ?? 'null'
    const isArray = Array.isArray(v)
    const entries = isArray ? (v as unknown[]).map((x) => [null, x] as const) : Object.entries(v)
    if (entries.length === 0) return isArray ? '[]' : '{}'
    // Plain values, or containers of plain values (one level: `{ "c": [1, 2] }`).
    const flat = entries.every(([, x]) => isPlain(x) || Object.values(x as object).every(isPlain))
    const member = ([key, x]: readonly [string | null, unknown], inner: string) =>
      (key === null ? '' : JSON.stringify(key) + ': ') +
      print(x, inner, inner.length + (key === null ? 0 : JSON.stringify(key).length + 2))
    if (flat) {
      const compact = isArray
        ? '[' + entries.map((e) => member(e, '')).join(', ') + ']'
        : '{ ' + entries.map((e) => member(e, '')).join(', ') + ' }'
      if (prefix + compact.length + 1 <= width) return compact
    }
    const inner = indent + '  '
    const lines = entries.map((e) => inner + member(e, inner))
    return (isArray ? '[' : '{') + '\n' + lines.join(',\n') + '\n' + indent + (isArray ? ']' : '}')
  }
  return print(value, '', 0)
}

function isPlain(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return true
  return Array.isArray(value) ? value.length === 0 : Object.keys(value).length === 0
}
