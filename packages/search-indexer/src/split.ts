/**
 * Splits the files of a large site into parts, so that a reader downloads only what a query
 * needs: index parts by term range (the terms a query holds), prefix files (the completions of
 * a word being typed when its range spans parts), doc parts by page range (the results shown).
 * The main files keep what every query needs: the options, the part bounds, and which page each
 * section is of.
 */
import { encodeLevelPostings, encodeTerms, writeNumber, type LevelPostings } from './index-codec.js'
import { spanningPrefixes } from './bounds.js'
import { encodeReserve, type Reserve } from './cap.js'
import type { DocPage, DocPart, DocSection } from './format.js'
import { plurals } from './query.js'
import { postingsRun } from './stored-term.js'

/** Raw bytes from which a site's index is split by default. */
export const SPLIT_ABOVE = 1_500_000

/** Sizes of the parts, in bytes of JSON before compression. */
export interface SplitOptions {
  /** @default 24000 (about 15 KB gzipped) */
  indexPartBytes?: number
}

/** A term with its folded postings, encoded once. */
export interface EncodedTerm {
  term: string
  postings: string
  /** Postings in all fields: how common the term is (the browser's `Vocabulary.weight`). */
  weight: number
  /** A capped term's postings below the cap (`encodeReserve`), for a cache: not in the parts. */
  reserve?: string | undefined
  /** `postings.length`, when known without reading `postings` (see `StoredTerm`). */
  readonly postingsLength?: number
}

/** Encodes folded postings for the parts (and those below the cap, given, for a cache). */
export function encodeTerm(
  term: string,
  byField: Array<LevelPostings | undefined>,
  reserve?: Reserve,
): EncodedTerm {
  let weight = 0
  for (const postings of byField) weight += postings?.ids.length ?? 0
  const encoded: EncodedTerm = { term, postings: encodeLevelPostings(byField), weight }
  if (reserve) encoded.reserve = encodeReserve(reserve)
  return encoded
}

/** A part's terms and postings, as stored in a part file. */
export interface TermRange {
  terms: string
  postings: string
}

/** The index parts: term ranges and the bounds between them. */
export function splitTerms(
  terms: readonly EncodedTerm[],
  partBytes = 24_000,
): { parts: EncodedTerm[][]; bounds: string[] } {
  const sizes = terms.map((t) => t.term.length + (t.postingsLength ?? t.postings.length) + 2)
  const parts: EncodedTerm[][] = []
  const bounds: string[] = []
  let start = 0
  while (start < terms.length) {
    // Cut between 3/4 and 5/4 of the size, where the terms on either side share the shortest
    // prefix: fewer prefixes then span two parts ("kaz" | "ke", not "kato" | "katu").
    let end = start
    let bytes = 0
    while (end < terms.length && bytes < partBytes * 0.75) bytes += sizes[end++]!
    let cut = end
    let best = Infinity
    while (end < terms.length && bytes <= partBytes * 1.25) {
      const shared = sharedLength(terms[end - 1]!.term, terms[end]!.term)
      if (shared < best) {
        best = shared
        cut = end
      }
      bytes += sizes[end++]!
    }
    if (end >= terms.length && bytes <= partBytes * 1.25) cut = terms.length
    if (cut < terms.length) bounds.push(separator(terms[cut - 1]!.term, terms[cut]!.term))
    parts.push(terms.slice(start, cut))
    start = cut
  }
  return { parts, bounds }
}

/** One prefix file: the completions of a prefix whose terms span parts, with their postings. */
export interface PrefixFile {
  prefix: string
  /** The prefix's `maxPrefixTerms` heaviest completions, as `Vocabulary.expand` picks them. */
  completions: string[]
  /**
   * The completions, and the prefix itself and its plurals (`-s`, `-es`) when they are terms:
   * everything a query ending in the prefix searches.
   */
  range: TermRange
}

/** The prefix files of the prefixes whose terms span parts (see `spanningPrefixes`). */
export function prefixFiles(
  terms: readonly EncodedTerm[],
  bounds: readonly string[],
  options: { minPrefixLength: number; maxPrefixTerms: number },
): PrefixFile[] {
  return spanningPrefixes(bounds, options.minPrefixLength).map((prefix) =>
    prefixFile(terms, prefix, options.maxPrefixTerms),
  )
}

/** The prefix file of `prefix`, its `max` heaviest completions among `terms`. */
export function prefixFile(terms: readonly EncodedTerm[], prefix: string, max: number): PrefixFile {
  // Found by a binary search: a map of every term cost an edit 60 ms at 100,000 terms.
  const best = heaviest(terms, prefix, max)
  const members = new Set(best)
  for (const variant of [prefix, ...plurals(prefix)]) {
    const k = firstAtOrAfter(terms, variant)
    if (terms[k]?.term === variant) members.add(k)
  }
  return {
    prefix,
    completions: best.map((k) => terms[k]!.term),
    range: termRange([...members].sort((a, b) => a - b).map((k) => terms[k]!)),
  }
}

/** A part's terms and postings, encoded. */
export function termRange(terms: readonly EncodedTerm[]): TermRange {
  return {
    terms: encodeTerms(terms.map((t) => t.term)),
    postings: postingsRun(terms, 0, terms.length),
  }
}

/** The pages and sections of the doc parts, and the `pages` list of the index file. */
export interface DocBlock {
  /** Null for section numbers no page holds. */
  page: DocPage | null
  /** How many sections the block holds (`sections.length`, known without making them). */
  sectionCount: number
  /** The block's sections, numbered on from the previous block's (made when first read). */
  readonly sections: Array<DocSection | null>
}

/** `IndexParts.pages`: the sections of each block, holes marked. */
export function encodeBlocks(blocks: readonly DocBlock[]): string {
  return blocks.map((b) => writeNumber(b.sectionCount * 2 + (b.page ? 0 : 1))).join('')
}

/**
 * The doc parts: one a block (a page and its sections). A part's sections are the block's,
 * read when the part is (a kept part's never are).
 */
export function splitDoc(blocks: readonly DocBlock[]): Array<Omit<DocPart, keyof PartStamp>> {
  let section = 0
  return blocks.map((block, page) => {
    const part = {
      firstPage: page,
      firstSection: section,
      pages: [block.page],
      get sections() {
        return block.sections
      },
    }
    section += block.sectionCount
    return part
  })
}

/** What every part file starts with. */
export interface PartStamp {
  formatVersion: number
  builtAt: string
}

/** Positions of the `max` heaviest terms that extend `prefix` (the earlier first among equals). */
function heaviest(terms: readonly EncodedTerm[], prefix: string, max: number): number[] {
  const low = firstAtOrAfter(terms, prefix)
  const best: number[] = []
  for (let k = low; k < terms.length && terms[k]!.term.startsWith(prefix); k++) {
    if (terms[k]!.term === prefix) continue
    const weight = terms[k]!.weight
    if (best.length === max && terms[best[max - 1]!]!.weight >= weight) continue
    let at = best.length
    while (at > 0 && terms[best[at - 1]!]!.weight < weight) at--
    best.splice(at, 0, k)
    if (best.length > max) best.pop()
  }
  return best
}

/**
 * The position of the first of sorted `terms` at or after `term` (`terms.length` if none),
 * looked for from `low` on.
 */
export function firstAtOrAfter(terms: readonly EncodedTerm[], term: string, low = 0): number {
  let high = terms.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (terms[middle]!.term < term) low = middle + 1
    else high = middle
  }
  return low
}

function sharedLength(a: string, b: string): number {
  let k = 0
  while (k < a.length && k < b.length && a[k] === b[k]) k++
  return k
}

/** The shortest string `s` with `a < s <= b` (`a < b`). */
function separator(a: string, b: string): string {
  return b.slice(0, sharedLength(a, b) + 1)
}
