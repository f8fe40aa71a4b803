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
  type IndexPart,
  type IndexedDocument,
  type PrefixPart,
} from './format.js'
import {
  collectCounted,
  countFields,
  foldingAverage,
  exactPostings,
  foldPostings,
  TermTable,
  type CollectedPostings,
  type Counts,
} from './build-postings.js'
import { encodeLevelPostings, encodeTerms, type CompactIndex } from './index-codec.js'
import { RESERVE } from './cap.js'
import {
  foldedTerms,
  sumLengths,
  updateFoldedTerms,
  type FoldedTerms,
  type FoldedTermsCache,
} from './folded-terms.js'
import {
  SPLIT_ABOVE,
  encodeBlocks,
  encodeTerm,
  prefixFile,
  splitDoc,
  splitTerms,
  termRange,
  type DocBlock,
  type SplitOptions,
} from './split.js'
import { parsePartName, partRuns, type PartKind } from './part-names.js'
import { partMaker, type SearchPart } from './part-files.js'
import { TouchedTerms, indexPartTerms } from './touched-terms.js'
import { spanningPrefixes } from './bounds.js'

export type { PartKind } from './part-names.js'
export type { SearchPart } from './part-files.js'

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
   * downloads a fraction of the index. By default, when either file would exceed about 1.5 MB.
   */
  split?: boolean | SplitOptions
  /**
   * How BM25 learns each section's field lengths in a whole (not split) index: `exact`, from a
   * table in the index file, or `folded` into each posting's weight, as split indexes always
   * do (smaller for large sites, larger for small ones, scores within 1%).
   * @default 'exact'
   */
  norms?: 'exact' | 'folded'
  /**
   * Pages indexed by an earlier build (see `indexPage`): a page found here is not tokenized
   * again. Told each page indexed anew. The files are the same with or without it.
   */
  memo?: IndexedPageMemo
  /**
   * The name of a part file an earlier build wrote with the same content (`body`: the part's
   * JSON without its `builtAt`), to keep it: the part is then not written again, and readers
   * keep it in their cache. Undefined (or not a part name of that kind): the part is named
   * after this build.
   */
  previousPart?: (kind: PartKind, body: string) => string | undefined
  /**
   * The name of the doc part an earlier build wrote for the page at `page` (its position in
   * `pages`) when that part holds what this build's would: the same page at the same position,
   * its sections numbered from `firstSection`. The part is then kept without being serialised
   * (an edit of one page of 10,000 serialises one doc part). Given, doc parts are not asked of
   * `previousPart`; undefined (or not the name of a doc part): the part is named after this build.
   */
  previousDocPart?: (page: number, firstSection: number) => string | undefined
  /**
   * The name of the index or prefix part of an earlier build whose terms are `terms`
   * (`SearchPart.terms`), when that build's folded terms are `folded.previous` (the caller's to
   * make sure: another build's part of that name may hold other terms). A part none of whose
   * terms changed since is then kept without being made (an edit of one page of 10,000 makes a
   * few of 325 index parts). Undefined (or not a part name of that kind): as `previousPart`.
   */
  previousTermPart?: (kind: 'index' | 'prefix', terms: string) => string | undefined
  /**
   * The folded terms an earlier build kept (`SearchIndexFiles.folded`), so that a split index
   * encodes again only the terms of the pages that changed (with `memo`, whose table the
   * earlier pages are counted in). The files are the same with or without it.
   */
  folded?: FoldedTermsCache
}

/** One page as the index holds it: its sections' display records and counted fields. */
export interface IndexedPage {
  /** `[anchor, heading, text]` of each section (see {@link DocSection}). */
  sections: Array<[anchor: string | 0, heading: string, text: string]>
  /** Each section's fields, counted (see `Counts`), in the order of `DEFAULT_OPTIONS.fields`. */
  counts: Counts
  /**
   * `sections.length`, when known without reading `sections` (a memo may read a page's sections
   * only when asked: an edit of a split index reads those of the changed pages alone).
   */
  readonly sectionCount?: number
  /**
   * At least the bytes of `sections` as JSON less two, when known without reading them: an index
   * whose doc file would exceed the split size this way is split without making that file.
   */
  readonly sectionBytes?: number
}

/** The number of sections of an indexed page (`IndexedPage.sectionCount`). */
export function sectionCount(entry: IndexedPage): number {
  return entry.sectionCount ?? entry.sections.length
}

/**
 * Indexed pages kept from build to build, keyed by the caller (a hash of the page, say), with
 * the table their terms are numbered in (new pages number their new terms on).
 */
export interface IndexedPageMemo {
  terms: TermTable
  get(page: SearchPage, position: number): IndexedPage | undefined
  set(page: SearchPage, position: number, indexed: IndexedPage): void
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
   * `search-prefix-<timestamp>-<k>.json`, `search-doc-<timestamp>-<k>.json`), to serve next to
   * the two main files. Empty otherwise.
   */
  parts: SearchPart[]
  /**
   * A split index built with `folded`: what to keep for the next build, and how many terms were
   * folded and encoded (all of them, or those of the changed pages), and which terms differ from
   * the earlier build's (of those of the changed pages; absent: any may).
   */
  folded?: { terms: FoldedTerms; encoded: number; touched?: ReadonlySet<string> }
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
  const table = options.memo?.terms ?? new TermTable()
  const indexed = options.pages.map((page, k) => {
    let entry = options.memo?.get(page, k)
    if (!entry) {
      entry = indexPage(page, table)
      options.memo?.set(page, k, entry)
    }
    return entry
  })
  const pages: DocPage[] = options.pages.map((page) => [page.path, page.title, page.breadcrumbs])
  const sectionCounts = indexed.map(sectionCount)
  const sectionTotal = sectionCounts.reduce((sum, n) => sum + n, 0)
  // The display records of every section, made when needed: a split index's edit makes those of
  // the pages whose doc part is made again (the others keep theirs), not those of every page.
  let allSections: DocSection[] | undefined
  const sectionsOf = (k: number): DocSection[] =>
    indexed[k]!.sections.map(([anchor, heading, text]): DocSection => [k, anchor, heading, text])
  const sections = () => (allSections ??= indexed.flatMap((_, k) => sectionsOf(k)))
  const maxPostings = options.maxPostings ?? (sectionTotal > LARGE_SITE ? 300 : Infinity)
  const serialized = {
    ...DEFAULT_OPTIONS,
    maxPostings: Number.isFinite(maxPostings) ? maxPostings : null,
  }
  const fieldCount = serialized.fields.length
  // Counted once, when needed: an edit of a split index reuses the earlier build's terms.
  let counted: CollectedPostings | undefined
  const collected = () =>
    (counted ??= collectCounted(
      indexed.map((entry) => entry.counts),
      fieldCount,
      table,
    ))
  const docFile = `search-doc-${timestamp}.json`
  const indexFile = `search-index-${timestamp}.json`
  const stamp = { formatVersion: FORMAT_VERSION, builtAt }
  const doc = (): DocFile => ({ ...stamp, options: serialized, pages, sections: sections() })
  let docJson: string | undefined
  const docJsonOf = () => (docJson ??= JSON.stringify(doc()))
  const split =
    options.split ??
    (knownSectionBytes(indexed) > SPLIT_ABOVE ||
      docJsonOf().length > SPLIT_ABOVE ||
      indexBytes(collected()) > SPLIT_ABOVE)
  if (!split) {
    const folded = options.norms === 'folded'
    const index: IndexFile = {
      ...stamp,
      options: serialized,
      index: folded
        ? foldedIndex(collected(), serialized.fields, maxPostings)
        : exactPostings(collected(), { fields: serialized.fields, maxPostings }),
    }
    const indexJson = JSON.stringify(index)
    return { timestamp, docFile, indexFile, docJson: docJsonOf(), indexJson, parts: [] }
  }

  const sizes = split === true ? {} : split
  const { searchOptions } = serialized
  const updated =
    options.folded &&
    updateFoldedTerms({ cache: options.folded, indexed, table, fieldCount, maxPostings })
  const terms =
    updated?.terms ??
    foldPostings(collected(), {
      fields: serialized.fields,
      maxPostings,
      // What an edit's build takes the next strongest postings from (`updateFoldedTerms`).
      reserve: options.folded ? RESERVE : 0,
    }).map(([term, byField, reserve]) => encodeTerm(term, byField, reserve))
  const { parts: ranges, bounds } = splitTerms(terms, sizes.indexPartBytes)
  const prefixes = spanningPrefixes(bounds, searchOptions.minPrefixLength)
  // Each page's block, its sections made only when its doc part's content is asked for.
  const blocks = options.pages.map((_, k) =>
    lazyBlock(pages[k]!, sectionCounts[k]!, () => sectionsOf(k)),
  )
  const docParts = splitDoc(blocks)
  // A part an earlier build wrote the same keeps its name (see `partMaker`).
  const make = partMaker({ timestamp, builtAt, previousPart: options.previousPart })
  const docPart = (k: number, content: (typeof docParts)[number]): SearchPart => {
    const doc = { page: k, firstSection: content.firstSection }
    if (!options.previousDocPart) return make.byBody('doc', k, content, { doc })
    const previous = options.previousDocPart(k, content.firstSection)
    return make.lazy('doc', k, previous, () => content, { doc })
  }
  // The parts whose terms an edit left alone are kept as they were, not made again.
  const touched = updated && options.previousTermPart ? new TouchedTerms(updated.touched) : null
  const termPart = (
    kind: 'index' | 'prefix',
    k: number,
    terms: string,
    unchanged: boolean,
    content: () => object,
  ): SearchPart => {
    const previous = unchanged ? options.previousTermPart?.(kind, terms) : undefined
    return previous !== undefined && parsePartName(kind, previous) !== null
      ? make.lazy(kind, k, previous, content, { terms })
      : make.byBody(kind, k, content(), { terms })
  }
  const indexFiles = ranges.map((range, k) =>
    termPart(
      'index',
      k,
      indexPartTerms(range),
      touched?.noneBetween(range[0]!.term, range[range.length - 1]!.term) ?? false,
      () => termRange(range),
    ),
  )
  const prefixParts = prefixes.map((prefix, k) =>
    termPart('prefix', k, prefix, touched?.noneWithPrefix(prefix) ?? false, () => {
      const file = prefixFile(terms, prefix, searchOptions.maxPrefixTerms)
      return {
        ...file.range,
        prefix,
        completions: file.completions,
      } satisfies Omit<PrefixPart, keyof typeof stamp>
    }),
  )
  const docFiles = docParts.map((content, k) => docPart(k, content))
  const index: IndexFile = {
    ...stamp,
    options: serialized,
    index: {
      documentCount: sectionTotal,
      averageFieldLength: [],
      fieldLength: [],
      terms: '',
      postings: '',
      norms: 'folded',
    },
    parts: {
      files: partRuns(
        'index',
        indexFiles.map((p) => p.file),
      ),
      bounds,
      prefixes: partRuns(
        'prefix',
        prefixParts.map((p) => p.file),
      ),
      pages: encodeBlocks(blocks),
    },
  }
  const splitDocFile: DocFile = {
    ...stamp,
    options: serialized,
    pages: [],
    sections: [],
    parts: {
      files: partRuns(
        'doc',
        docFiles.map((p) => p.file),
      ),
      pageCount: pages.length,
      sectionCount: sectionTotal,
    },
  }
  return {
    timestamp,
    docFile,
    indexFile,
    docJson: JSON.stringify(splitDocFile),
    indexJson: JSON.stringify(index),
    parts: [...indexFiles, ...prefixParts, ...docFiles],
    ...(options.folded
      ? {
          folded: {
            terms: foldedTerms({
              keys: options.folded.keys,
              indexed,
              fieldCount,
              maxPostings,
              averages: updated
                ? options.folded.previous!.averages
                : collected().averageFieldLength.map(foldingAverage),
              lengthSums: updated
                ? updated.lengthSums
                : sumLengths(collected().fieldLength, fieldCount),
              terms,
            }),
            encoded: updated ? updated.encoded : terms.length,
            ...(updated ? { touched: updated.touched } : {}),
          },
        }
      : {}),
  }
}

/** Indexes one page: its sections' display records and counted fields. */
export function indexPage(page: SearchPage, table: TermTable): IndexedPage {
  const options = { fields: DEFAULT_OPTIONS.fields, tokenize, processTerm }
  const sections: IndexedPage['sections'] = []
  const counts: number[] = []
  for (const document of pageDocuments(page, 0)) {
    const section = page.sections[document.i]!
    const anchor =
      section.anchor === null ? '' : section.anchor === slug(section.heading) ? 0 : section.anchor
    sections.push([anchor, section.heading, shorten(section.text)])
    countFields(document, options, table, counts)
  }
  return { sections, counts: Int32Array.from(counts) }
}

/** The MiniSearch documents of a page's sections, numbered from `first`. */
function pageDocuments(page: SearchPage, first: number): IndexedDocument[] {
  const hierarchy = page.breadcrumbs.join(' ')
  const keywords = [page.description ?? '', ...(page.keywords ?? [])].join(' ')
  return page.sections.map((section, k) => {
    // The intro's heading repeats the title: index it once, under `title`.
    const heading = section.anchor === null && section.heading === page.title ? '' : section.heading
    return {
      i: first + k,
      title: page.title,
      heading,
      // Page-level words go with the first section only (the intro, usually): the page ranks
      // by its best section plus a share of the others, so once is enough, and smaller.
      hierarchy: k === 0 ? hierarchy : '',
      keywords: k === 0 ? keywords : '',
      text: section.text,
      code: newIdentifiers(section.code, `${heading} ${section.text}`),
    }
  })
}

/** A page's block whose sections are made when first read (`DocBlock`). */
function lazyBlock(page: DocPage, sectionCount: number, make: () => DocSection[]): DocBlock {
  let sections: DocSection[] | undefined
  return {
    page,
    sectionCount,
    get sections() {
      return (sections ??= make())
    },
  }
}

/**
 * A lower bound of the doc file's bytes from what the pages know of theirs without reading
 * their sections (`IndexedPage.sectionBytes`), or 0.
 */
function knownSectionBytes(indexed: readonly IndexedPage[]): number {
  let bytes = 0
  for (const entry of indexed) bytes += entry.sectionBytes ?? 0
  return bytes
}

/** A whole index with folded weights: as a split index scores. */
function foldedIndex(
  collected: CollectedPostings,
  fields: readonly string[],
  maxPostings: number,
): CompactIndex {
  const terms = foldPostings(collected, { fields, maxPostings })
  return {
    documentCount: collected.documentCount,
    averageFieldLength: [],
    fieldLength: [],
    terms: encodeTerms(terms.map(([term]) => term)),
    postings: terms.map(([, byField]) => encodeLevelPostings(byField)).join('\n'),
    norms: 'folded',
  }
}

/** About the bytes of a whole index file: two digits a posting, and the terms. */
function indexBytes(collected: CollectedPostings): number {
  let bytes = 0
  for (const [term, byField] of collected.terms) {
    bytes += term.length + 2
    for (const postings of byField) bytes += (postings?.ids.length ?? 0) * 2
  }
  return bytes
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
