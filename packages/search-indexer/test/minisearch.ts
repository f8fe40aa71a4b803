/**
 * MiniSearch as the reference the tests check the indexer and `score.ts` against: the compact
 * index turned into MiniSearch's serialised index (`toJSON()`, version 2) for
 * `MiniSearch.loadJS`, a planned query as MiniSearch's, and MiniSearch's results ranked as the
 * loader ranks. The product no longer runs MiniSearch's search; these live with the tests.
 */
import type { Options, Query, SearchResult } from 'minisearch'
import {
  processTerm,
  tokenize,
  type IndexedDocument,
  type SerializedOptions,
  type SerializedSearchOptions,
} from '../src/format.js'
import { decodeTermPostings, decodeTerms, type CompactIndex } from '../src/index-codec.js'
import type { QueryPlan } from '../src/query.js'

/** The shape `MiniSearch.loadJS` reads (`AsPlainObject`, version 2). */
export interface MiniSearchJson {
  documentCount: number
  nextId: number
  documentIds: Record<string, number>
  fieldIds: Record<string, number>
  fieldLength: Record<string, number[]>
  averageFieldLength: number[]
  storedFields: Record<string, never>
  dirtCount: number
  index: Array<[string, Record<string, Record<string, number>>]>
  serializationVersion: 2
}

/** The MiniSearch options of the serialised ones (the indexer's tokenizer). */
export function toMiniSearchOptions(options: SerializedOptions): Options<IndexedDocument> {
  return {
    idField: options.idField,
    fields: options.fields,
    storeFields: options.storeFields,
    tokenize,
    processTerm,
  }
}

/** One term's postings as MiniSearch's `{field: {document: frequency}}`. */
export function postingRecords(
  encoded: string,
  folded = false,
): Record<string, Record<string, number>> {
  const byField: Record<string, Record<string, number>> = {}
  decodeTermPostings(encoded, folded).forEach((postings, field) => {
    if (!postings) return
    const out: Record<string, number> = {}
    postings.ids.forEach((id, k) => (out[id] = postings.frequencies[k]!))
    byField[field] = out
  })
  return byField
}

/** The number of postings of a term in MiniSearch's serialised form. */
export function postingCount(byField: Record<string, object>): number {
  let count = 0
  for (const field in byField) count += Object.keys(byField[field]!).length
  return count
}

/** Expands the compact index into what `MiniSearch.loadJS` reads. */
export function decodeIndex(compact: CompactIndex, fields: readonly string[]): MiniSearchJson {
  const { documentCount } = compact
  const folded = compact.norms === 'folded'
  const terms = decodeTerms(compact.terms)
  const postings = compact.postings === '' ? [] : compact.postings.split('\n')
  const flat = compact.fieldLength
  if (
    terms.length !== postings.length ||
    flat.length !== (folded ? 0 : documentCount * fields.length)
  ) {
    throw new Error('The search index is damaged (its lengths do not match); rebuild the site')
  }
  const documentIds: Record<string, number> = {}
  const fieldLength: Record<string, number[]> = {}
  const ones = fields.map(() => 1)
  for (let d = 0; d < documentCount; d++) {
    documentIds[d] = d
    fieldLength[d] = folded ? ones : flat.slice(d * fields.length, (d + 1) * fields.length)
  }
  const fieldIds: Record<string, number> = {}
  fields.forEach((field, id) => (fieldIds[field] = id))
  return {
    documentCount,
    nextId: documentCount,
    documentIds,
    fieldIds,
    fieldLength,
    averageFieldLength: folded ? ones : compact.averageFieldLength,
    storedFields: {},
    dirtCount: 0,
    index: terms.map((term, k) => [term, postingRecords(postings[k]!, folded)]),
    serializationVersion: 2,
  }
}

/** A planned query as MiniSearch's: one group per typed term, each term with its boost. */
export function miniSearchQuery(plan: QueryPlan, options: SerializedSearchOptions): Query {
  return {
    combineWith: options.combineWith,
    queries: plan.groups.map((group) => {
      const boosts = new Map(group.map((t) => [t.term, t.boost]))
      const fuzzy = new Map(group.map((t) => [t.term, t.fuzzy]))
      return {
        queries: [group.map((t) => t.term).join(' ')],
        tokenize: (text: string) => text.split(' '),
        processTerm: (term: string) => term,
        prefix: false,
        fuzzy: (term: string) => fuzzy.get(term) ?? false,
        maxFuzzy: options.maxFuzzy,
        boostTerm: (term: string) => boosts.get(term) ?? 1,
        combineWith: 'OR' as const,
      }
    }),
  }
}

/**
 * MiniSearch multiplies a result's score by the number of query terms it matched; a prefix's
 * expansions would count as several. This counts typed terms instead, and sorts again (what
 * `score.ts` computes).
 */
export function rankResults(results: SearchResult[], plan: QueryPlan): SearchResult[] {
  for (const result of results) {
    let seen = 0
    let typed = 0
    for (const term of result.queryTerms) {
      const k = plan.origin.get(term)
      const bit = k === undefined ? 0 : 1 << (k % 31)
      if (bit === 0 || (seen & bit) === 0) {
        seen |= bit
        typed++
      }
    }
    result.score = (result.score / Math.max(1, result.queryTerms.length)) * typed
  }
  return results.sort((a, b) => b.score - a.score)
}
