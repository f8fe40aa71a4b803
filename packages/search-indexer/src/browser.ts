/**
 * `@ssg/search-indexer/browser`: loads a site's two search files and searches them.
 * Browser code only (no Node imports); the theme imports it lazily, on first use of the box.
 */
import MiniSearch, { type SearchResult } from 'minisearch'
import {
  SUPPORTED_FORMAT_VERSIONS,
  slug,
  toMiniSearchOptions,
  type DocFile,
  type IndexFile,
  type IndexedDocument,
  type SerializedSearchOptions,
} from './format.js'
import { decodeIndex } from './index-codec.js'
import { createVocabulary, planQuery, rankResults, type Vocabulary } from './query.js'
import { makeSnippet, type SnippetSegment } from './snippet.js'

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
  search(query: string, options?: SearchQueryOptions): PageResult[]
  /** ISO time of the build that wrote the files. */
  builtAt: string
  /** Number of indexed sections. */
  size: number
}

/** Loads both files in parallel and returns a search function. Rejects with a readable error. */
export async function loadSearch(options: LoadSearchOptions): Promise<LoadedSearch> {
  const fetchFile = options.fetch ?? ((url: string) => fetch(url))
  const [doc, index] = await Promise.all([
    readJson<DocFile>(fetchFile, options.docUrl, 'search documents'),
    readJson<IndexFile>(fetchFile, options.indexUrl, 'search index'),
  ])
  checkVersion(doc.formatVersion)
  checkVersion(index.formatVersion)
  if (doc.builtAt !== index.builtAt) {
    throw new Error(
      `The search files come from different builds (${options.docUrl} at ${doc.builtAt}, ` +
        `${options.indexUrl} at ${index.builtAt}); rebuild the site`,
    )
  }
  // loadJS is loadJSON without a second parse; the options come from the file (MiniSearch #55).
  const json = decodeIndex(index.index, index.options.fields)
  const miniSearch = MiniSearch.loadJS<IndexedDocument>(json, toMiniSearchOptions(index.options))
  const vocabulary = createVocabulary(json.index)
  const searchOptions = index.options.searchOptions
  return {
    builtAt: index.builtAt,
    size: doc.sections.length,
    search: (query, queryOptions = {}) =>
      search({ miniSearch, vocabulary, options: searchOptions, doc, query, ...queryOptions }),
  }
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

interface SearchInput extends SearchQueryOptions {
  miniSearch: MiniSearch<IndexedDocument>
  vocabulary: Vocabulary
  options: SerializedSearchOptions
  doc: DocFile
  query: string
}

function search(input: SearchInput): PageResult[] {
  const { miniSearch, vocabulary, options, doc, limit = 10, sectionsPerPage = 3 } = input
  const plan = planQuery(input.query, options, vocabulary)
  if (!plan) return []
  const { boost, weights } = options
  const results = rankResults(miniSearch.search(plan.query, { boost, weights }), plan)
  // Group the sections by page; a page ranks by its best section plus a share of the next ones.
  // Sections far down the list cannot lift a page into the first ones: the best 300 suffice
  // (on a large site a common word matches thousands).
  const groups = new Map<number, { score: number; extra: number; results: SearchResult[] }>()
  for (const result of results.slice(0, Math.max(300, limit * 30))) {
    const section = doc.sections[result.id as number]
    if (!section) continue
    const group = groups.get(section[0])
    if (!group) groups.set(section[0], { score: result.score, extra: 0, results: [result] })
    else if (group.results.length < 4) {
      group.extra += result.score
      group.results.push(result)
    }
  }
  const ranked = [...groups].sort(
    ([, a], [, b]) =>
      b.score +
      options.pageSectionWeight * b.extra -
      (a.score + options.pageSectionWeight * a.extra),
  )
  const pages: PageResult[] = []
  let count = 0
  for (const [pageIndex, group] of ranked) {
    if (count >= limit) break
    const [url, title, breadcrumbs] = doc.pages[pageIndex]!
    const page: PageResult = {
      url,
      title,
      breadcrumbs,
      sections: [],
      score: group.score + options.pageSectionWeight * group.extra,
    }
    for (const result of group.results.slice(0, Math.min(sectionsPerPage, limit - count))) {
      const [, anchor, heading, text] = doc.sections[result.id as number]!
      const id = anchor === 0 ? slug(heading) : anchor
      const terms = new Set(result.terms)
      // The intro has no heading of its own: it shows as the page.
      const shown = heading || title
      page.sections.push({
        url: id === '' ? url : `${url}#${id}`,
        heading: shown,
        headingSnippet: makeSnippet(shown, terms, Infinity),
        snippet: text === '' ? [] : makeSnippet(text, terms),
        score: result.score,
      })
      count++
    }
    pages.push(page)
  }
  return pages
}
