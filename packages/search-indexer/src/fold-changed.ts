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
import { RESERVE, capReserving, decodeReserve, ranksAbove, weakest, type Reserve } from './cap.js'

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
    const reserved = before?.reserve ? decodeReserve(before.reserve) : { byField: [], more: 0 }
    const now = added.get(id) ?? []
    const byField: Array<LevelPostings | undefined> = []
    const reserve: Reserve = { byField: [], more: 0 }
    for (let f = 0; f < fieldCount; f++) {
      const field = refoldField({
        strongest: merge(was[f] ?? none, reserved.byField[f] ?? none),
        more: (reserved.more & (1 << f)) !== 0,
        added: now[f] ?? none,
        ofChanged,
        maxPostings,
      })
      if (!field) {
        collectAgain = true
        again[id] = 1
        return
      }
      if (field.kept.ids.length > 0) byField[f] = field.kept
      if (field.reserve.ids.length > 0) reserve.byField[f] = field.reserve
      if (field.more) reserve.more |= 1 << f
    }
    const reserves = reserve.byField.length > 0 || reserve.more !== 0
    if (byField.length > 0) encoded.push(encodeTerm(term, byField, reserves ? reserve : undefined))
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
      reserve: RESERVE,
    })
    for (const [term, byField, reserve] of folded) encoded.push(encodeTerm(term, byField, reserve))
  }
  return encoded.sort((a, b) => (a.term < b.term ? -1 : a.term > b.term ? 1 : 0))
}

const none: LevelPostings = { ids: [], levels: [] }

/**
 * A field's postings after an edit, capped, and its reserve (see `Reserve`), from `strongest`,
 * the strongest before the edit (those kept and the reserve: every one when not `more`), or null
 * when they do not tell: the changed pages' postings among them taken out, and the strongest of
 * those the edit adds put in, fewer than the cap are known to rank above every other posting.
 */
function refoldField(options: {
  strongest: LevelPostings
  more: boolean
  /** The changed pages' postings now, documents in order. */
  added: LevelPostings
  ofChanged: Uint8Array
  maxPostings: number
}): { kept: LevelPostings; reserve: LevelPostings; more: boolean } | null {
  const { strongest, more, maxPostings } = options
  let added = options.added
  if (more) {
    // Every posting not among `strongest` ranks below its weakest: only the added postings
    // above it are known to rank above those.
    const w = weakest(strongest)
    const [level, id] = [strongest.levels[w]!, strongest.ids[w]!]
    const above: LevelPostings = { ids: [], levels: [] }
    added.ids.forEach((doc, k) => {
      if (!ranksAbove(added.levels[k]!, doc, level, id)) return
      above.ids.push(doc)
      above.levels.push(added.levels[k]!)
    })
    added = above
  }
  const known = merge(without(strongest, options.ofChanged), added)
  if (more && known.ids.length < maxPostings) return null
  const [[kept], reserve] = capReserving([known], maxPostings, RESERVE)
  return {
    kept: kept ?? none,
    reserve: reserve?.byField[0] ?? none,
    more: more || (reserve?.more ?? 0) !== 0,
  }
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
