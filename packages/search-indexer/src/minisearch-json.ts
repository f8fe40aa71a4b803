/**
 * Writes the MiniSearch 7 serialised index (`toJSON()`, serialisation version 2) directly.
 *
 * MiniSearch's own `add` inserts every token into a radix tree, which took most of the build
 * time on large sites (about 1 µs a token, 5 million tokens for 10,000 pages). A plain `Map`
 * produces the same JSON several times faster; `test/minisearch-json.test.ts` checks that the
 * result loads into MiniSearch and equals what `MiniSearch#addAll` + `toJSON` give.
 *
 * Large sites can also cap each term's postings (static index pruning): a term found in tens of
 * thousands of sections keeps only the sections where it weighs most, which bounds both the
 * file size and the query time. The cap is far above what a site of a few hundred pages
 * reaches, so small sites keep every posting.
 */
import type { IndexedDocument, IndexedField } from './format.js'

export interface MiniSearchJsonOptions {
  fields: readonly IndexedField[]
  tokenize: (text: string) => string[]
  processTerm: (term: string) => string | string[] | null
  /** Most sections kept per term and field; `Infinity` keeps all. */
  maxPostings: number
}

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

// BM25 constants of MiniSearch 7 (`defaultBM25params`), used to rank postings when pruning.
const K = 1.2
const B = 0.7

/** Indexes `documents` (their `i` must be 0, 1, 2, …) into MiniSearch's serialised form. */
export function toMiniSearchJson(
  documents: readonly IndexedDocument[],
  options: MiniSearchJsonOptions,
): MiniSearchJson {
  const { fields, tokenize, processTerm, maxPostings } = options
  const fieldIds: Record<string, number> = {}
  fields.forEach((field, id) => (fieldIds[field] = id))
  // term -> per field -> postings. Documents come in increasing order, so each postings list
  // is two parallel arrays (document, frequency) appended to, not a Map.
  const terms = new Map<string, Array<Postings | undefined>>()
  const fieldLength: Record<string, number[]> = {}
  const averageFieldLength: number[] = fields.map(() => 0)
  const documentIds: Record<string, number> = {}

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
    documentIds[shortId] = document.i
    const lengths: number[] = []
    fields.forEach((field, fieldId) => {
      // Count each distinct token once: its number of distinct tokens is MiniSearch's length.
      const counts = new Map<string, number>()
      for (const token of tokenize(document[field])) counts.set(token, (counts.get(token) ?? 0) + 1)
      const length = counts.size
      lengths[fieldId] = length
      // The same running average as MiniSearch's `addFieldLength`, for identical floats.
      averageFieldLength[fieldId] =
        (averageFieldLength[fieldId]! * shortId + length) / (shortId + 1)
      for (const [token, count] of counts) {
        const processed = processTerm(token)
        if (processed === null) continue
        if (typeof processed === 'string') add(processed, fieldId, shortId, count)
        else for (const term of processed) add(term, fieldId, shortId, count)
      }
    })
    fieldLength[shortId] = lengths
  })

  const index: MiniSearchJson['index'] = []
  // Sorted terms let the browser find prefixes by binary search without sorting (query.ts).
  for (const term of [...terms.keys()].sort()) {
    const byField = terms.get(term)!
    const data: Record<string, Record<string, number>> = {}
    byField.forEach((postings, fieldId) => {
      if (!postings) return
      if (postings.ids.length > maxPostings) {
        prune(postings, maxPostings, fieldId, fieldLength, averageFieldLength[fieldId]!)
      }
      const entry: Record<string, number> = {}
      postings.ids.forEach((id, k) => (entry[id] = postings.frequencies[k]!))
      data[fieldId] = entry
    })
    index.push([term, data])
  }
  return {
    documentCount: documents.length,
    nextId: documents.length,
    documentIds,
    fieldIds,
    fieldLength,
    averageFieldLength,
    storedFields: {},
    dirtCount: 0,
    index,
    serializationVersion: 2,
  }
}

interface Postings {
  ids: number[]
  frequencies: number[]
}

/** Keeps the `max` postings with the highest BM25 term weight, in document order. */
function prune(
  postings: Postings,
  max: number,
  fieldId: number,
  fieldLength: Record<string, number[]>,
  averageLength: number,
): void {
  const { ids, frequencies } = postings
  const weight = (k: number) => {
    const length = fieldLength[ids[k]!]![fieldId]!
    const frequency = frequencies[k]!
    return (frequency * (K + 1)) / (frequency + K * (1 - B + (B * length) / averageLength))
  }
  const weights = ids.map((_, k) => weight(k))
  const kept = ids
    .map((_, k) => k)
    .sort((a, b) => weights[b]! - weights[a]! || a - b)
    .slice(0, max)
    .sort((a, b) => a - b)
  postings.ids = kept.map((k) => ids[k]!)
  postings.frequencies = kept.map((k) => frequencies[k]!)
}
