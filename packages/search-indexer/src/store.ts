/**
 * Where the browser finds the index and the display records: all in the two main files, or,
 * for a large site, in part files loaded as queries need them. Browser-safe.
 */
import SearchableMap from 'minisearch/SearchableMap'
import {
  type DocFile,
  type DocPage,
  type DocPart,
  type DocSection,
  type IndexFile,
  type IndexPart,
  type PrefixPart,
  type SerializedSearchOptions,
} from './format.js'
import {
  decodeTermPostings,
  decodeTerms,
  readNumbers,
  type CompactIndex,
  type TermPostings,
} from './index-codec.js'
import { spanningPrefixes, spansParts, partOf as partIn } from './bounds.js'
import { partList } from './part-names.js'
import { createVocabulary, plurals, singulars, typedTerms, type Vocabulary } from './query.js'
import type { ScoringIndex, TermData } from './score.js'

/** Reads a JSON file; rejects with an error naming it. */
export type ReadJson = <T>(url: string, what: string) => Promise<T>

export interface Store {
  /** The terms loaded so far and the documents' field lengths (what `score.ts` reads). */
  index: ScoringIndex
  vocabulary: Vocabulary
  options: SerializedSearchOptions
  sectionCount: number
  /** The page a section belongs to. */
  pageOf(section: number): number
  /** A page's or section's display record, when its part is loaded. */
  page(index: number): DocPage | undefined
  section(index: number): DocSection | undefined
  /** How many term files (parts, prefix files) are loaded: what ranks a query changes with it. */
  termFiles(): number
  /** Loads the index parts a query needs; null when they are all there. */
  loadTerms(query: string): Promise<void> | null
  /** Loads the doc parts of these pages; null when they are all there. */
  loadPages(pages: readonly number[]): Promise<void> | null
}

/** Both files hold everything (every site but large ones). */
export function wholeStore(doc: DocFile, index: IndexFile): Store {
  const scoring = wholeIndex(index.index, index.options.fields)
  const weights: Array<[string, number]> = []
  scoring.terms.forEach((term, data) => weights.push([term, postingCount(data)]))
  return {
    index: scoring,
    vocabulary: createVocabulary(weights),
    options: index.options.searchOptions,
    sectionCount: doc.sections.length,
    pageOf: (section) => doc.sections[section]![0],
    page: (k) => doc.pages[k],
    section: (k) => doc.sections[k],
    termFiles: () => 0,
    loadTerms: () => null,
    loadPages: () => null,
  }
}

/** The terms and field lengths of a whole index file. */
export function wholeIndex(
  compact: CompactIndex,
  fields: readonly string[],
): ScoringIndex & { terms: SearchableMap<TermPostings> } {
  const { documentCount } = compact
  const folded = compact.norms === 'folded'
  const terms = decodeTerms(compact.terms)
  const postings = compact.postings === '' ? [] : compact.postings.split('\n')
  if (
    terms.length !== postings.length ||
    compact.fieldLength.length !== (folded ? 0 : documentCount * fields.length)
  ) {
    throw new Error('The search index is damaged (its lengths do not match); rebuild the site')
  }
  const map = new SearchableMap<TermPostings>()
  terms.forEach((term, k) => map.set(term, decodeTermPostings(postings[k]!, folded)))
  return {
    terms: map,
    fields,
    documentCount,
    live: new Uint8Array(documentCount).fill(1),
    lengths: folded ? null : compact.fieldLength,
    averageLengths: folded ? fields.map(() => 1) : compact.averageFieldLength,
  }
}

/** How many postings a term has in all fields. */
function postingCount(byField: TermPostings): number {
  let count = 0
  for (const postings of byField) count += postings?.ids.length ?? 0
  return count
}

/**
 * A split index: the main files hold the options, the part bounds and the page of each
 * section; the terms come in parts by term range (and the completions of short prefixes in
 * prefix files), the display records in parts by page range.
 */
export function splitStore(options: {
  doc: DocFile
  index: IndexFile
  /** Resolves a part's file name against the main file's URL. */
  docUrl: (file: string) => string
  indexUrl: (file: string) => string
  readJson: ReadJson
}): Store {
  const { doc, index, readJson } = options
  const indexParts = index.parts!
  const docParts = doc.parts!
  const { fields, searchOptions } = index.options
  const { bounds } = indexParts
  const indexFiles = partList('index', indexParts.files)
  const prefixNames = partList('prefix', indexParts.prefixes)
  // One doc part a page.
  const docFiles = partList('doc', docParts.files)

  // Which page each section is of: the first section of every page, for a binary search.
  const blocks = readNumbers(indexParts.pages)
  const firstSections = new Int32Array(blocks.length + 1)
  const live: number[] = []
  blocks.forEach((block, page) => {
    const count = block >> 1
    firstSections[page + 1] = firstSections[page]! + count
    if (block % 2 === 0) for (let k = 0; k < count; k++) live.push(firstSections[page]! + k)
  })
  if (docFiles.length !== docParts.pageCount || indexFiles.length !== bounds.length + 1) {
    throw new Error(
      'The search index is damaged (its part lists do not match its pages and bounds); rebuild the site',
    )
  }
  if (live.length !== index.index.documentCount || blocks.length !== docParts.pageCount) {
    throw new Error('The search index is damaged (its page list does not add up); rebuild the site')
  }
  const pageOf = (section: number) => upperBound(firstSections, section) - 1
  const loaded = new SearchableMap<TermData>()
  const alive = new Uint8Array(live.length === 0 ? 0 : live[live.length - 1]! + 1)
  for (const section of live) alive[section] = 1
  const scoring: ScoringIndex = {
    terms: loaded,
    fields,
    documentCount: live.length,
    live: alive,
    lengths: null,
    averageLengths: fields.map(() => 1),
  }

  const vocabularies: Array<Vocabulary | undefined> = []
  const completions = new Map<string, string[]>()
  const prefixTerms = new Set<string>()
  const partOf = (term: string) => partIn(bounds, term)
  const spans = (prefix: string) => spansParts(bounds, prefix)
  const prefixFiles = new Map(
    spanningPrefixes(bounds, searchOptions.minPrefixLength).map((prefix, k) => [prefix, k]),
  )
  if (prefixFiles.size !== prefixNames.length) {
    throw new Error(
      'The search index is damaged (its prefix files do not add up); rebuild the site',
    )
  }
  const vocabulary: Vocabulary = {
    has: (term) => vocabularies[partOf(term)]?.has(term) ?? prefixTerms.has(term),
    weight: (term) => vocabularies[partOf(term)]?.weight(term) ?? 0,
    expand: (prefix, max) =>
      spans(prefix)
        ? (completions.get(prefix)?.slice(0, max) ?? [])
        : (vocabularies[partOf(prefix)]?.expand(prefix, max) ?? []),
  }

  const pages: Array<DocPage | null | undefined> = []
  const sections: Array<DocSection | null | undefined> = []
  const loading = new Map<string, Promise<void>>()
  /** Loads a part once; a failed load is forgotten, so that a retry fetches it again. */
  const loadOnce = (file: string, load: () => Promise<void>) => {
    let promise = loading.get(file)
    if (!promise) {
      promise = load()
      loading.set(file, promise)
      promise.catch(() => loading.delete(file))
    }
    return promise
  }
  const readPart = async <T extends { builtAt: string }>(
    url: string,
    file: string,
    what: string,
  ) => {
    const part = await readJson<T>(url, what)
    // A part is named with the time of the build that wrote it.
    const stamp = /-(\d+)-\d+\.json$/.exec(file)?.[1]
    if (Date.parse(part.builtAt) !== Number(stamp)) {
      throw new Error(`The search file ${file} comes from another build; rebuild the site`)
    }
    return part
  }
  let termFiles = 0
  const addRange = (part: IndexPart) => {
    termFiles++
    const terms = decodeTerms(part.terms)
    const postings = part.postings === '' ? [] : part.postings.split('\n')
    if (terms.length !== postings.length) {
      throw new Error('The search index is damaged (its lengths do not match); rebuild the site')
    }
    const entries = terms.map((term, j): [string, TermPostings] => [
      term,
      decodeTermPostings(postings[j]!),
    ])
    for (const [term, data] of entries) loaded.set(term, data)
    return entries
  }

  const loadIndexPart = (k: number) => {
    const file = indexFiles.name(k)
    return loadOnce(file, async () => {
      const part = await readPart<IndexPart>(options.indexUrl(file), file, 'search index')
      vocabularies[k] = createVocabulary(
        addRange(part).map(([term, byField]) => [term, postingCount(byField)]),
      )
    })
  }
  const loadPrefixPart = (k: number) => {
    const file = prefixNames.name(k)
    return loadOnce(file, async () => {
      const part = await readPart<PrefixPart>(options.indexUrl(file), file, 'search index')
      for (const [term] of addRange(part)) prefixTerms.add(term)
      completions.set(part.prefix, part.completions)
    })
  }
  const loadDocPart = (k: number) => {
    const file = docFiles.name(k)
    return loadOnce(file, async () => {
      const part = await readPart<DocPart>(options.docUrl(file), file, 'search documents')
      part.pages.forEach((page, j) => (pages[part.firstPage + j] = page))
      part.sections.forEach((section, j) => (sections[part.firstSection + j] = section))
    })
  }
  const whenAll = (loads: Array<Promise<void>>) =>
    loads.length === 0 ? null : Promise.all(loads).then(() => undefined)

  return {
    index: scoring,
    vocabulary,
    options: searchOptions,
    sectionCount: live.length,
    pageOf,
    page: (k) => pages[k] ?? undefined,
    section: (k) => sections[k] ?? undefined,
    termFiles: () => termFiles,
    loadTerms(query) {
      const loads: Array<Promise<void>> = []
      const loadPart = (term: string) => {
        const k = partOf(term)
        if (!vocabularies[k]) loads.push(loadIndexPart(k))
      }
      for (const { term, prefix } of typedTerms(query, searchOptions)) {
        // A word being typed whose completions span parts: its prefix file holds them, and the
        // word and its plurals if they are terms.
        const file = prefix ? prefixFiles.get(term) : undefined
        if (file !== undefined) {
          if (!completions.has(term)) loads.push(loadPrefixPart(file))
        } else if (!(completions.has(term) && prefixTerms.has(term))) {
          // A whole word whose prefix file came while it was typed: that file holds the word
          // and its plurals, as the parts do. Unless the word is no term (typo tolerance then
          // looks at the terms around it, in its part).
          for (const searched of [term, ...plurals(term)]) loadPart(searched)
        }
        for (const singular of singulars(term)) loadPart(singular)
      }
      return whenAll(loads)
    },
    loadPages(wanted) {
      return whenAll([...new Set(wanted.filter((k) => pages[k] === undefined))].map(loadDocPart))
    },
  }
}

/** The first position whose value is greater than `value` (values sorted). */
function upperBound<T extends number | string>(values: ArrayLike<T>, value: T): number {
  let low = 0
  let high = values.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (values[middle]! <= value) low = middle + 1
    else high = middle
  }
  return low
}
