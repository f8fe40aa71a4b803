/**
 * The search file format, shared by the build (`build-index.ts`) and the browser loader
 * (`browser.ts`): file shapes, the format version, the tokenizer and the MiniSearch options.
 *
 * No Node imports here: this module ends up in the theme's lazy search chunk. Index time and
 * query time must tokenize identically, so both sides take the functions from this one module,
 * and the serialisable part of the options travels inside the files (MiniSearch #10, #55).
 */
import type { Options } from 'minisearch'

/** Version of the two files' layout and of the tokenizer. Bump on any incompatible change. */
export const FORMAT_VERSION = 1

/** Format versions this loader reads. */
export const SUPPORTED_FORMAT_VERSIONS: readonly number[] = [FORMAT_VERSION]

/** Longest section text kept in the doc file for snippets, in characters. */
export const SNIPPET_LENGTH = 200

/** The fields of one indexed document (one section of a page). */
export type IndexedField = 'title' | 'heading' | 'hierarchy' | 'text' | 'code'

/** The document MiniSearch indexes: `i` is the section's position in the doc file. */
export interface IndexedDocument {
  i: number
  title: string
  heading: string
  hierarchy: string
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
  /** `MiniSearch#toJSON()` */
  index: unknown
}

/** A page in the doc file: `[path, title, breadcrumbs]`. */
export type DocPage = [path: string, title: string, breadcrumbs: string[]]

/**
 * A section in the doc file: `[page, anchor, heading, text]`, where `page` indexes `pages`,
 * `anchor` is `""` for the page intro, and `text` is at most {@link SNIPPET_LENGTH} characters.
 */
export type DocSection = [page: number, anchor: string, heading: string, text: string]

/** `search-doc-<timestamp>.json`: what a result displays. Short tuples keep the file small. */
export interface DocFile {
  formatVersion: number
  builtAt: string
  options: SerializedOptions
  pages: DocPage[]
  sections: DocSection[]
}

/** The options this version of the indexer writes. */
export const DEFAULT_OPTIONS: SerializedOptions = {
  tokenizer: 'api-words-1',
  idField: 'i',
  fields: ['title', 'heading', 'hierarchy', 'text', 'code'],
  storeFields: [],
  maxPostings: null,
  searchOptions: {
    boost: { title: 4, heading: 3, hierarchy: 1.2, text: 1, code: 1.5 },
    prefix: 'all',
    minPrefixLength: 2,
    maxPrefixTerms: 8,
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
// Lower-to-upper and acronym-to-word boundaries: `createElement`, `XMLHttpRequest`, `iOS10`.
const CAMEL =
  /(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})|(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/u

/** English words too common to help; dropped from the index and from queries. */
const STOP_WORDS = new Set(
  (
    'a an and are as at be but by can do does for from has have how i if in into is it its ' +
    'may more must not of on or our so such than that the their them then there these they ' +
    'this to was we were what when where which while who will with you your'
  ).split(' '),
)

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
 * Stop words and one-character terms are dropped, except inside a compound.
 */
export function processTerm(token: string): string | string[] | null {
  // Fast path for the common case, a plain ASCII word or number (`Tokens`, `429`).
  if (PLAIN.test(token)) {
    const term = token.toLowerCase()
    return term.length < 2 || STOP_WORDS.has(term) ? null : term
  }
  const terms = new Set<string>()
  const whole = normalize(token)
  const parts = token.split(JOINERS).flatMap((part) => part.split(CAMEL))
  if (parts.length > 1) {
    terms.add(whole)
    for (const part of token.split(JOINERS)) {
      if (CAMEL.test(part)) terms.add(normalize(part))
    }
  } else if (whole.length < 2 || STOP_WORDS.has(whole)) {
    return null
  } else {
    return [whole]
  }
  for (const part of parts) {
    const term = normalize(part)
    if (term.length >= 2 && !STOP_WORDS.has(term)) terms.add(term)
  }
  return terms.size > 0 ? [...terms] : null
}

/**
 * The MiniSearch options for the serialised ones, the same at build and in the browser. Search
 * options are not among them: `query.ts` passes them with each query.
 */
export function toMiniSearchOptions(options: SerializedOptions): Options<IndexedDocument> {
  return {
    idField: options.idField,
    fields: options.fields,
    storeFields: options.storeFields,
    tokenize,
    processTerm,
  }
}
