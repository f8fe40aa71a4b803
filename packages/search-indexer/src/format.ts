/**
 * The search file format, shared by the build (`build-index.ts`) and the browser loader
 * (`browser.ts`): file shapes, the format version, the tokenizer and the MiniSearch options.
 *
 * No Node imports here: this module ends up in the theme's lazy search chunk. Index time and
 * query time must tokenize identically, so both sides take the functions from this one module,
 * and the serialisable part of the options travels inside the files (MiniSearch #10, #55).
 */
import type { CompactIndex } from './index-codec.js'
import type { PartRun } from './part-names.js'

/** Version of the two files' layout and of the tokenizer. Bump on any incompatible change. */
export const FORMAT_VERSION = 3

/** Format versions this loader reads. */
export const SUPPORTED_FORMAT_VERSIONS: readonly number[] = [FORMAT_VERSION]

/** Longest section text kept in the doc file for snippets, in characters. */
export const SNIPPET_LENGTH = 120

/** The fields of one indexed document (one section of a page). */
export type IndexedField = 'title' | 'heading' | 'hierarchy' | 'keywords' | 'text' | 'code'

/** The document MiniSearch indexes: `i` is the section's position in the doc file. */
export interface IndexedDocument {
  i: number
  title: string
  heading: string
  hierarchy: string
  keywords: string
  text: string
  code: string
}

/** Search options that can be written to JSON; {@link toSearchOptions} turns them into functions. */
export interface SerializedSearchOptions {
  /** Score multiplier per field. */
  boost: Partial<Record<IndexedField, number>>
  /**
   * Which query terms also match as prefixes of indexed terms ("tok" finds "tokenize"): `all`,
   * or only the `last` one, the word being typed.
   */
  prefix: 'all' | 'last'
  /** Shortest query term matched as a prefix. */
  minPrefixLength: number
  /** Most index terms a prefix expands to (the most frequent ones). */
  maxPrefixTerms: number
  /** Weight of the pieces of a compound typed whole (`api` of `VB-API-KEY`). */
  partWeight: number
  /**
   * A page ranks by its best section plus this share of its next best ones (at most three):
   * a page that matches in several sections is more likely the one wanted.
   */
  pageSectionWeight: number
  /**
   * Typo tolerance as a fraction of the term length ("tokenze" finds "tokenize"). Applied only
   * to query terms that match nothing as typed: a word found in the index is taken as meant,
   * which keeps results precise and queries fast on large sites.
   */
  fuzzy: number
  /** Largest edit distance allowed, whatever the term length. */
  maxFuzzy: number
  /** Terms shorter than this are matched without typo tolerance. */
  minFuzzyLength: number
  /** Relative weights of prefix and fuzzy matches (exact matches weigh 1). */
  weights: { prefix: number; fuzzy: number }
  combineWith: 'OR' | 'AND'
}

/** The serialisable MiniSearch options, recorded in both files. */
export interface SerializedOptions {
  /** Name of the tokenizer of this format version (informative; the version decides). */
  tokenizer: string
  idField: 'i'
  fields: IndexedField[]
  storeFields: string[]
  /** Cap on sections per term and field the build applied (`null`: none). Informative. */
  maxPostings: number | null
  searchOptions: SerializedSearchOptions
}

/** `search-index-<timestamp>.json` */
export interface IndexFile {
  formatVersion: number
  /** ISO time of the build; the same in both files. */
  builtAt: string
  options: SerializedOptions
  /** MiniSearch's `toJSON()`, in the compact form of `index-codec.ts`. */
  index: CompactIndex
  /**
   * Large sites: the terms and postings are split by term range into part files, loaded as
   * queries need them (`index.terms` and `index.postings` are empty then).
   */
  parts?: IndexParts
}

/** The part files of a split index. */
export interface IndexParts {
  /**
   * Term-range parts, next to the index file: `search-index-<timestamp>-<k>.json`, where the
   * timestamp is that of the build that wrote the part (an incremental build keeps the parts
   * its edits did not touch), listed as runs (`part-names.ts`).
   */
  files: PartRun[]
  /**
   * Where each part after the first begins: part k holds the terms t with
   * `bounds[k - 1] <= t < bounds[k]`. Each bound is the shortest string that separates the last
   * term of a part from the first of the next, so that a prefix spans two parts only when
   * terms on both sides start with it.
   */
  bounds: string[]
  /**
   * Prefix files: the completions of each prefix whose terms span more than one part (short
   * ones: `to` on a large site), so that a word being typed loads one small file instead of
   * every part of its range. One per prefix of `spanningPrefixes(bounds)` (`bounds.ts`), in
   * its order: `search-prefix-<timestamp>-<k>.json`, as runs.
   */
  prefixes: PartRun[]
  /**
   * The sections of each page in section-number order, as base-32 numbers (`index-codec.ts`):
   * `count * 2`, or `count * 2 + 1` for numbers no page holds (left by an incremental build).
   * Which page a section is of, to group results by page before any doc part is loaded.
   */
  pages: string
}

/** One term-range part of a split index. */
export interface IndexPart {
  formatVersion: number
  /** ISO time of the build that wrote the part (the timestamp in its name). */
  builtAt: string
  /** As in {@link CompactIndex}. */
  terms: string
  postings: string
}

/**
 * A prefix file (see {@link IndexParts.prefixes}): the prefix's `maxPrefixTerms` completions,
 * most postings first; `terms` holds them, and the prefix and its plurals when they are terms.
 */
export interface PrefixPart extends IndexPart {
  prefix: string
  completions: string[]
}

/** A page in the doc file: `[path, title, breadcrumbs]`. */
export type DocPage = [path: string, title: string, breadcrumbs: string[]]

/**
 * A section in the doc file: `[page, anchor, heading, text]`, where `page` indexes `pages`,
 * `anchor` is `""` for the page intro and `0` when it is {@link slug}`(heading)` (most are),
 * and `text` is at most {@link SNIPPET_LENGTH} characters.
 */
export type DocSection = [page: number, anchor: string | 0, heading: string, text: string]

/** `search-doc-<timestamp>.json`: what a result displays. Short tuples keep the file small. */
export interface DocFile {
  formatVersion: number
  builtAt: string
  options: SerializedOptions
  pages: DocPage[]
  sections: DocSection[]
  /** Large sites: pages and sections are in part files, loaded for the results shown. */
  parts?: DocParts
}

/** The part files of a split doc file. */
export interface DocParts {
  /**
   * One part a page, in page order, next to the doc file: `search-doc-<timestamp>-<k>.json`, as
   * runs (see {@link IndexParts.files}). A list of results shows up to ten pages: each costs
   * its own records only (half a kilobyte gzipped), not those of the pages beside it.
   */
  files: PartRun[]
  /** Pages and section numbers, counting those no page holds (see {@link IndexParts.pages}). */
  pageCount: number
  sectionCount: number
}

/**
 * One part of a split doc file: page `firstPage` (one page, `null` for a number no page holds)
 * and its sections, numbered from `firstSection`.
 */
export interface DocPart {
  formatVersion: number
  builtAt: string
  firstPage: number
  firstSection: number
  pages: Array<DocPage | null>
  sections: Array<DocSection | null>
}

/** The options this version of the indexer writes. */
export const DEFAULT_OPTIONS: SerializedOptions = {
  tokenizer: 'api-words-1',
  idField: 'i',
  fields: ['title', 'heading', 'hierarchy', 'keywords', 'text', 'code'],
  storeFields: [],
  maxPostings: null,
  searchOptions: {
    boost: { title: 4, heading: 3, hierarchy: 1.2, keywords: 2, text: 1, code: 1.5 },
    prefix: 'last',
    minPrefixLength: 2,
    maxPrefixTerms: 8,
    partWeight: 0.35,
    pageSectionWeight: 0.2,
    fuzzy: 0.2,
    maxFuzzy: 2,
    minFuzzyLength: 4,
    weights: { prefix: 0.6, fuzzy: 0.35 },
    combineWith: 'OR',
  },
}

// A raw token: letters and digits, possibly joined by `-`, `_` or `.` inside the word, so that
// `VB-API-KEY`, `token_type` and `client.tokens.create` stay whole before `processTerm`.
const TOKEN = /[\p{L}\p{N}]+(?:[-_.][\p{L}\p{N}]+)*/gu
const JOINERS = /[-_.]/
const PLAIN = /^(?:[A-Za-z]?[a-z]*|[0-9]*)$/
// Lower-to-upper and acronym-to-word boundaries: `createElement`, `XMLHttpRequest`, `iOS`.
const CAMEL = /(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/u

/** Three or more letter/digit alternations: ids and hashes (`01HZX3K2M5`, `4a6b`), not words. */
function isIdLike(term: string): boolean {
  let changes = 0
  let digit: boolean | null = null
  for (const char of term) {
    if (char === '-' || char === '_' || char === '.') {
      digit = null
      continue
    }
    const isDigit = char >= '0' && char <= '9'
    if (digit !== null && isDigit !== digit && ++changes >= 3) return true
    digit = isDigit
  }
  return false
}

/** English words too common to help; dropped from the index and from queries. */
const STOP_WORDS = new Set(
  (
    'a about above after again against all also am an and any are as at be because been ' +
    'before being below between both but by can could did do does doing during each few for ' +
    'from further had has have having he her here hers him his how i if in into is it its ' +
    'itself just may me more most must my no nor not of off on once only or other our ours ' +
    'out over own same she should so some such than that the their them then there these ' +
    'they this those through to too under until up very was we were what when where which ' +
    'while who whom why will with would you your yours'
  ).split(' '),
)

/**
 * Keywords and boilerplate of code samples in the languages of the docs, dropped from the
 * `code` field only: every sample has them, no reader searches for them there.
 */
const CODE_STOP_WORDS = new Set(
  (
    'async await break case catch class const def default do echo else end err export extends ' +
    'false final fmt fn for func function if import in let main new nil none null package ' +
    'print printf println private protected public return self static string struct this ' +
    'throw throws true try undefined using val var void while com www http https example'
  ).split(' '),
)

/**
 * A heading's usual id (`Create a token` -> `create-a-token`), to leave most anchors out of the
 * doc file. It need not match the Markdown pipeline's slugger: an anchor it would get wrong
 * (a repeated heading's `request-1`) is written out.
 */
export function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-')
}

/** Splits text into raw tokens (see {@link processTerm} for what each becomes). */
export function tokenize(text: string): string[] {
  return text.match(TOKEN) ?? []
}

/** Lower-cases and strips accents (`Café` -> `cafe`). */
function normalize(term: string): string {
  return term.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()
}

/**
 * Turns one raw token into the terms that are indexed (or searched) for it:
 * - `tokenize` -> `tokenize`
 * - `VB-API-KEY` -> `vb-api-key`, `vb`, `api`, `key`
 * - `token_type` -> `token_type`, `token`, `type`
 * - `createElement` -> `createelement`, `create`, `element`
 * - `client.tokens.createBatch` -> itself, `createbatch`, `client`, `tokens`, `create`, `batch`
 * Dropped: one-character terms (kept inside a compound), id-like strings (`01HZX3K2M5`), stop
 * words in the `text`, `hierarchy` and `code` fields, and in `code` the keywords every sample
 * has (`const`, `await`). `field` is undefined for queries.
 */
export function processTerm(token: string, field?: string): string | string[] | null {
  const stop = STOP_FILTERS[field ?? ''] ?? keepAll
  // Fast path for the common case, a plain ASCII word or number (`Tokens`, `429`).
  if (PLAIN.test(token)) {
    const term = token.toLowerCase()
    return term.length < 2 || stop(term) ? null : term
  }
  const terms = new Set<string>()
  const whole = normalize(token)
  const joined = token.split(JOINERS).filter((part) => !isIdLike(part))
  const parts = joined.flatMap((part) => part.split(CAMEL))
  if (parts.length > 1 || joined.length < token.split(JOINERS).length) {
    if (joined.length > 1 && keepsWhole(whole)) terms.add(whole)
    for (const part of joined) {
      if (CAMEL.test(part)) terms.add(normalize(part))
    }
  } else if (whole.length < 2 || stop(whole) || isIdLike(whole)) {
    return null
  } else {
    return [whole]
  }
  for (const part of parts) {
    const term = normalize(part)
    if (term.length >= 2 && !stop(term)) terms.add(term)
  }
  return terms.size > 0 ? [...terms] : null
}

/**
 * Whether a compound is indexed whole besides its parts: `vb-api-key`, `token_type`,
 * `tokens.create`, but not ids, addresses and versions (`203.0.113.10`, `2.7.0`) nor long
 * dotted paths (`androidx.lifecycle.lifecyclescope`), which nobody types: their parts are
 * enough to find them.
 */
function keepsWhole(compound: string): boolean {
  if (isIdLike(compound)) return false
  const dotted = compound.split('.')
  return dotted.length === 1 || (dotted.length === 2 && !dotted.some((part) => /^\d+$/.test(part)))
}

const keepAll = () => false

/** Whether a term is an English stop word (not marked in snippets). */
export function isStopWord(term: string): boolean {
  return STOP_WORDS.has(term)
}

/**
 * Which words each field drops. Titles and headings keep stop words ("What Is the Proxy"), and
 * so do queries: typing a page's title finds it first, while the stop words of a query match
 * nothing in the long fields.
 */
const STOP_FILTERS: Record<string, (term: string) => boolean> = {
  text: isStopWord,
  keywords: isStopWord,
  hierarchy: isStopWord,
  code: (term) => STOP_WORDS.has(term) || CODE_STOP_WORDS.has(term),
}
