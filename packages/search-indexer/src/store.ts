/**
 * Where the browser finds the index and the display records: all in the two main files, or,
 * for a large site, in part files loaded as queries need them. Browser-safe.
 */
import MiniSearch from 'minisearch'
import {
  toMiniSearchOptions,
  type DocFile,
  type DocPage,
  type DocPart,
  type DocSection,
  type IndexFile,
  type IndexPart,
  type IndexedDocument,
  type SerializedSearchOptions,
} from './format.js'
import { decodeIndex, decodePostings, decodeTerms, readNumbers } from './index-codec.js'
import { createVocabulary, queryTerms, type Vocabulary } from './query.js'

/** Reads a JSON file; rejects with an error naming it. */
export type ReadJson = <T>(url: string, what: string) => Promise<T>

export interface Store {
  miniSearch: MiniSearch<IndexedDocument>
  vocabulary: Vocabulary
  options: SerializedSearchOptions
  sectionCount: number
  /** The page a section belongs to. */
  pageOf(section: number): number
  /** A page's or section's display record, when its part is loaded. */
  page(index: number): DocPage | undefined
  section(index: number): DocSection | undefined
  /** Loads the index parts a query needs; null when they are all there. */
  loadTerms(query: string): Promise<void> | null
  /** Loads the doc parts of these pages; null when they are all there. */
  loadPages(pages: readonly number[]): Promise<void> | null
}

/** Both files hold everything (every site but large ones). */
export function wholeStore(doc: DocFile, index: IndexFile): Store {
  const json = decodeIndex(index.index, index.options.fields)
  // loadJS is loadJSON without a second parse; the options come from the file (MiniSearch #55).
  const miniSearch = MiniSearch.loadJS<IndexedDocument>(json, toMiniSearchOptions(index.options))
  return {
    miniSearch,
    vocabulary: createVocabulary(json.index),
    options: index.options.searchOptions,
    sectionCount: doc.sections.length,
    pageOf: (section) => doc.sections[section]![0],
    page: (k) => doc.pages[k],
    section: (k) => doc.sections[k],
    loadTerms: () => null,
    loadPages: () => null,
  }
}

/**
 * A split index: the main files hold the options, the field lengths and the page of each
 * section; the terms come in parts by term range, the display records in parts by page range.
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
  const json = decodeIndex(index.index, index.options.fields)
  const miniSearch = MiniSearch.loadJS<IndexedDocument>(json, toMiniSearchOptions(index.options))
  const addTerms = termAdder(miniSearch)

  // Which page each section is of: the first section of every page, for a binary search.
  const firstSections = new Int32Array(docParts.pageCount + 1)
  readNumbers(indexParts.sectionsPerPage).forEach((count, page) => {
    firstSections[page + 1] = firstSections[page]! + count
  })
  const pageOf = (section: number) => upperBound(firstSections, section) - 1

  const vocabularies: Array<Vocabulary | undefined> = []
  const partOf = (term: string) => Math.max(0, upperBound(indexParts.first, term) - 1)
  const vocabulary: Vocabulary = {
    has: (term) => vocabularies[partOf(term)]?.has(term) ?? false,
    weight: (term) => vocabularies[partOf(term)]?.weight(term) ?? 0,
    expand(prefix, max) {
      const found: string[] = []
      for (let k = partOf(prefix); k <= partOf(prefix + '\uffff'); k++) {
        found.push(...(vocabularies[k]?.expand(prefix, max) ?? []))
      }
      return found.sort((a, b) => vocabulary.weight(b) - vocabulary.weight(a)).slice(0, max)
    },
  }

  const pages: Array<DocPage | undefined> = []
  const sections: Array<DocSection | undefined> = []
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
  const check = (part: IndexPart | DocPart, file: string) => {
    if (part.builtAt !== index.builtAt) {
      throw new Error(`The search file ${file} comes from another build; rebuild the site`)
    }
  }

  const loadIndexPart = (k: number) => {
    const file = indexParts.files[k]!
    return loadOnce(file, async () => {
      const part = await readJson<IndexPart>(options.indexUrl(file), 'search index')
      check(part, file)
      const terms = decodeTerms(part.terms)
      const postings = part.postings === '' ? [] : part.postings.split('\n')
      const entries = terms.map((term, j): [string, Record<string, Record<string, number>>] => [
        term,
        decodePostings(postings[j]!),
      ])
      addTerms(entries)
      vocabularies[k] = createVocabulary(entries)
    })
  }
  const loadDocPart = (k: number) => {
    const file = docParts.files[k]!
    return loadOnce(file, async () => {
      const part = await readJson<DocPart>(options.docUrl(file), 'search documents')
      check(part, file)
      part.pages.forEach((page, j) => (pages[part.firstPage + j] = page))
      part.sections.forEach((section, j) => (sections[part.firstSection + j] = section))
    })
  }
  const whenAll = (loads: Array<Promise<void>>) =>
    loads.length === 0 ? null : Promise.all(loads).then(() => undefined)

  return {
    miniSearch,
    vocabulary,
    options: index.options.searchOptions,
    sectionCount: docParts.sectionCount,
    pageOf,
    page: (k) => pages[k],
    section: (k) => sections[k],
    loadTerms(query) {
      const needed = new Set<number>()
      for (const { term, prefix } of queryTerms(query, index.options.searchOptions)) {
        const last = prefix ? partOf(term + '\uffff') : partOf(term)
        for (let k = partOf(term); k <= last; k++) needed.add(k)
      }
      return whenAll([...needed].filter((k) => !vocabularies[k]).map(loadIndexPart))
    },
    loadPages(wanted) {
      const needed = new Set(
        wanted.filter((k) => !pages[k]).map((k) => upperBound(docParts.firstPage, k) - 1),
      )
      return whenAll([...needed].map(loadDocPart))
    },
  }
}

/**
 * Adds decoded terms to a MiniSearch instance, as `MiniSearch.loadJS` does for its whole
 * index: MiniSearch has no public way to add serialised terms to a loaded index. Checked
 * against the pinned MiniSearch 7.2.0 by `test/split.test.ts`.
 */
function termAdder(miniSearch: MiniSearch<IndexedDocument>) {
  const index = (miniSearch as unknown as { _index?: { set?: unknown } })._index
  if (!index || typeof index.set !== 'function') {
    throw new Error('This MiniSearch version cannot load a split search index; use MiniSearch 7')
  }
  const set = index.set.bind(index) as (
    term: string,
    data: Map<number, Map<number, number>>,
  ) => void
  return (entries: ReadonlyArray<[string, Record<string, Record<string, number>>]>) => {
    for (const [term, byField] of entries) {
      const data = new Map<number, Map<number, number>>()
      for (const field in byField) {
        const postings = new Map<number, number>()
        for (const id in byField[field]) postings.set(Number(id), byField[field]![id]!)
        data.set(Number(field), postings)
      }
      set(term, data)
    }
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
