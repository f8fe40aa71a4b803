/**
 * The folded postings of the terms an edit touched (`updateFoldedTerms`), from the previous
 * build's encoded postings where they tell the answer, so that an edit does not collect the
 * postings of its page's common words from every page of the site.
 *
 * A field's postings are the `maxPostings` strongest (level, then the earlier document: see
 * `capLevels`) of all its postings. Fewer than `maxPostings` before the edit: they were all of
 * them, and all of them now are those without the changed pages' sections, with the changed
 * pages' postings now. As many: the strongest; when none of them is of a changed page, every
 * posting left out ranks below each of them and stays out, so the strongest now are among them
 * and the changed pages' postings now. Otherwise (a changed page was among the strongest, and
 * may leave room for one left out) the term's postings are collected from every page.
 */
import {
  capLevels,
  fieldPostings,
  foldPostings,
  type CollectedPostings,
  type TermTable,
} from './build-postings.js'
import {
  decodeLevelPostings,
  termWeight,
  weightLevel,
  type LevelPostings,
  type Postings,
} from './index-codec.js'
import { encodeTerm, firstAtOrAfter, type EncodedTerm } from './split.js'

/** The terms flagged in `flags` with their postings now, folded, encoded and sorted by term. */
export function foldChanged(options: {
  /** Every page's counts now, in order (read only when a term's postings are collected again). */
  documents: () => readonly Int32Array[]
  /** The positions of the changed pages (their number of sections unchanged). */
  changed: readonly number[]
  /** A changed page's counts now. */
  changedCounts: (page: number) => Int32Array
  /** Each page's number of sections, in order. */
  sectionCounts: readonly number[]
  /** The previous build's terms, sorted. */
  previous: readonly EncodedTerm[]
  flags: Uint8Array
  table: TermTable
  fieldCount: number
  maxPostings: number
  /** The number of sections. */
  documentCount: number
  /** The rounded average length of each field (`foldingAverage`). */
  averages: readonly number[]
}): EncodedTerm[] {
  const { documents, changed, flags, table, fieldCount, maxPostings, averages } = options
  // The first document of each changed page, and which documents are of changed pages.
  const ofChanged = new Uint8Array(options.documentCount)
  const firsts = new Map<number, number>()
  let document = 0
  const changedSet = new Set(changed)
  options.sectionCounts.forEach((count, page) => {
    if (changedSet.has(page)) {
      firsts.set(page, document)
      ofChanged.fill(1, document, document + count)
    }
    document += count
  })
  // The changed pages' postings now, with their levels, documents in order.
  const added = new Map<number, LevelPostings[]>()
  for (const page of [...changed].sort((a, b) => a - b)) {
    const counts = options.changedCounts(page)
    let id = firsts.get(page)!
    for (let at = 0; at < counts.length; id++) {
      for (let f = 0; f < fieldCount; f++) {
        const length = counts[at]!
        const n = counts[at + 1]!
        at += 2
        for (let k = 0; k < n; k++, at += 2) {
          const term = counts[at]!
          let byField = added.get(term)
          if (!byField) added.set(term, (byField = []))
          const list = (byField[f] ??= { ids: [], levels: [] })
          list.ids.push(id)
          list.levels.push(weightLevel(termWeight(counts[at + 1]!, length, averages[f]!)))
        }
      }
    }
  }
  const encoded: EncodedTerm[] = []
  const again = new Uint8Array(flags.length)
  let collectAgain = false
  flags.forEach((flag, id) => {
    if (flag !== 1) return
    const term = table.terms[id]!
    const before = find(options.previous, term)
    const was = before ? decodeLevelPostings(before.postings) : []
    const now = added.get(id) ?? []
    const byField: Array<LevelPostings | undefined> = []
    for (let f = 0; f < fieldCount; f++) {
      const old = was[f] ?? { ids: [], levels: [] }
      const strongest = old.ids.length >= maxPostings
      if (strongest && old.ids.some((doc) => ofChanged[doc] === 1)) {
        collectAgain = true
        again[id] = 1
        return
      }
      const kept = strongest ? old : without(old, ofChanged)
      const merged = merge(kept, now[f] ?? { ids: [], levels: [] })
      if (merged.ids.length > 0) byField[f] = capLevels(merged, maxPostings)
    }
    if (byField.length > 0) encoded.push(encodeTerm(term, byField))
  })
  if (collectAgain) {
    // The field lengths are taken in the same pass over every page's counts.
    const fieldLength = new Int32Array(options.documentCount * fieldCount)
    const terms = postingsOf(documents(), fieldCount, again, table, fieldLength)
    // Rounded averages round to themselves.
    const collected = { terms, fieldLength, averageFieldLength: averages }
    const folded = foldPostings(collected, {
      fields: Array.from({ length: fieldCount }),
      maxPostings,
    })
    for (const [term, byField] of folded) encoded.push(encodeTerm(term, byField))
  }
  return encoded.sort((a, b) => (a.term < b.term ? -1 : a.term > b.term ? 1 : 0))
}

/** The entry of `term` in sorted `terms`, if any. */
function find(terms: readonly EncodedTerm[], term: string): EncodedTerm | undefined {
  const at = terms[firstAtOrAfter(terms, term)]
  return at?.term === term ? at : undefined
}

/** The postings without those of flagged documents. */
function without(postings: LevelPostings, flagged: Uint8Array): LevelPostings {
  const out: LevelPostings = { ids: [], levels: [] }
  postings.ids.forEach((id, k) => {
    if (flagged[id] === 1) return
    out.ids.push(id)
    out.levels.push(postings.levels[k]!)
  })
  return out
}

/** Two postings lists of distinct documents as one, documents in increasing order. */
function merge(a: LevelPostings, b: LevelPostings): LevelPostings {
  if (b.ids.length === 0) return a
  if (a.ids.length === 0) return b
  const out: LevelPostings = { ids: [], levels: [] }
  let i = 0
  let j = 0
  while (i < a.ids.length || j < b.ids.length) {
    if (j >= b.ids.length || (i < a.ids.length && a.ids[i]! < b.ids[j]!)) {
      out.ids.push(a.ids[i]!)
      out.levels.push(a.levels[i++]!)
    } else {
      out.ids.push(b.ids[j]!)
      out.levels.push(b.levels[j++]!)
    }
  }
  return out
}

/**
 * The postings of the flagged terms, as `collectCounted` collects them (documents in order), in
 * its two passes: the postings of each flagged term and field counted, then placed in one array
 * (a common word's hundreds of thousands of postings pushed one at a time into small arrays
 * cost most of an edit's indexing).
 */
export function postingsOf(
  documents: readonly Int32Array[],
  fieldCount: number,
  flags: Uint8Array,
  table: TermTable,
  /** Given, filled with every section's field lengths (`CollectedPostings.fieldLength`). */
  fieldLength?: Int32Array,
): CollectedPostings['terms'] {
  // Each flagged term's number among the flagged (-1: not flagged).
  const flagged = new Int32Array(flags.length).fill(-1)
  const ids: number[] = []
  flags.forEach((flag, id) => {
    if (flag === 1) flagged[id] = ids.push(id) - 1
  })
  const slots = new Int32Array(ids.length * fieldCount + 1)
  const visit = (
    hit: (slot: number, document: number, count: number) => void,
    lengths?: Int32Array,
  ) => {
    let document = 0
    for (const counts of documents) {
      for (let at = 0; at < counts.length;) {
        for (let f = 0; f < fieldCount; f++) {
          if (lengths) lengths[document * fieldCount + f] = counts[at]!
          const n = counts[at + 1]!
          at += 2
          for (let k = 0; k < n; k++, at += 2) {
            const term = flagged[counts[at]!]!
            if (term !== -1) hit(term * fieldCount + f, document, counts[at + 1]!)
          }
        }
        document++
      }
    }
  }
  visit((slot) => slots[slot]!++, fieldLength)
  const start = new Int32Array(slots.length)
  for (let k = 1; k < slots.length; k++) start[k] = start[k - 1]! + slots[k - 1]!
  const total = start[slots.length - 1]!
  const documentIds = new Int32Array(total)
  const frequencies = new Int32Array(total)
  const filled = start.slice()
  visit((slot, document, count) => {
    const p = filled[slot]!++
    documentIds[p] = document
    frequencies[p] = count
  })
  const terms: CollectedPostings['terms'] = new Map()
  const filledSlots = { slots, start, ids: documentIds, frequencies }
  ids.forEach((id, term) => {
    const byField = fieldPostings(filledSlots, term * fieldCount, fieldCount)
    if (byField) terms.set(table.terms[id]!, byField)
  })
  return terms
}
