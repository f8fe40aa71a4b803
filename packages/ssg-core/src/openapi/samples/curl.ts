import { formatJson } from '../json.js'
import type { SampleInput } from './input.js'

const SAFE = /^[\w.~:/@,+-]*$/

/** The query pairs of a sample: arrays repeat the name, `dotted` objects become `name.key`. */
export function queryPairs(input: SampleInput): Array<[string, string]> {
  const pairs: Array<[string, string]> = []
  for (const q of input.query) {
    if (q.dotted && q.value && typeof q.value === 'object')
      for (const [key, value] of Object.entries(q.value))
        pairs.push([`${q.name}.${key}`, String(value)])
    else if (Array.isArray(q.value)) for (const v of q.value) pairs.push([q.name, String(v)])
    else pairs.push([q.name, String(q.value)])
  }
  return pairs
}

/**
 * A curl command: the URL (quoted when it has a query), the method unless GET, the key header,
 * the header parameters, and the JSON body (`-d '...'`, or a here-document when the JSON holds a
 * single quote). Query values that need encoding go through `-G --data-urlencode`.
 */
export function curlSample(input: SampleInput): string {
  const pairs = queryPairs(input)
  const plain = pairs.every(([k, v]) => SAFE.test(k) && SAFE.test(v))
  const args: string[] = []
  if (pairs.length && plain)
    args.push(`"${input.url}?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}"`)
  else args.push(input.url)
  if (pairs.length && !plain) args.push('-G')
  if (input.method !== 'GET') args.push(`-X ${input.method}`)
  if (input.auth) args.push(`-H "${input.auth.header}: $${input.env}"`)
  if (input.body) args.push(`-H "Content-Type: ${input.body.contentType}"`)
  for (const h of input.headers) args.push(`-H "${h.name}: ${h.value}"`)
  if (pairs.length && !plain) for (const [k, v] of pairs) args.push(`--data-urlencode "${k}=${v}"`)
  let heredoc = ''
  if (input.body) {
    const json =
      typeof input.body.value === 'string' && !/json/.test(input.body.contentType)
        ? input.body.value
        : formatJson(input.body.value, { width: 90 })
    if (json.includes("'")) {
      args.push(`--data @- <<'EOF'`)
      heredoc = `\n${json}\nEOF`
    } else args.push(`-d '${json.replace(/\n/g, '\n  ')}'`)
  }
  return 'curl ' + args.join(' \\\n  ') + heredoc
}
