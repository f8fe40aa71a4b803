import { createHash } from 'node:crypto'

/** Short hex digest of strings or buffers, stable across runs. */
export function hash(...parts: Array<string | Uint8Array>): string {
  const h = createHash('sha256')
  for (const part of parts) {
    h.update(part)
    h.update('\0')
  }
  return h.digest('hex').slice(0, 16)
}
