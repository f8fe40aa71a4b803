/**
 * `@ssg/search-indexer/browser`: loads a site's two search files and searches them.
 * Browser code only (no Node imports); the theme imports it lazily, on first use of the box.
 */
import { SUPPORTED_FORMAT_VERSIONS, slug, type DocFile, type IndexFile } from './format.js'
import { planQuery } from './query.js'
import { createScorer, type Hit, type Scorer } from './score.js'
import { makeSnippet, type SnippetSegment } from './snippet.js'
import { splitStore, wholeStore, type ReadJson, type Store } from './store.js'

export type { SnippetSegment } from './snippet.js'

export interface LoadSearchOptions {
  /** URL of `search-doc-<timestamp>.json` (`SiteData.search.docUrl`). */
  docUrl: string
  /** URL of `search-index-<timestamp>.json` (`SiteData.search.indexUrl`). */
  indexUrl: string
  /** The fetch to use. @default globalThis.fetch */
  fetch?: (url: string) => Promise<Pick<Response, 'ok' | 'status' | 'statusText' | 'text'>>
}

export interface SearchQueryOptions {
  /** Most sections returned, all pages together (`SiteData.search.maxResults`). @default 10 */
  limit?: number
  /** Most sections shown under one page. @default 3 */
  sectionsPerPage?: number
}

/** One matching section: `url` carries the heading's `#anchor` (none for the page intro). */
export interface SectionResult {
  url: string
  heading: string
  /** The heading as segments, matched words marked. */
  headingSnippet: SnippetSegment[]
  /** The start of the section's text, matched words marked. Empty for a heading-only section. */
  snippet: SnippetSegment[]
  score: number
}

/** The matching sections of one page, best first; pages come best first too. */
export interface PageResult {
  url: string
  title: string
  breadcrumbs: string[]
  sections: SectionResult[]
  score: number
}

export interface LoadedSearch {
  /** The results of a query, from what is loaded (see {@link LoadedSearch.prepare}). */
  search(query: string, options?: SearchQueryOptions): PageResult[]
  /**
   * Loads what `search(query)` needs from a large site's part files; resolves once it is
   * there, rejects with a readable error. Null when nothing is missing (always, for sites
   * whose index is not split).
   */
  prepare(query: string, options?: SearchQueryOptions): Promise<void> | null
  /** ISO time of the build that wrote the files. */
  builtAt: string
  /** Number of indexed sections. */
  size: number
}

/** Loads both files in parallel and returns a search function. Rejects with a readable error. */
export async function loadSearch(options: LoadSearchOptions): Promise<LoadedSearch> {
  const fetchFile = options.fetch ?? ((url: string) => fetch(url))
  const read: ReadJson = (url, what) => readJson(fetchFile, url, what)
  const [doc, index] = await Promise.all([
    read<DocFile>(options.docUrl, 'search documents'),
    read<IndexFile>(options.indexUrl, 'search index'),
  ])
  checkVersion(doc.formatVersion)
  checkVersion(index.formatVersion)
  if (doc.builtAt !== index.builtAt) {
    throw new Error(
      `The search files come from different builds (${options.docUrl} at ${doc.builtAt}, ` +
        `${options.indexUrl} at ${index.builtAt}); rebuild the site`,
    )
  }
  const store =
    index.parts && doc.parts
      ? splitStore({
          doc,
          index,
          docUrl: (file) => sibling(options.docUrl, file),
          indexUrl: (file) => sibling(options.indexUrl, file),
          readJson: read,
        })
      : wholeStore(doc, index)
  const scorer = createScorer(store.index)
  // The search box prepares a query, then searches it: ranked once, unless terms came between.
  let last: { key: string; terms: number; ranked: RankedPage[] } | null = null
  const ranked = (query: string, queryOptions: SearchQueryOptions) => {
    const key = `${queryOptions.limit ?? 10} ${queryOptions.sectionsPerPage ?? 3} ${query}`
    const terms = store.termFiles()
    if (last?.key !== key || last.terms !== terms)
      last = { key, terms, ranked: rank(store, scorer, query, queryOptions) }
    return last.ranked
  }
  return {
    builtAt: index.builtAt,
    size: store.sectionCount,
    search: (query, queryOptions = {}) => display(store, ranked(query, queryOptions)),
    prepare(query, queryOptions = {}) {
      const terms = store.loadTerms(query)
      const pages = () => store.loadPages(ranked(query, queryOptions).map((group) => group.page))
      return terms ? terms.then(() => pages() ?? undefined) : pages()
    },
  }
}

/** A part file's URL: its name in place of the main file's (`/base/search-index-1.json`). */
function sibling(url: string, file: string): string {
  return url.slice(0, url.lastIndexOf('/') + 1) + file
}

/** Checks a file's format version; the message tells the reader what to do. */
export function checkVersion(version: unknown): void {
  if (typeof version === 'number' && SUPPORTED_FORMAT_VERSIONS.includes(version)) return
  const expected =
    SUPPORTED_FORMAT_VERSIONS.length === 1
      ? String(SUPPORTED_FORMAT_VERSIONS[0])
      : `${SUPPORTED_FORMAT_VERSIONS[0]}–${SUPPORTED_FORMAT_VERSIONS[SUPPORTED_FORMAT_VERSIONS.length - 1]}`
  throw new Error(
    `search index format ${String(version)} is not supported by this theme (expected ${expected}); rebuild the site`,
  )
}

async function readJson<T>(
  fetchFile: NonNullable<LoadSearchOptions['fetch']>,
  url: string,
  what: string,
): Promise<T> {
  let response
  try {
    response = await fetchFile(url)
  } catch (cause) {
    throw new Error(`Cannot load the ${what} (${url}): ${(cause as Error).message}`, { cause })
  }
  if (!response.ok) {
    throw new Error(
      `Cannot load the ${what} (${url}): HTTP ${response.status} ${response.statusText}`.trim(),
    )
  }
  const text = await response.text()
  try {
    return JSON.parse(text) as T
  } catch (cause) {
    throw new Error(`Cannot read the ${what} (${url}): not valid JSON`, { cause })
  }
}

/** A page among the results: its score and its best sections (at most four). */
interface RankedPage {
  page: number
  score: number
  results: Hit[]
}

/** The pages a query finds, best first, as many as `limit` sections fill. */
function rank(
  store: Store,
  scorer: Scorer,
  text: string,
  options: SearchQueryOptions,
): RankedPage[] {
  const { limit = 10, sectionsPerPage = 3 } = options
  const { vocabulary, options: searchOptions } = store
  const plan = planQuery(text, searchOptions, vocabulary)
  if (!plan) return []
  const { boost, weights, maxFuzzy, combineWith, pageSectionWeight } = searchOptions
  // Sections far down the list cannot lift a page into the first ones: the best 300 suffice
  // (on a large site a common word matches thousands).
  const results = scorer.search(
    plan,
    { boost, weights, maxFuzzy, combineWith },
    Math.max(300, limit * 30),
  )
  // Group the sections by page; a page ranks by its best section plus a share of the next ones.
  const groups = new Map<number, { score: number; extra: number; results: Hit[] }>()
  for (const result of results) {
    const page = store.pageOf(result.id)
    const group = groups.get(page)
    if (!group) groups.set(page, { score: result.score, extra: 0, results: [result] })
    else if (group.results.length < 4) {
      group.extra += result.score
      group.results.push(result)
    }
  }
  const ranked = [...groups]
    .map(([page, group]) => ({
      page,
      score: group.score + pageSectionWeight * group.extra,
      results: group.results,
    }))
    .sort((a, b) => b.score - a.score)
  const shown: RankedPage[] = []
  let count = 0
  for (const page of ranked) {
    if (count >= limit) break
    const results = page.results.slice(0, Math.min(sectionsPerPage, limit - count))
    shown.push({ ...page, results })
    count += results.length
  }
  return shown
}

/** The display records of ranked pages (those whose part is loaded). */
function display(store: Store, ranked: RankedPage[]): PageResult[] {
  const pages: PageResult[] = []
  for (const { page: pageIndex, score, results } of ranked) {
    const page = store.page(pageIndex)
    if (!page) continue
    const [url, title, breadcrumbs] = page
    const sections: SectionResult[] = []
    for (const result of results) {
      const section = store.section(result.id)
      if (!section) continue
      const [, anchor, heading, text] = section
      const id = anchor === 0 ? slug(heading) : anchor
      const terms = new Set(result.terms())
      // The intro has no heading of its own: it shows as the page.
      const shown = heading || title
      sections.push({
        url: id === '' ? url : `${url}#${id}`,
        heading: shown,
        headingSnippet: makeSnippet(shown, terms, Infinity),
        snippet: text === '' ? [] : makeSnippet(text, terms),
        score: result.score,
      })
    }
    pages.push({ url, title, breadcrumbs, sections, score })
  }
  return pages
}
