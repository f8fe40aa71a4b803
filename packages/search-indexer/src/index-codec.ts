/**
 * The compact form of the index file, and its decoding into MiniSearch's serialised index
 * (`toJSON()`, serialisation version 2) for `MiniSearch.loadJS`. Browser-safe.
 *
 * MiniSearch's JSON spells each posting as `"1042":1` inside an object per term and field, and
 * maps every document id to itself. Here document ids are implicit, and a term's postings are
 * one string per field: the field number, then per document the gap from the previous one as a
 * variable-length base-32 number (`gap * 2 + 1` when a frequency above 1 follows, likewise
 * encoded). The docs site's index is 40% smaller gzipped than MiniSearch's JSON.
 */

/** The shape `MiniSearch.loadJS` reads (`AsPlainObject`, version 2). */
export interface MiniSearchJson {
  documentCount: number
  nextId: number
  documentIds: Record<string, number>
  fieldIds: Record<string, number>
  fieldLength: Record<string, number[]>
  averageFieldLength: number[]
  storedFields: Record<string, never>
  dirtCount: number
  index: Array<[string, Record<string, Record<string, number>>]>
  serializationVersion: 2
}

/** The index as stored in `search-index-<timestamp>.json` (under `index`). */
export interface CompactIndex {
  documentCount: number
  /** Per field, the average number of distinct tokens (MiniSearch's `averageFieldLength`). */
  averageFieldLength: number[]
  /** Distinct tokens per document and field, flat: document d, field f at `d * fields + f`. */
  fieldLength: number[]
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

/** Decodes one term's postings into MiniSearch's `{field: {document: frequency}}`. */
export function decodePostings(encoded: string): Record<string, Record<string, number>> {
  const byField: Record<string, Record<string, number>> = {}
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
    const postings: Record<string, number> = {}
    byField[encoded[at++]!] = postings
    let id = 0
    while (at < encoded.length && encoded[at] !== ' ') {
      const value = readNumber()
      id += Math.floor(value / 2)
      postings[id] = value % 2 === 1 ? readNumber() : 1
    }
    at++ // the space between fields
  }
  return byField
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

/** Expands the compact index into what `MiniSearch.loadJS` reads. */
export function decodeIndex(compact: CompactIndex, fields: readonly string[]): MiniSearchJson {
  const { documentCount, fieldLength: flat } = compact
  const terms = decodeTerms(compact.terms)
  const postings = compact.postings === '' ? [] : compact.postings.split('\n')
  if (terms.length !== postings.length || flat.length !== documentCount * fields.length) {
    throw new Error('The search index is damaged (its lengths do not match); rebuild the site')
  }
  const documentIds: Record<string, number> = {}
  const fieldLength: Record<string, number[]> = {}
  for (let d = 0; d < documentCount; d++) {
    documentIds[d] = d
    fieldLength[d] = flat.slice(d * fields.length, (d + 1) * fields.length)
  }
  const fieldIds: Record<string, number> = {}
  fields.forEach((field, id) => (fieldIds[field] = id))
  return {
    documentCount,
    nextId: documentCount,
    documentIds,
    fieldIds,
    fieldLength,
    averageFieldLength: compact.averageFieldLength,
    storedFields: {},
    dirtCount: 0,
    index: terms.map((term, k) => [term, decodePostings(postings[k]!)]),
    serializationVersion: 2,
  }
}
