/**
 * Indexes the sections into postings: what MiniSearch's `addAll` followed by `toJSON` gives,
 * without MiniSearch, in the compact form of `index-codec.ts`.
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
import {
  encodePostings,
  encodeTerms,
  termWeight,
  weightLevel,
  type CompactIndex,
  type LevelPostings,
  type Postings,
} from './index-codec.js'
import type { IndexedDocument, IndexedField } from './format.js'

export interface BuildPostingsOptions {
  fields: readonly IndexedField[]
  tokenize: (text: string) => string[]
  processTerm: (term: string, field?: string) => string | string[] | null
  /** Most sections kept per term and field; `Infinity` keeps all. */
  maxPostings: number
}

/** Every term's postings per field (frequencies), and every section's field lengths. */
export interface CollectedPostings {
  documentCount: number
  /** Term -> per field (by field number) -> postings, documents in increasing order. */
  terms: Map<string, Array<Postings | undefined>>
  /** Distinct tokens per document and field, flat: document d, field f at `d * fields + f`. */
  fieldLength: number[]
  averageFieldLength: number[]
}

/** Indexes `documents` (their `i` must be 0, 1, 2, …) into the compact index, lengths exact. */
export function buildPostings(
  documents: readonly IndexedDocument[],
  options: BuildPostingsOptions,
): CompactIndex {
  const collected = collectPostings(documents, options)
  const { fields, maxPostings } = options
  const { fieldLength, averageFieldLength } = collected
  // Sorted terms let the browser find prefixes by binary search without sorting (query.ts).
  const sorted = [...collected.terms.keys()].sort()
  const postings = sorted.map((term) => {
    const byField = collected.terms.get(term)!
    byField.forEach((list, fieldId) => {
      if (!list || list.ids.length <= maxPostings) return
      const length = (id: number) => fieldLength[id * fields.length + fieldId]!
      const average = averageFieldLength[fieldId]!
      const weights = list.ids.map((id, k) => termWeight(list.frequencies[k]!, length(id), average))
      const kept = strongest(weights, maxPostings)
      list.ids = kept.map((k) => list.ids[k]!)
      list.frequencies = kept.map((k) => list.frequencies[k]!)
    })
    return encodePostings(byField)
  })
  return {
    documentCount: collected.documentCount,
    averageFieldLength,
    fieldLength,
    terms: encodeTerms(sorted),
    postings: postings.join('\n'),
  }
}

/** Counts the terms of `documents` (their `i` must be 0, 1, 2, …). */
export function collectPostings(
  documents: readonly IndexedDocument[],
  options: Omit<BuildPostingsOptions, 'maxPostings'>,
): CollectedPostings {
  const { fields, tokenize, processTerm } = options
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
  return { documentCount: documents.length, terms, fieldLength, averageFieldLength }
}

/**
 * Every term's postings with folded weights (see `LEVELS` in `index-codec.ts`), sorted by term,
 * each field capped at `maxPostings`. The average lengths are rounded to steps of about 2%
 * (`foldingAverage`), so that an edit elsewhere in the site rarely changes a posting's level.
 */
export function foldPostings(
  collected: CollectedPostings,
  options: { fields: readonly unknown[]; maxPostings: number },
): Array<[string, Array<LevelPostings | undefined>]> {
  const { fields, maxPostings } = options
  const averages = collected.averageFieldLength.map(foldingAverage)
  return [...collected.terms.keys()].sort().map((term) => {
    const byField = collected.terms.get(term)!.map((list, fieldId) => {
      if (!list) return undefined
      const levels = list.ids.map((id, k) =>
        weightLevel(
          termWeight(
            list.frequencies[k]!,
            collected.fieldLength[id * fields.length + fieldId]!,
            averages[fieldId]!,
          ),
        ),
      )
      return capLevels({ ids: list.ids, levels }, maxPostings)
    })
    return [term, byField]
  })
}

/** The postings with the `max` highest levels (the earlier document first among equals). */
export function capLevels(postings: LevelPostings, max: number): LevelPostings {
  if (postings.ids.length <= max) return postings
  const kept = strongest(postings.levels, max)
  return { ids: kept.map((k) => postings.ids[k]!), levels: kept.map((k) => postings.levels[k]!) }
}

/** An average field length rounded to a step of 2^(1/32) (about 2%). */
export function foldingAverage(average: number): number {
  return average > 0 ? 2 ** (Math.round(Math.log2(average) * 32) / 32) : 1
}

/** The positions of the `max` highest weights, in increasing order (ties: the earlier first). */
function strongest(weights: readonly number[], max: number): number[] {
  return weights
    .map((_, k) => k)
    .sort((a, b) => weights[b]! - weights[a]! || a - b)
    .slice(0, max)
    .sort((a, b) => a - b)
}
