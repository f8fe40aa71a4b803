/**
 * The folded, encoded terms of a split index, kept from build to build (`FoldedTerms`), so that
 * an edit encodes again only the terms of the pages it changed.
 *
 * A term no changed page holds, before or after the edit, has the same postings as in the
 * previous build when every page keeps its number of sections (the same section numbers) and
 * the rounded average field lengths are unchanged (the same levels, hence the same cap): its
 * encoded postings and weight are taken as they were. Otherwise every term is folded again.
 * The terms a changed page holds are folded from their earlier postings (`foldChanged`).
 */
import { sectionCount, type IndexedPage } from './build-index.js'
import { fieldLengths, foldingAverage, type TermTable } from './build-postings.js'
import { foldChanged } from './fold-changed.js'
import { firstAtOrAfter, type EncodedTerm } from './split.js'

/** What a split index's build keeps for the next (`SearchIndexFiles.folded`). */
export interface FoldedTerms {
  /** Each page's key (see `FoldedTermsCache.keys`), in order. */
  keys: string[]
  /** Each page's number of sections (documents), in order. */
  sectionCounts: number[]
  fieldCount: number
  /** The cap of postings per term and field; null for none. */
  maxPostings: number | null
  /** The rounded average length of each field (`foldingAverage`), as the levels were made. */
  averages: number[]
  /**
   * Each field's length summed over all sections (whole numbers): an edit makes the averages
   * from the changed pages alone, not from the counts of every page.
   */
  lengthSums: number[]
  /** Every term, sorted, with its encoded postings and weight. */
  terms: EncodedTerm[]
  /** A cache's name for this whole (what a file of the terms changed since names). */
  generation?: string
}

/** `BuildSearchIndexOptions.folded`: the terms an earlier build kept, and how to compare. */
export interface FoldedTermsCache {
  /** Each page's key, in the order of the pages: equal keys, equal pages (a hash of the page). */
  keys: string[]
  /** What an earlier build kept, or null. */
  previous: FoldedTerms | null
  /**
   * A page as an earlier build indexed it, by its key, counted in the table of the memo
   * (`BuildSearchIndexOptions.memo`): the terms a changed page held before the edit.
   */
  indexed(key: string): IndexedPage | undefined
}

/**
 * Every term of `indexed` (all pages, in order), folded and encoded: from `cache.previous` with
 * the terms of the changed pages encoded again, or null when that cannot give what folding
 * every term gives (pages added, removed or moved, a page with more or fewer sections, other
 * rounded averages, another cap, many pages changed).
 */
export function updateFoldedTerms(options: {
  cache: FoldedTermsCache
  indexed: readonly IndexedPage[]
  table: TermTable
  fieldCount: number
  maxPostings: number
}): {
  terms: EncodedTerm[]
  encoded: number
  lengthSums: number[]
  /** The terms whose entries differ from `cache.previous`'s (of those of the changed pages). */
  touched: ReadonlySet<string>
} | null {
  const { cache, indexed, table, fieldCount, maxPostings } = options
  const previous = cache.previous
  if (
    !previous ||
    previous.fieldCount !== fieldCount ||
    previous.maxPostings !== storedCap(maxPostings) ||
    previous.keys.length !== indexed.length ||
    cache.keys.length !== indexed.length
  )
    return null
  const changed: number[] = []
  for (let p = 0; p < indexed.length; p++) if (cache.keys[p] !== previous.keys[p]) changed.push(p)
  // Many pages changed: folding every term costs about what sorting out the changes would.
  if (changed.length > indexed.length / 4) return null
  // The terms the changed pages held, and hold now.
  const flags = new Uint8Array(table.terms.length)
  for (const p of changed) {
    const before = cache.indexed(previous.keys[p]!)
    const count = previous.sectionCounts[p]
    if (!before || sectionCount(before) !== count || sectionCount(indexed[p]!) !== count)
      return null
    if (
      !markTerms(before.counts, fieldCount, flags) ||
      !markTerms(indexed[p]!.counts, fieldCount, flags)
    )
      return null
  }
  const lengthSums = [...previous.lengthSums]
  for (const p of changed) {
    addLengths(lengthSums, cache.indexed(previous.keys[p]!)!.counts, fieldCount, -1)
    addLengths(lengthSums, indexed[p]!.counts, fieldCount, 1)
  }
  const counts = () => indexed.map((entry) => entry.counts)
  const documentCount = previous.sectionCounts.reduce((sum, n) => sum + n, 0)
  const averages =
    foldedAverages(lengthSums, documentCount) ??
    fieldLengths(counts(), fieldCount).averageFieldLength.map(foldingAverage)
  if (averages.some((average, f) => average !== previous.averages[f])) return null

  const encoded = foldChanged({
    documents: counts,
    changed,
    changedCounts: (p) => indexed[p]!.counts,
    sectionCounts: previous.sectionCounts,
    previous: previous.terms,
    flags,
    table,
    fieldCount,
    maxPostings,
    documentCount,
    averages,
  })
  const touched = differing(previous.terms, flags, table, encoded)
  const terms = mergeSorted(
    previous.terms,
    touched,
    encoded.filter((entry) => touched.has(entry.term)),
  )
  return { terms, encoded: encoded.length, lengthSums, touched }
}

/**
 * The flagged terms whose entries in `encoded` (those flagged still held, sorted) differ from
 * `previous`'s: most terms of a changed page keep their postings, and the parts and the cache
 * file that hold them stay as they were (an edit of one page of 10,000 flags its ~500 terms).
 */
function differing(
  previous: readonly EncodedTerm[],
  flags: Uint8Array,
  table: TermTable,
  encoded: readonly EncodedTerm[],
): Set<string> {
  const out = new Set<string>()
  flags.forEach((flag, id) => {
    if (!flag) return
    const term = table.terms[id]!
    const before = previous[firstAtOrAfter(previous, term)]
    const after = encoded[firstAtOrAfter(encoded, term)]
    const was = before?.term === term ? before : undefined
    const is = after?.term === term ? after : undefined
    if (
      was?.weight !== is?.weight ||
      was?.postings !== is?.postings ||
      was?.reserve !== is?.reserve
    )
      out.add(term)
  })
  return out
}

/**
 * The rounded averages (`foldingAverage`) of fields of `sums` over `count` sections, or null when
 * one falls so near a rounding step that the running average a cold build makes
 * (`fieldLengths`, whose floats differ from `sum / count` in the last bits) might round the
 * other way.
 */
export function foldedAverages(sums: readonly number[], count: number): number[] | null {
  const out: number[] = []
  for (const sum of sums) {
    // No length at all: the running average is 0 exactly.
    if (sum === 0 || count === 0) {
      out.push(foldingAverage(0))
      continue
    }
    const steps = Math.log2(sum / count) * 32
    if (Math.abs(steps - Math.floor(steps) - 0.5) < 1e-6) return null
    out.push(foldingAverage(sum / count))
  }
  return out
}

/** Each field's length summed over all documents (`CollectedPostings.fieldLength`). */
export function sumLengths(fieldLength: readonly number[], fieldCount: number): number[] {
  const sums = new Array<number>(fieldCount).fill(0)
  fieldLength.forEach((length, k) => (sums[k % fieldCount]! += length))
  return sums
}

/** Adds (`sign` 1) or takes away (-1) the field lengths of a page's counts to `sums`. */
function addLengths(
  sums: number[],
  counts: ArrayLike<number>,
  fieldCount: number,
  sign: 1 | -1,
): void {
  for (let at = 0; at < counts.length;) {
    for (let f = 0; f < fieldCount; f++) {
      sums[f]! += sign * counts[at]!
      at += 2 + counts[at + 1]! * 2
    }
  }
}

/** What a build keeps of its folded terms for the next. */
export function foldedTerms(options: {
  keys: string[]
  indexed: readonly IndexedPage[]
  fieldCount: number
  maxPostings: number
  averages: number[]
  lengthSums: number[]
  terms: EncodedTerm[]
}): FoldedTerms {
  return {
    keys: options.keys,
    sectionCounts: options.indexed.map(sectionCount),
    fieldCount: options.fieldCount,
    maxPostings: storedCap(options.maxPostings),
    averages: options.averages,
    lengthSums: options.lengthSums,
    terms: options.terms,
  }
}

function storedCap(maxPostings: number): number | null {
  return Number.isFinite(maxPostings) ? maxPostings : null
}

/** Flags the terms of a page's counts; false when a number is not in the table. */
function markTerms(counts: Int32Array, fieldCount: number, flags: Uint8Array): boolean {
  for (let at = 0; at < counts.length;) {
    for (let f = 0; f < fieldCount; f++) {
      const n = counts[at + 1]!
      at += 2
      for (let k = 0; k < n; k++, at += 2) {
        const id = counts[at]!
        if (id >= flags.length) return false
        flags[id] = 1
      }
    }
  }
  return true
}

/**
 * `previous` without the `removed` terms, and `added` (sorted, all removed), in order. The few
 * removed and added terms are found by binary search, and the runs between them copied: looking
 * each of 100,000 terms up in `removed` cost an edit 30-150 ms (its strings hashed first).
 */
export function mergeSorted(
  previous: readonly EncodedTerm[],
  removed: ReadonlySet<string>,
  added: readonly EncodedTerm[],
): EncodedTerm[] {
  const gone: number[] = []
  for (const term of removed) {
    const k = firstAtOrAfter(previous, term)
    if (previous[k]?.term === term) gone.push(k)
  }
  gone.sort((a, b) => a - b)
  const out = new Array<EncodedTerm>(previous.length - gone.length + added.length)
  let at = 0
  let from = 0
  let g = 0
  const copy = (to: number) => {
    for (; from < to; from++) {
      if (g < gone.length && gone[g] === from) g++
      else out[at++] = previous[from]!
    }
  }
  for (const entry of added) {
    copy(firstAtOrAfter(previous, entry.term, from))
    out[at++] = entry
  }
  copy(previous.length)
  return out
}
