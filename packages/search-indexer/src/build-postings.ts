/**
 * Indexes the sections into the compact index (`index-codec.ts`): what MiniSearch's `addAll`
 * followed by `toJSON` gives, without MiniSearch.
 *
 * MiniSearch's `add` inserts every token into a radix tree, which took most of the build time
 * on large sites (about 1 µs a token, 5 million tokens for 10,000 pages). Counting into plain
 * Maps and arrays is several times faster; `test/build-postings.test.ts` checks that the
 * decoded result equals MiniSearch's own `toJSON`.
 *
 * Large sites can also cap each term's postings (static index pruning): a term found in tens of
 * thousands of sections keeps only the sections where it weighs most, which bounds both the
 * file size and the query time.
 */
import { encodePostings, encodeTerms, type CompactIndex, type Postings } from './index-codec.js'
import type { IndexedDocument, IndexedField } from './format.js'

export interface BuildPostingsOptions {
  fields: readonly IndexedField[]
  tokenize: (text: string) => string[]
  processTerm: (term: string, field?: string) => string | string[] | null
  /** Most sections kept per term and field; `Infinity` keeps all. */
  maxPostings: number
}

// BM25 constants of MiniSearch 7 (`defaultBM25params`), used to rank postings when pruning.
const K = 1.2
const B = 0.7

/** Indexes `documents` (their `i` must be 0, 1, 2, …). */
export function buildPostings(
  documents: readonly IndexedDocument[],
  options: BuildPostingsOptions,
): CompactIndex {
  const { fields, tokenize, processTerm, maxPostings } = options
  // term -> per field -> postings. Documents come in increasing order, so each postings list
  // is two parallel arrays (document, frequency) appended to, not a Map.
  const terms = new Map<string, Array<Postings | undefined>>()
  const fieldLength: number[] = []
  const averageFieldLength: number[] = fields.map(() => 0)

  const add = (term: string, fieldId: number, shortId: number, count: number) => {
    let byField = terms.get(term)
    if (!byField) terms.set(term, (byField = []))
    const postings = (byField[fieldId] ??= { ids: [], frequencies: [] })
    const last = postings.ids.length - 1
    if (postings.ids[last] === shortId) postings.frequencies[last]! += count
    else {
      postings.ids.push(shortId)
      postings.frequencies.push(count)
    }
  }

  documents.forEach((document, shortId) => {
    if (document.i !== shortId) throw new Error(`Document ${shortId} has id ${document.i}`)
    fields.forEach((field, fieldId) => {
      // Count each distinct token once: the number of distinct tokens is MiniSearch's length.
      const counts = new Map<string, number>()
      for (const token of tokenize(document[field])) counts.set(token, (counts.get(token) ?? 0) + 1)
      const length = counts.size
      fieldLength.push(length)
      // The same running average as MiniSearch's `addFieldLength`, for identical floats.
      averageFieldLength[fieldId] =
        (averageFieldLength[fieldId]! * shortId + length) / (shortId + 1)
      for (const [token, count] of counts) {
        const processed = processTerm(token, field)
        if (processed === null) continue
        if (typeof processed === 'string') add(processed, fieldId, shortId, count)
        else for (const term of processed) add(term, fieldId, shortId, count)
      }
    })
  })

  // Sorted terms let the browser find prefixes by binary search without sorting (query.ts).
  const sorted = [...terms.keys()].sort()
  const postings = sorted.map((term) => {
    const byField = terms.get(term)!
    byField.forEach((list, fieldId) => {
      if (list && list.ids.length > maxPostings) {
        prune(
          list,
          maxPostings,
          (id) => fieldLength[id * fields.length + fieldId]!,
          averageFieldLength[fieldId]!,
        )
      }
    })
    return encodePostings(byField)
  })
  return {
    documentCount: documents.length,
    averageFieldLength,
    fieldLength,
    terms: encodeTerms(sorted),
    postings: postings.join('\n'),
  }
}

/** Keeps the `max` postings with the highest BM25 term weight, in document order. */
function prune(
  postings: Postings,
  max: number,
  lengthOf: (id: number) => number,
  averageLength: number,
): void {
  const { ids, frequencies } = postings
  const weights = ids.map((id, k) => {
    const frequency = frequencies[k]!
    return (frequency * (K + 1)) / (frequency + K * (1 - B + (B * lengthOf(id)) / averageLength))
  })
  const kept = ids
    .map((_, k) => k)
    .sort((a, b) => weights[b]! - weights[a]! || a - b)
    .slice(0, max)
    .sort((a, b) => a - b)
  postings.ids = kept.map((k) => ids[k]!)
  postings.frequencies = kept.map((k) => frequencies[k]!)
}
