/**
 * Builds the two search files of a site from its pages' sections: one MiniSearch document per
 * section (page intro, each h2/h3), and the short display records the results show.
 */
import {
  DEFAULT_OPTIONS,
  FORMAT_VERSION,
  SNIPPET_LENGTH,
  processTerm,
  slug,
  tokenize,
  type DocFile,
  type DocPage,
  type DocSection,
  type IndexFile,
  type IndexedDocument,
} from './format.js'
import { buildPostings } from './build-postings.js'
import { decodeTerms } from './index-codec.js'
import { SPLIT_ABOVE, splitDoc, splitIndex, type SplitOptions } from './split.js'

/** One searchable section of a page: its intro (before the first heading) or an h2/h3. */
export interface SearchSection {
  /** Heading id, used as the URL fragment; `null` for the page intro. */
  anchor: string | null
  /** Heading text (for the intro, the page title). */
  heading: string
  /** Plain text of the section, without code blocks. */
  text: string
  /** Identifiers found in the section's code blocks and inline code, space separated. */
  code: string
}

/** One page to index. Pages that opt out of search are left out by the caller. */
export interface SearchPage {
  /** The route, e.g. `/docs/api/tokens/tokenize`. */
  path: string
  title: string
  /** Labels of the page's ancestors, e.g. `['API', 'Tokens']`. */
  breadcrumbs: string[]
  /** The front matter's `description`: what the page is about, in a sentence. */
  description?: string
  /** The front matter's `keywords`: the words readers use for the page's subject. */
  keywords?: string[]
  sections: SearchSection[]
}

export interface BuildSearchIndexOptions {
  pages: SearchPage[]
  /** The build clock; its value names the files (`search-doc-<ms>.json`). */
  now: () => Date
  /**
   * Most sections a term keeps per field, for large sites: a term found in more sections keeps
   * those where it weighs most (by BM25). Bounds the query time (under 10 ms at p95 on 50,000
   * sections) and the index size. The cut also makes such a term look rarer to BM25, so small
   * sites, where queries are fast anyway, keep every posting.
   * @default 300 above 5,000 sections, no cap below
   */
  maxPostings?: number
  /**
   * Split the files into parts loaded as queries need them, so that a reader of a large site
   * downloads a fraction of the index. By default, when either file would exceed 1.5 MB.
   */
  split?: boolean | SplitOptions
}

/** The files, ready to write at the site base path. */
export interface SearchIndexFiles {
  /** Milliseconds since the epoch, shared by all file names. */
  timestamp: number
  /** `search-doc-<timestamp>.json` */
  docFile: string
  /** `search-index-<timestamp>.json` */
  indexFile: string
  docJson: string
  indexJson: string
  /**
   * Large sites: the part files (`search-index-<timestamp>-<k>.json`,
   * `search-doc-<timestamp>-<k>.json`), to serve next to the two main files. Empty otherwise.
   */
  parts: Array<{ file: string; json: string }>
}

/** Sections from which a site counts as large (postings capped by default). */
const LARGE_SITE = 5000

/** Builds the doc file and the index file for `pages`. Pure: writes nothing. */
export function buildSearchIndex(options: BuildSearchIndexOptions): SearchIndexFiles {
  const date = options.now()
  const timestamp = date.getTime()
  if (!Number.isFinite(timestamp)) {
    throw new TypeError(`Cannot name the search files: \`now()\` returned an invalid date`)
  }
  const builtAt = date.toISOString()
  const sectionCount = options.pages.reduce((n, page) => n + page.sections.length, 0)
  const maxPostings = options.maxPostings ?? (sectionCount > LARGE_SITE ? 300 : Infinity)
  const serialized = {
    ...DEFAULT_OPTIONS,
    maxPostings: Number.isFinite(maxPostings) ? maxPostings : null,
  }
  const pages: DocPage[] = []
  const sections: DocSection[] = []
  const documents: IndexedDocument[] = []

  for (const page of options.pages) {
    const pageIndex = pages.push([page.path, page.title, page.breadcrumbs]) - 1
    const hierarchy = page.breadcrumbs.join(' ')
    const keywords = [page.description ?? '', ...(page.keywords ?? [])].join(' ')
    for (const [k, section] of page.sections.entries()) {
      const anchor =
        section.anchor === null ? '' : section.anchor === slug(section.heading) ? 0 : section.anchor
      const i = sections.push([pageIndex, anchor, section.heading, shorten(section.text)]) - 1
      // The intro's heading repeats the title: index it once, under `title`.
      const heading =
        section.anchor === null && section.heading === page.title ? '' : section.heading
      documents.push({
        i,
        title: page.title,
        heading,
        // Page-level words go with the first section only (the intro, usually): the page ranks
        // by its best section plus a share of the others, so once is enough, and smaller.
        hierarchy: k === 0 ? hierarchy : '',
        keywords: k === 0 ? keywords : '',
        text: section.text,
        code: newIdentifiers(section.code, `${heading} ${section.text}`),
      })
    }
  }
  const compact = buildPostings(documents, {
    ...serialized,
    tokenize,
    processTerm,
    maxPostings,
  })

  const doc: DocFile = {
    formatVersion: FORMAT_VERSION,
    builtAt,
    options: serialized,
    pages,
    sections,
  }
  const index: IndexFile = {
    formatVersion: FORMAT_VERSION,
    builtAt,
    options: serialized,
    index: compact,
  }
  const docFile = `search-doc-${timestamp}.json`
  const indexFile = `search-index-${timestamp}.json`
  let docJson = JSON.stringify(doc)
  let indexJson = JSON.stringify(index)
  const split = options.split ?? Math.max(docJson.length, indexJson.length) > SPLIT_ABOVE
  if (!split) return { timestamp, docFile, indexFile, docJson, indexJson, parts: [] }

  const sizes = split === true ? {} : split
  const stamp = { builtAt, formatVersion: FORMAT_VERSION, ...sizes }
  const partName = (kind: string) => (k: number) => `search-${kind}-${timestamp}-${k}.json`
  const indexParts = splitIndex(
    compact,
    decodeTerms(compact.terms),
    compact.postings === '' ? [] : compact.postings.split('\n'),
    options.pages.map((page) => page.sections.length),
    { ...stamp, fileName: partName('index') },
  )
  const docParts = splitDoc(pages, sections, stamp)
  docJson = JSON.stringify({
    ...doc,
    pages: [],
    sections: [],
    parts: {
      files: docParts.map((_, k) => partName('doc')(k)),
      firstPage: docParts.map((part) => part.firstPage),
      pageCount: pages.length,
      sectionCount: sections.length,
    },
  } satisfies DocFile)
  indexJson = JSON.stringify({
    ...index,
    index: indexParts.main,
    parts: indexParts.info,
  } satisfies IndexFile)
  return {
    timestamp,
    docFile,
    indexFile,
    docJson,
    indexJson,
    parts: [
      ...indexParts.parts.map((part, k) => ({
        file: partName('index')(k),
        json: JSON.stringify(part),
      })),
      ...docParts.map((part, k) => ({ file: partName('doc')(k), json: JSON.stringify(part) })),
    ],
  }
}

/**
 * The identifiers of `code` that bring a term the prose does not have. Inline code is in both
 * the text and the code of a section; indexing it twice made the docs site's index 10% larger.
 */
export function newIdentifiers(code: string, prose: string): string {
  if (code === '') return code
  const known = new Set<string>()
  for (const token of tokenize(prose)) {
    const terms = processTerm(token)
    if (typeof terms === 'string') known.add(terms)
    else for (const term of terms ?? []) known.add(term)
  }
  return tokenize(code)
    .filter((token) => {
      const terms = processTerm(token, 'code')
      if (terms === null) return false
      return typeof terms === 'string' ? !known.has(terms) : terms.some((term) => !known.has(term))
    })
    .join(' ')
}

/** Collapses white space and cuts the text at a word boundary near {@link SNIPPET_LENGTH}. */
export function shorten(text: string, length = SNIPPET_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  if (flat.length <= length) return flat
  const cut = flat.lastIndexOf(' ', length - 1)
  return flat.slice(0, cut > length / 2 ? cut : length - 1).replace(/[\s,;:.]+$/, '') + '…'
}
