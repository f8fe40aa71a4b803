/**
 * Scores a planned query without MiniSearch's search: the same BM25 scores, sums and order as
 * `MiniSearch#search` followed by `rankResults` (query.ts), computed from postings held as
 * arrays into typed arrays reused from query to query, instead of a result object, an array and
 * a match object per section and term. On 50,000 sections a prefix being typed touches
 * thousands of sections per term, and those allocations (and collecting them) were most of a
 * query's time. Only the best `limit` sections are sorted; the matched terms of a section are
 * worked out when it is shown. Browser-safe. `test/score.test.ts` checks the results against
 * MiniSearch 7.2.0's `search` on the same index.
 */
import type { TermPostings } from './index-codec.js'

/** A term's data in the index: its postings as arrays. */
export type TermData = TermPostings

/** One searched term of a typed term's group: exact, or fuzzy too (`fuzzy`: MiniSearch's). */
export interface PlannedTerm {
  term: string
  boost: number
  fuzzy: number | false
}

/** What {@link Scorer.search} needs of a query plan (`QueryPlan` in query.ts). */
export interface ScoredPlan {
  /** One group per typed term, ORed (or ANDed) together. */
  groups: ReadonlyArray<ReadonlyArray<PlannedTerm>>
  /** Searched term -> index of the typed term it stands for. */
  origin: ReadonlyMap<string, number>
}

export interface ScoringOptions {
  /**
   * `AND`: only sections that match every typed term (in the order they were first matched,
   * where MiniSearch would order ties by the last term).
   */
  combineWith: 'OR' | 'AND'
  /** Score multiplier per field. */
  boost: Partial<Record<string, number>>
  weights: { fuzzy: number }
  maxFuzzy: number
}

/** A section among the results: its id, its score, and the index terms it matched. */
export interface Hit {
  id: number
  score: number
  /** The index terms the section matched (for the snippet), worked out on demand. */
  terms(): string[]
}

export interface Scorer {
  /** The best `limit` sections for `plan`, best first (ties in MiniSearch's order). */
  search(plan: ScoredPlan, options: ScoringOptions, limit: number): Hit[]
}

/** MiniSearch's default BM25 parameters (`MiniSearch.getDefault('searchOptions')`). */
export const BM25_PARAMS = { k: 1.2, b: 0.7, d: 0.5 }

/** What the scorer reads: the terms, and the documents' field lengths for BM25. */
export interface ScoringIndex {
  /** The terms (a MiniSearch `SearchableMap`: exact and fuzzy lookups). */
  terms: {
    get(term: string): TermData | undefined
    fuzzyGet(term: string, distance: number): Map<string, [TermData, number]>
  }
  /** Field names; a field's number is its position. */
  fields: readonly string[]
  /** Number of indexed documents (BM25's N). */
  documentCount: number
  /** Per document number: 1 when it is indexed (numbers no page holds are 0). */
  live: Uint8Array
  /** Field lengths, document d and field f at `d * fields.length + f`; null: all 1. */
  lengths: ArrayLike<number> | null
  /** Per field, the average length (all 1 with `lengths` null). */
  averageLengths: readonly number[]
}

/** A scorer over `index` (its terms may grow; its documents must not change). */
export function createScorer(index: ScoringIndex): Scorer {
  const { k, b, d } = BM25_PARAMS
  const { fields, live } = index
  const width = fields.length
  const fieldIds = fields.map((_, field) => field)
  const size = live.length
  // k * (1 - b + b * length / average) of each document and field: BM25's length norm, as
  // MiniSearch computes it.
  const norms = new Float64Array(size * width)
  for (let doc = 0; doc < size; doc++) {
    for (let field = 0; field < width; field++) {
      const length = index.lengths ? index.lengths[doc * width + field]! : 1
      norms[doc * width + field] = k * (1 - b + (b * length) / index.averageLengths[field]!)
    }
  }
  const documentCount = index.documentCount
  const terms = index.terms

  // Per document: the sums of the current term, of the current group and of the query; which
  // term, group and query last touched it; how many distinct searched terms it matched, and
  // which typed terms (a bit each).
  const termSums = new Float64Array(size)
  const groupSums = new Float64Array(size)
  const sums = new Float64Array(size)
  const termStamps = new Uint32Array(size)
  const groupStamps = new Uint32Array(size)
  const stamps = new Uint32Array(size)
  const sumStamps = new Uint32Array(size)
  const matched = new Uint16Array(size)
  const groupsMatched = new Uint16Array(size)
  const typedBits = new Int32Array(size)
  const firsts = new Float64Array(size)
  let termTouched = new Int32Array(1024)
  let groupTouched = new Int32Array(1024)
  let touched = new Int32Array(1024)
  let termCount = 0
  let groupCount = 0
  let count = 0
  let stamp = 0
  const grow = (list: Int32Array) => {
    const bigger = new Int32Array(list.length * 2)
    bigger.set(list)
    return bigger
  }

  return {
    search(plan, options, limit) {
      stamp += 1
      const query = stamp
      const scored: Array<[term: string, data: TermPostings]> = []
      const boosts = fields.map((field) => options.boost[field] || 1)
      // A searched term in two groups counts once per section (MiniSearch's `queryTerms`).
      const seen = new Map<string, number>()
      const repeated = new Map<string, Set<number>>()
      for (const group of plan.groups)
        for (const { term } of group) seen.set(term, (seen.get(term) ?? 0) + 1)
      for (const [term, times] of seen) if (times > 1) repeated.set(term, new Set())

      /** Adds one index term's postings, as MiniSearch's `termResults`. */
      const addTerm = (found: TermData | undefined, weight: number, term: string) => {
        if (!found) return
        const data = found
        scored.push([term, data])
        for (let f = 0; f < fieldIds.length; f++) {
          const field = fieldIds[f]!
          const postings = data[field]
          if (!postings) continue
          const { ids, frequencies } = postings
          let matching = ids.length
          let idf = Math.log(1 + (documentCount - matching + 0.5) / (matching + 0.5))
          const factor = weight * boosts[f]!
          for (let p = 0; p < ids.length; p++) {
            const doc = ids[p]!
            const frequency = frequencies[p]!
            if (live[doc] !== 1) {
              // MiniSearch counts the term in one document less from there on.
              matching -= 1
              idf = Math.log(1 + (documentCount - matching + 0.5) / (matching + 0.5))
              continue
            }
            const raw =
              idf * (d + (frequency * (k + 1)) / (frequency + norms[doc * width + field]!))
            const score = factor * raw
            if (termStamps[doc] !== stamp) {
              termStamps[doc] = stamp
              termSums[doc] = score
              if (termCount === termTouched.length) termTouched = grow(termTouched)
              termTouched[termCount++] = doc
            } else termSums[doc] += score
          }
        }
      }

      for (const group of plan.groups) {
        stamp += 1
        const groupStamp = stamp
        groupCount = 0
        for (const { term, boost, fuzzy } of group) {
          stamp += 1
          termCount = 0
          addTerm(terms.get(term), boost, term)
          if (fuzzy !== false) {
            const distance =
              fuzzy < 1 ? Math.min(options.maxFuzzy, Math.round(term.length * fuzzy)) : fuzzy
            if (distance) {
              for (const [near, [data, edits]] of terms.fuzzyGet(term, distance)) {
                if (!edits) continue
                addTerm(
                  data,
                  ((options.weights.fuzzy * near.length) / (near.length + edits)) * boost,
                  near,
                )
              }
            }
          }
          const bit = 1 << ((plan.origin.get(term) ?? 0) % 31)
          const docs = repeated.get(term)
          for (let j = 0; j < termCount; j++) {
            const doc = termTouched[j]!
            if (groupStamps[doc] !== groupStamp) {
              groupStamps[doc] = groupStamp
              groupSums[doc] = termSums[doc]!
              if (groupCount === groupTouched.length) groupTouched = grow(groupTouched)
              groupTouched[groupCount++] = doc
            } else groupSums[doc] += termSums[doc]!
            if (stamps[doc] !== query) {
              stamps[doc] = query
              matched[doc] = 0
              typedBits[doc] = 0
              groupsMatched[doc] = 0
            }
            if (!docs || !docs.has(doc)) {
              matched[doc] += 1
              docs?.add(doc)
            }
            typedBits[doc] |= bit
          }
        }
        for (let j = 0; j < groupCount; j++) {
          const doc = groupTouched[j]!
          groupsMatched[doc] += 1
          if (sumStamps[doc] !== query) {
            sumStamps[doc] = query
            sums[doc] = groupSums[doc]!
            if (count === touched.length) touched = grow(touched)
            touched[count++] = doc
          } else sums[doc] += groupSums[doc]!
        }
      }
      return best(limit, scored, options.combineWith === 'AND' ? plan.groups.length : 0)
    },
  }

  /** The best `limit` touched documents, sorted as MiniSearch and `rankResults` sort them. */
  function best(
    limit: number,
    scored: ReadonlyArray<[string, TermPostings]>,
    groups: number,
  ): Hit[] {
    if (groups > 0) {
      // AND: the sections every group matched.
      let kept = 0
      for (let j = 0; j < count; j++) {
        if (groupsMatched[touched[j]!]! >= groups) touched[kept++] = touched[j]!
      }
      count = kept
    }
    const n = count
    count = 0
    // MiniSearch multiplies by the distinct searched terms matched (`quality`); `rankResults`
    // divides that back out and multiplies by the distinct typed terms.
    const scores = new Float64Array(n)
    for (let j = 0; j < n; j++) {
      const doc = touched[j]!
      const quality = matched[doc]! || 1
      firsts[doc] = sums[doc]! * quality
      scores[j] = (firsts[doc]! / Math.max(1, matched[doc]!)) * popCount(typedBits[doc]!)
    }
    const order: number[] = []
    const threshold = n > limit ? kthLargest(Float64Array.from(scores), limit) : -Infinity
    for (let j = 0; j < n; j++) if (scores[j]! >= threshold) order.push(j)
    order.sort(
      (x, y) => scores[y]! - scores[x]! || firsts[touched[y]!]! - firsts[touched[x]!]! || x - y,
    )
    return order.slice(0, limit).map((j) => {
      const doc = touched[j]!
      return {
        id: doc,
        score: scores[j]!,
        terms: () => termsOf(doc, scored),
      }
    })
  }

  /** The index terms among `scored` that `doc` has in some field (MiniSearch's `terms`). */
  function termsOf(doc: number, scored: ReadonlyArray<[string, TermPostings]>): string[] {
    const terms: string[] = []
    for (const [term, data] of scored) {
      if (terms.includes(term)) continue
      for (const field of fieldIds) {
        if (data[field]?.ids.includes(doc)) {
          terms.push(term)
          break
        }
      }
    }
    return terms
  }
}

function popCount(bits: number): number {
  let n = 0
  for (let v = bits >>> 0; v !== 0; v &= v - 1) n++
  return n
}

/** The `k`-th largest value of `values` (1-based; `values` is reordered). Quickselect. */
export function kthLargest(values: Float64Array, k: number): number {
  let low = 0
  let high = values.length - 1
  const target = k - 1
  while (low < high) {
    const pivot = values[(low + high) >>> 1]!
    let i = low
    let j = high
    while (i <= j) {
      while (values[i]! > pivot) i++
      while (values[j]! < pivot) j--
      if (i <= j) {
        const swap = values[i]!
        values[i++] = values[j]!
        values[j--] = swap
      }
    }
    if (target <= j) high = j
    else if (target >= i) low = i
    else return values[target]!
  }
  return values[target]!
}
