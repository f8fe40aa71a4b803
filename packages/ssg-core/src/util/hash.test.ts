import { createHash } from 'node:crypto'
import { expect, test } from 'vitest'
import { hash } from './hash.js'

/** Each part fed on its own, then a NUL: what `hash` must equal. */
function partByPart(...parts: Array<string | Uint8Array>): string {
  const h = createHash('sha256')
  for (const part of parts) h.update(part).update('\0')
  return h.digest('hex').slice(0, 16)
}

test('strings joined hash as fed one by one, around bytes and lone surrogates', () => {
  const cases: Array<Array<string | Uint8Array>> = [
    [],
    [''],
    ['a', 'b'],
    ['é\ud800', '\udc00x'],
    [Buffer.from('ab'), 'c', new Uint8Array([0xff])],
    ['x', new Uint8Array([1, 2]), ''],
  ]
  for (const parts of cases) expect(hash(...parts)).toBe(partByPart(...parts))
})
