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

export function createSlots(count: number): Slots {
  const nonce = randomBytes(9).toString('hex')
  return { nonce, tokens: Array.from({ length: count }, (_, i) => `ssgslot${nonce}v${i}z`) }
}

/**
 * The document from a template rendered with `slots.tokens`: each token replaced by its value,
 * and where each value starts in the result (`[offset, value index, …]`). Null when the theme
 * did not pass a value through whole (a piece of a token is left): render with the values.
 */
export function fillSlots(
  template: string,
  slots: Slots,
  values: string[],
): { text: string; positions: number[] } | null {
  const pattern = new RegExp(`ssgslot${slots.nonce}v(\\d+)z`, 'g')
  const positions: number[] = []
  let text = ''
  let last = 0
  for (const match of template.matchAll(pattern)) {
    const index = Number(match[1])
    if (index >= values.length) return null
    text += template.slice(last, match.index)
    positions.push(text.length, index)
    text += values[index]!
    last = match.index + match[0].length
  }
  text += template.slice(last)
  return leftover(text, slots.nonce) ? null : { text, positions }
}

/**
 * Whether any piece of a placeholder is left (a theme printed part of a value): the prefix, or
 * 8 characters of the nonce. A false alarm (a page about this very word) only costs a render.
 */
function leftover(text: string, nonce: string): boolean {
  if (text.includes('ssgslot')) return true
  for (let i = 0; i + 8 <= nonce.length; i++) if (text.includes(nonce.slice(i, i + 8))) return true
  return false
}

/**
 * A previous document with new values in its slots, and their new positions; null when the
 * document does not hold the previous values where its positions say.
 */
export function refillSlots(options: {
  text: string
  positions: number[]
  previous: string[]
  values: string[]
}): { text: string; positions: number[] } | null {
  const { text, positions, previous, values } = options
  const next: number[] = []
  let out = ''
  let last = 0
  for (let k = 0; k < positions.length; k += 2) {
    const at = positions[k]!
    const index = positions[k + 1]!
    const old = previous[index]
    const value = values[index]
    if (old === undefined || value === undefined || at < last || !text.startsWith(old, at))
      return null
    out += text.slice(last, at)
    next.push(out.length, index)
    out += value
    last = at + old.length
  }
  return { text: out + text.slice(last), positions: next }
}
