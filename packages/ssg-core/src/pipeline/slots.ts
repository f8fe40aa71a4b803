import { randomBytes } from 'node:crypto'

/**
 * Per-build values in pages (the build id, the search files' URLs: every page carries them) as
 * slots: a page is rendered once with placeholders, and its document is that template with the
 * values filled in. The manifest keeps where each value landed, so that when only the values
 * change (a change elsewhere in the site), a page's new document is its previous one with the
 * values replaced, not a new render (#2, item 7).
 */
export interface Slots {
  /** Placeholders to render with, one per value: letters and digits, unchanged by any escaping. */
  tokens: string[]
  nonce: string
}

/**
 * The nonce's letters: uppercase letters that are rare in HTML. Searching a 140 KB document for a
 * piece of the nonce is 40 times faster than with hex digits (the search skips ahead on a letter
 * that is not in the piece), and every page is searched for 17 pieces.
 */
const NONCE_LETTERS = 'QXZJKVWY'
const NONCE_LENGTH = 24
/** Length of the nonce pieces a document is searched for (see `leftover`). */
const PIECE = 8

export function createSlots(count: number): Slots {
  const nonce = [...randomBytes(NONCE_LENGTH)].map((b) => NONCE_LETTERS[b & 7]).join('')
  return { nonce, tokens: Array.from({ length: count }, (_, i) => `ssgslot${nonce}v${i}z`) }
}

/**
 * The document from a template rendered with `slots.tokens`: each token replaced by its value,
 * and where each value starts in the document's UTF-8 bytes (`[offset, value index, …]`). Null
 * when the theme did not pass a value through whole (a piece of a token is left): render with
 * the values.
 */
export function fillSlots(
  template: string,
  slots: Slots,
  values: string[],
): { text: string; positions: number[] } | null {
  const prefix = `ssgslot${slots.nonce}v`
  const positions: number[] = []
  // The template's own text and the values, alternating.
  const pieces: string[] = []
  let bytes = 0
  let last = 0
  for (let at = template.indexOf(prefix); at !== -1; at = template.indexOf(prefix, last)) {
    const end = template.indexOf('z', at + prefix.length)
    const digits = end === -1 ? '' : template.slice(at + prefix.length, end)
    const index = /^\d{1,3}$/.test(digits) ? Number(digits) : values.length
    if (index >= values.length) return null
    const before = template.slice(last, at)
    bytes += Buffer.byteLength(before)
    positions.push(bytes, index)
    bytes += Buffer.byteLength(values[index]!)
    pieces.push(before, values[index]!)
    last = end + 1
  }
  pieces.push(template.slice(last))
  for (let i = 0; i < pieces.length; i += 2) if (leftover(pieces[i]!, slots.nonce)) return null
  return { text: pieces.join(''), positions }
}

/**
 * Whether any piece of a placeholder is left in the template's own text (a theme printed part of
 * a value): the prefix, or 8 characters of the nonce. A false alarm (a page about this very word)
 * only costs a render.
 */
function leftover(text: string, nonce: string): boolean {
  if (text.includes('ssgslot')) return true
  for (let i = 0; i + PIECE <= nonce.length; i++)
    if (text.includes(nonce.slice(i, i + PIECE))) return true
  return false
}

/**
 * A previous document (bytes) with new values in its slots, as pieces to write, and the values'
 * new positions; null when the document does not hold the previous values where recorded.
 * Bytes, not text: 10,000 documents of 136 KB are not decoded and encoded again.
 */
export function refillSlots(options: {
  bytes: Uint8Array
  positions: number[]
  previous: string[]
  values: string[]
}): { chunks: Uint8Array[]; positions: number[] } | null {
  const { bytes, positions } = options
  const previous = options.previous.map((v) => Buffer.from(v))
  const values = options.values.map((v) => Buffer.from(v))
  const chunks: Uint8Array[] = []
  const next: number[] = []
  let size = 0
  let last = 0
  for (let k = 0; k < positions.length; k += 2) {
    const at = positions[k]!
    const index = positions[k + 1]!
    const old = previous[index]
    const value = values[index]
    if (!old || !value || at < last || at + old.length > bytes.length) return null
    if (Buffer.compare(bytes.subarray(at, at + old.length), old) !== 0) return null
    chunks.push(bytes.subarray(last, at), value)
    size += at - last
    next.push(size, index)
    size += value.length
    last = at + old.length
  }
  chunks.push(bytes.subarray(last))
  return { chunks, positions: next }
}
