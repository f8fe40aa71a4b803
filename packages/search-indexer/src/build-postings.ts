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
import { capReserving, type Reserve } from './cap.js'

export { capLevels } from './cap.js'

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
  return exactPostings(collectPostings(documents, options), options)
}

/** The compact index of collected postings, lengths exact, each field capped at `maxPostings`. */
export function exactPostings(
  collected: CollectedPostings,
  options: { fields: readonly unknown[]; maxPostings: number },
): CompactIndex {
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

/**
 * The terms of counted fields, numbered: fields hold numbers, not strings, so that collecting
 * the postings of many pages indexes arrays instead of hashing millions of strings. Kept from
 * build to build with the pages counted against it (`IndexedPage`).
 */
export class TermTable {
  private ids: Map<string, number> | null = null

  constructor(
    readonly terms: string[] = [],
    /**
     * The numbers of the first `order.length` terms in the order of the terms (`<`), when known:
     * those are then found by a binary search, and only the others are put in a map (an edit
     * numbers one page's terms; a map of the 100,000 terms of a 10,000-page site cost 0.1 s).
     */
    private readonly order?: Int32Array,
  ) {}

  /** The term's number, a new one if the table does not hold it yet. */
  id(term: string): number {
    const order = this.order
    if (order) {
      let low = 0
      let high = order.length
      while (low < high) {
        const middle = (low + high) >>> 1
        const at = this.terms[order[middle]!]!
        if (at === term) return order[middle]!
        if (at < term) low = middle + 1
        else high = middle
      }
    }
    if (!this.ids) {
      const from = order?.length ?? 0
      this.ids = new Map()
      for (let k = from; k < this.terms.length; k++) this.ids.set(this.terms[k]!, k)
    }
    let id = this.ids.get(term)
    if (id === undefined) this.ids.set(term, (id = this.terms.push(term) - 1))
    return id
  }
}

/** The numbers of `terms` in the order of the terms (`TermTable`'s `order`). */
export function termOrder(terms: readonly string[]): Int32Array {
  return Int32Array.from(terms.keys()).sort((a, b) =>
    terms[a]! < terms[b]! ? -1 : terms[a]! > terms[b]! ? 1 : 0,
  )
}

/**
 * Documents counted, flat: for each document and each of its fields, the field's length
 * (distinct tokens, MiniSearch's length), the number n of terms it indexes under, then n pairs
 * of a term's number (in a `TermTable`) and the count of its tokens. What `collectPostings` is
 * made of, and what a build keeps of each page for the next (`IndexedPage`): counting is most
 * of the indexing time, and numbers in one array cost the garbage collector nothing.
 */
export type Counts = Int32Array

/** Appends the counts of one document's fields (see `Counts`) to `out`. */
export function countFields(
  document: IndexedDocument,
  options: Omit<BuildPostingsOptions, 'maxPostings'>,
  table: TermTable,
  out: number[],
): void {
  const { fields, tokenize, processTerm } = options
  for (const field of fields) {
    // Count each distinct token once: the number of distinct tokens is MiniSearch's length.
    const counts = new Map<string, number>()
    for (const token of tokenize(document[field])) counts.set(token, (counts.get(token) ?? 0) + 1)
    const byTerm = new Map<number, number>()
    const add = (term: string, count: number) => {
      const id = table.id(term)
      byTerm.set(id, (byTerm.get(id) ?? 0) + count)
    }
    for (const [token, count] of counts) {
      const processed = processTerm(token, field)
      if (processed === null) continue
      if (typeof processed === 'string') add(processed, count)
      else for (const term of processed) add(term, count)
    }
    out.push(counts.size, byTerm.size)
    for (const [id, count] of byTerm) out.push(id, count)
  }
}

/** Counts the terms of `documents` (their `i` must be 0, 1, 2, …). */
export function collectPostings(
  documents: readonly IndexedDocument[],
  options: Omit<BuildPostingsOptions, 'maxPostings'>,
): CollectedPostings {
  const table = new TermTable()
  const out: number[] = []
  documents.forEach((document, shortId) => {
    if (document.i !== shortId) throw new Error(`Document ${shortId} has id ${document.i}`)
    countFields(document, options, table, out)
  })
  return collectCounted([Int32Array.from(out)], options.fields.length, table)
}

/**
 * The postings of counted documents (see `Counts`), numbered 0, 1, 2, … in the order of the
 * arrays and within each.
 */
export function collectCounted(
  documents: readonly Counts[],
  fieldCount: number,
  table: TermTable,
): CollectedPostings {
  const { documentCount, fieldLength, averageFieldLength } = fieldLengths(documents, fieldCount)
  // Two passes: the postings of each term and field counted, then placed in one array each for
  // documents and frequencies (millions of small arrays grown one push at a time cost seconds).
  const slots = new Int32Array(table.terms.length * fieldCount + 1)
  for (const counts of documents) {
    for (let at = 0; at < counts.length;) {
      for (let fieldId = 0; fieldId < fieldCount; fieldId++) {
        const n = counts[at + 1]!
        at += 2
        for (let k = 0; k < n; k++, at += 2) slots[counts[at]! * fieldCount + fieldId]!++
      }
    }
  }
  const start = new Int32Array(slots.length)
  for (let k = 1; k < slots.length; k++) start[k] = start[k - 1]! + slots[k - 1]!
  const total = start[slots.length - 1]!
  const ids = new Int32Array(total)
  const frequencies = new Int32Array(total)
  const filled = start.slice()
  let shortId = 0
  for (const counts of documents) {
    for (let at = 0; at < counts.length;) {
      for (let fieldId = 0; fieldId < fieldCount; fieldId++) {
        const n = counts[at + 1]!
        at += 2
        for (let k = 0; k < n; k++, at += 2) {
          const slot = counts[at]! * fieldCount + fieldId
          const p = filled[slot]!++
          ids[p] = shortId
          frequencies[p] = counts[at + 1]!
        }
      }
      shortId++
    }
  }
  const terms = new Map<string, Array<Postings | undefined>>()
  for (let id = 0; id < table.terms.length; id++) {
    const byField = fieldPostings({ slots, start, ids, frequencies }, id * fieldCount, fieldCount)
    if (byField) terms.set(table.terms[id]!, byField)
  }
  return { documentCount, terms, fieldLength, averageFieldLength }
}

/** Postings filled slot by slot: slot `s` holds `slots[s]` entries of `ids` from `start[s]`. */
export interface FilledSlots {
  slots: Int32Array
  start: Int32Array
  ids: Int32Array
  frequencies: Int32Array
}

/**
 * One term's postings per field, cut from filled slots (its fields' slots start at `first`);
 * undefined when no field holds any.
 */
export function fieldPostings(
  filled: FilledSlots,
  first: number,
  fieldCount: number,
): Array<Postings | undefined> | undefined {
  let byField: Array<Postings | undefined> | undefined
  for (let f = 0; f < fieldCount; f++) {
    const count = filled.slots[first + f]!
    if (count === 0) continue
    byField ??= []
    const from = filled.start[first + f]!
    byField[f] = {
      ids: Array.from(filled.ids.subarray(from, from + count)),
      frequencies: Array.from(filled.frequencies.subarray(from, from + count)),
    }
  }
  return byField
}

/** The documents' field lengths and their averages (see `CollectedPostings`), and their number. */
export function fieldLengths(
  documents: readonly Counts[],
  fieldCount: number,
): Pick<CollectedPostings, 'documentCount' | 'fieldLength' | 'averageFieldLength'> {
  const fieldLength: number[] = []
  const averageFieldLength: number[] = Array.from({ length: fieldCount }, () => 0)
  let shortId = 0
  for (const counts of documents) {
    for (let at = 0; at < counts.length;) {
      for (let fieldId = 0; fieldId < fieldCount; fieldId++) {
        const length = counts[at]!
        at += 2 + counts[at + 1]! * 2
        fieldLength.push(length)
        // The same running average as MiniSearch's `addFieldLength`, for identical floats.
        averageFieldLength[fieldId] =
          (averageFieldLength[fieldId]! * shortId + length) / (shortId + 1)
      }
      shortId++
    }
  }
  return { documentCount: shortId, fieldLength, averageFieldLength }
}

/**
 * Every term's postings with folded weights (see `LEVELS` in `index-codec.ts`), sorted by term,
 * each field capped at `maxPostings`. The average lengths are rounded to steps of about 2%
 * (`foldingAverage`), so that an edit elsewhere in the site rarely changes a posting's level.
 */
export function foldPostings(
  collected: Pick<CollectedPostings, 'terms'> & {
    fieldLength: ArrayLike<number>
    averageFieldLength: readonly number[]
  },
  options: {
    fields: readonly unknown[]
    maxPostings: number
    /** How many postings below the cap to keep aside (`Reserve`); none by default. */
    reserve?: number
  },
): Array<[string, Array<LevelPostings | undefined>, Reserve | undefined]> {
  const { fields, maxPostings, reserve = 0 } = options
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
      return { ids: list.ids, levels }
    })
    return [term, ...capReserving(byField, maxPostings, reserve)]
  })
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
