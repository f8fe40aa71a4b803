/**
 * The compact form of the index file, and its decoding into the arrays `score.ts` reads.
 * Browser-safe. (`test/minisearch.ts` turns it into MiniSearch's serialised index, to check the
 * scores against MiniSearch's.)
 *
 * MiniSearch's JSON spells each posting as `"1042":1` inside an object per term and field, and
 * maps every document id to itself. Here document ids are implicit, and a term's postings are
 * one string per field: the field number, then per document the gap from the previous one as a
 * variable-length base-32 number (`gap * 2 + 1` when a frequency above 1 follows, likewise
 * encoded). The docs site's index is 40% smaller gzipped than MiniSearch's JSON.
 */

/** The index as stored in `search-index-<timestamp>.json` (under `index`). */
export interface CompactIndex {
  documentCount: number
  /** Per field, the average number of distinct tokens (MiniSearch's `averageFieldLength`). */
  averageFieldLength: number[]
  /** Distinct tokens per document and field, flat: document d, field f at `d * fields + f`. */
  fieldLength: number[]
  /**
   * `folded` (split indexes): no field lengths; each posting carries its BM25 term weight as a
   * level (see {@link encodeLevelPostings}) instead of a frequency. A table of 50,000 sections'
   * lengths was 130 KB gzip, which every reader of a large site downloaded first.
   */
  norms?: 'folded'
  /** Every term, sorted, one a line, front-coded by {@link encodeTerms}. */
  terms: string
  /** Postings of each term, one a line, each encoded by {@link encodePostings}. */
  postings: string
}

/** One field's postings: increasing document numbers and their term frequencies. */
export interface Postings {
  ids: number[]
  frequencies: number[]
}

// Digits of the variable-length numbers: the first 32 end a number, the last 32 carry 5 bits
// and continue. All are safe in JSON strings without escaping.
const DIGITS = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_'
const VALUES = new Int8Array(128).fill(-1)
for (let k = 0; k < DIGITS.length; k++) VALUES[DIGITS.charCodeAt(k)] = k

/** A number as variable-length base-32 digits (the last digit below 32). */
export function writeNumber(value: number): string {
  let out = ''
  while (value >= 32) {
    out += DIGITS[32 + (value & 31)]
    value = Math.floor(value / 32)
  }
  return out + DIGITS[value]
}

/** Encodes a term's postings per field (`undefined` for fields without the term). */
export function encodePostings(byField: ReadonlyArray<Postings | undefined>): string {
  const parts: string[] = []
  byField.forEach((postings, fieldId) => {
    if (!postings || postings.ids.length === 0) return
    if (fieldId > 9) throw new Error('The search index format allows at most 10 fields')
    let out = String(fieldId)
    let previous = 0
    postings.ids.forEach((id, k) => {
      const frequency = postings.frequencies[k]!
      out += writeNumber((id - previous) * 2 + (frequency > 1 ? 1 : 0))
      if (frequency > 1) out += writeNumber(frequency)
      previous = id
    })
    parts.push(out)
  })
  return parts.join(' ')
}

/**
 * Levels of a folded posting's weight. MiniSearch scores a posting `idf * (d + w)`, where
 * `w = tf * (k + 1) / (tf + k * (1 - b + b * length / averageLength))` lies in `[0, k + 1)`. A
 * split index stores `w` in 64 levels (one digit) and hands MiniSearch the frequency that gives
 * it back with every length equal to the average: the length no longer needs a table. The
 * error is under 1% of a term's score.
 */
export const LEVELS = 64

/** MiniSearch 7's default BM25 constants (`defaultBM25params`). */
export const BM25 = { k: 1.2, b: 0.7 }

/** A posting's weight `w` (see {@link LEVELS}). */
export function termWeight(frequency: number, length: number, averageLength: number): number {
  const { k, b } = BM25
  return (frequency * (k + 1)) / (frequency + k * (1 - b + (b * length) / averageLength))
}

/** The level of a weight. */
export function weightLevel(weight: number): number {
  return Math.min(LEVELS - 1, Math.floor((weight / (BM25.k + 1)) * LEVELS))
}

/** The frequency MiniSearch gets for a level: its BM25 gives back the level's middle weight. */
const LEVEL_FREQUENCY = Array.from({ length: LEVELS }, (_, level) => {
  const { k } = BM25
  const weight = ((level + 0.5) / LEVELS) * (k + 1)
  return (weight * k) / (k + 1 - weight)
})

/** One field's postings with folded weights: increasing document numbers and their levels. */
export interface LevelPostings {
  ids: number[]
  levels: number[]
}

/**
 * Encodes a term's postings per field with folded weights: the field number, then per
 * document the gap from the previous one (variable-length) and the level (one digit).
 */
export function encodeLevelPostings(byField: ReadonlyArray<LevelPostings | undefined>): string {
  const parts: string[] = []
  byField.forEach((postings, fieldId) => {
    if (!postings || postings.ids.length === 0) return
    if (fieldId > 9) throw new Error('The search index format allows at most 10 fields')
    let out = String(fieldId)
    let previous = 0
    postings.ids.forEach((id, k) => {
      out += writeNumber(id - previous) + DIGITS[postings.levels[k]!]
      previous = id
    })
    parts.push(out)
  })
  return parts.join(' ')
}

/** Decodes {@link encodeLevelPostings} into per field `ids` and `levels`. */
export function decodeLevelPostings(encoded: string): Array<LevelPostings | undefined> {
  const byField: Array<LevelPostings | undefined> = []
  let at = 0
  while (at < encoded.length) {
    const postings: LevelPostings = { ids: [], levels: [] }
    byField[Number(encoded[at++])] = postings
    let id = 0
    while (at < encoded.length && encoded[at] !== ' ') {
      let value = 0
      let scale = 1
      let digit: number
      while ((digit = VALUES[encoded.charCodeAt(at++)] ?? -1) >= 32) {
        value += (digit - 32) * scale
        scale *= 32
      }
      const level = VALUES[encoded.charCodeAt(at++)] ?? -1
      if (digit < 0 || level < 0) throw new Error('The search index is damaged; rebuild the site')
      id += value + digit * scale
      postings.ids.push(id)
      postings.levels.push(level)
    }
    at++ // the space between fields
  }
  return byField
}

/** A term's postings in one field as arrays: documents and their frequencies, in index order. */
export interface FieldPostings {
  ids: Int32Array
  frequencies: Float64Array
}

/** A term's postings by field number (undefined for fields without): what `score.ts` reads. */
export type TermPostings = Array<FieldPostings | undefined>

/**
 * Decodes a term's postings straight into arrays: `folded` ones (a split index, see
 * {@link LEVELS}) with the frequency of their level, others with their frequency.
 */
export function decodeTermPostings(encoded: string, folded = true): TermPostings {
  if (folded) {
    return decodeLevelPostings(encoded).map((postings) =>
      postings
        ? {
            ids: Int32Array.from(postings.ids),
            frequencies: Float64Array.from(postings.levels, (level) => LEVEL_FREQUENCY[level]!),
          }
        : undefined,
    )
  }
  const byField: TermPostings = []
  let at = 0
  const readNumber = () => {
    let value = 0
    let scale = 1
    for (;;) {
      const digit = VALUES[encoded.charCodeAt(at++)] ?? -1
      if (digit < 0) throw new Error('The search index is damaged; rebuild the site')
      if (digit < 32) return value + digit * scale
      value += (digit - 32) * scale
      scale *= 32
    }
  }
  while (at < encoded.length) {
    const field = Number(encoded[at++])
    const ids: number[] = []
    const frequencies: number[] = []
    let id = 0
    while (at < encoded.length && encoded[at] !== ' ') {
      const value = readNumber()
      id += Math.floor(value / 2)
      ids.push(id)
      frequencies.push(value % 2 === 1 ? readNumber() : 1)
    }
    byField[field] = { ids: Int32Array.from(ids), frequencies: Float64Array.from(frequencies) }
    at++ // the space between fields
  }
  return byField
}

/** The numbers written one after the other by {@link writeNumber}. */
export function readNumbers(encoded: string): number[] {
  const numbers: number[] = []
  let value = 0
  let scale = 1
  for (let at = 0; at < encoded.length; at++) {
    const digit = VALUES[encoded.charCodeAt(at)] ?? -1
    if (digit < 0) throw new Error('The search index is damaged; rebuild the site')
    if (digit < 32) {
      numbers.push(value + digit * scale)
      value = 0
      scale = 1
    } else {
      value += (digit - 32) * scale
      scale *= 32
    }
  }
  return numbers
}

/**
 * Sorted terms, one a line, each as the length of the prefix it shares with the previous term
 * (one base-36 digit, at most 35) and the rest: `token`, `tokenize`, `tokens` -> `0token`,
 * `5ize`, `5s`.
 */
export function encodeTerms(terms: readonly string[]): string {
  let previous = ''
  return terms
    .map((term) => {
      let shared = 0
      const max = Math.min(term.length, previous.length, 35)
      while (shared < max && term[shared] === previous[shared]) shared++
      previous = term
      return shared.toString(36) + term.slice(shared)
    })
    .join('\n')
}

/** The terms of {@link encodeTerms}. */
export function decodeTerms(encoded: string): string[] {
  if (encoded === '') return []
  let previous = ''
  return encoded.split('\n').map((line) => {
    previous = previous.slice(0, parseInt(line[0]!, 36)) + line.slice(1)
    return previous
  })
}
