import MiniSearch from 'minisearch'
import { describe, expect, test } from 'vitest'
import { buildSearchIndex, type SearchPage } from '../src/index.js'
import type { IndexFile, IndexedDocument } from '../src/format.js'
import { createVocabulary, planQuery } from '../src/query.js'
import { createScorer, kthLargest } from '../src/score.js'
import { wholeIndex } from '../src/store.js'
import { pages as fixturePages } from './fixtures.js'
import {
  decodeIndex,
  miniSearchQuery,
  postingCount,
  rankResults,
  toMiniSearchOptions,
} from './minisearch.js'

/** A seeded generator (mulberry32). */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

// 400 pages of skewed prose (a few words in most sections, many rare ones), compounds in code.
const rand = random(7)
const syllables = 'ka to ri ne mo sa lu vi de po an el'.split(' ')
const vocabulary = Array.from({ length: 600 }, (_, k) => {
  let word = ''
  for (let n = k; word.length < 4 || n > 0; n = Math.floor(n / syllables.length))
    word += syllables[n % syllables.length]
  return word
})
const word = () => vocabulary[Math.floor(vocabulary.length * rand() ** 3)]!
const phrase = (n: number) => Array.from({ length: n }, word).join(' ')
const generated: SearchPage[] = Array.from({ length: 400 }, (_, p) => ({
  path: `/docs/g/page-${p}`,
  title: `${word()} ${word()}`,
  breadcrumbs: ['Docs', p % 2 ? 'Odd' : 'Even'],
  sections: Array.from({ length: 4 }, (_, s) => ({
    anchor: s === 0 ? null : `s-${s}`,
    heading: s === 0 ? `${word()} ${word()}` : phrase(3),
    text: phrase(20 + Math.floor(rand() * 60)) + (s === 2 ? ' the tokens of it' : ''),
    code: `${word()}Handler ${word()}_${word()}`,
  })),
}))
const pages = [...fixturePages, ...generated]

/** The scorer and MiniSearch over the same index, as `wholeStore` loads it. */
function load(options: { maxPostings?: number; norms?: 'exact' | 'folded' }) {
  const files = buildSearchIndex({ pages, now: () => new Date(0), split: false, ...options })
  const index = JSON.parse(files.indexJson) as IndexFile
  const json = decodeIndex(index.index, index.options.fields)
  const miniSearch = MiniSearch.loadJS<IndexedDocument>(json, toMiniSearchOptions(index.options))
  const scoring = wholeIndex(index.index, index.options.fields)
  const words = createVocabulary(json.index.map(([term, byField]) => [term, postingCount(byField)]))
  return { miniSearch, scoring, words, searchOptions: index.options.searchOptions }
}

// Words, pairs, prefixes as typed (1 to 5 letters), typos, compounds, plurals, stop words.
const queries = [
  ...Array.from({ length: 40 }, () => word()),
  ...Array.from({ length: 20 }, () => `${word()} ${word()}`),
  ...Array.from({ length: 30 }, () => {
    const w = word()
    return w.slice(0, 1 + Math.floor(rand() * 5))
  }),
  ...Array.from({ length: 20 }, () => {
    const w = word()
    const at = 1 + Math.floor(rand() * (w.length - 2))
    return w.slice(0, at) + w.slice(at + 1)
  }),
  'tokenize',
  'tokenze',
  'VB-API-KEY',
  'createElement',
  'token_type',
  'tokens token',
  'namespaces',
  'what are containers',
  'the tokens',
  'kato kato',
  'x',
  '',
]

describe.each([
  { name: 'exact lengths', options: {} },
  { name: 'folded, postings capped', options: { norms: 'folded' as const, maxPostings: 40 } },
])('scores as MiniSearch and rankResults rank ($name)', ({ options }) => {
  const { miniSearch, scoring, words, searchOptions } = load(options)
  const scorer = createScorer(scoring)
  const { boost, weights, maxFuzzy } = searchOptions
  const or = { boost, weights, maxFuzzy, combineWith: 'OR' as const }

  test.each(queries.map((query) => [query]))('%j', (query) => {
    const plan = planQuery(query, searchOptions, words)
    if (!plan) {
      expect(query.replace(/\W/g, '').length).toBeLessThan(2)
      return
    }
    const expected = rankResults(
      miniSearch.search(miniSearchQuery(plan, searchOptions), { boost, weights }),
      plan,
    )
    for (const limit of [5, 300]) {
      const hits = scorer.search(plan, or, limit)
      const want = expected.slice(0, limit)
      expect(hits.map((hit) => hit.id)).toEqual(want.map((result) => result.id))
      expect(hits.map((hit) => hit.score)).toEqual(want.map((result) => result.score))
      expect(hits.map((hit) => hit.terms().sort())).toEqual(
        want.map((result) => [...result.terms].sort()),
      )
    }
  })

  test('AND keeps the sections that match every typed term, scored as MiniSearch scores them', () => {
    const and = { ...searchOptions, combineWith: 'AND' as const }
    let found = 0
    for (const query of queries.filter((q) => q.includes(' '))) {
      const plan = planQuery(query, and, words)!
      const expected = rankResults(
        miniSearch.search(miniSearchQuery(plan, and), { boost, weights }),
        plan,
      )
      const hits = scorer.search(plan, { ...or, combineWith: 'AND' }, 100_000)
      const byId = (list: Array<{ id: number; score: number }>) =>
        new Map(list.map((hit) => [hit.id, hit.score]))
      expect(byId(hits), query).toEqual(byId(expected as Array<{ id: number; score: number }>))
      found += hits.length
    }
    expect(found).toBeGreaterThan(0)
  })

  test('the queries find sections, some of them many', () => {
    const counts = queries.map((query) => {
      const plan = planQuery(query, searchOptions, words)
      return plan ? scorer.search(plan, or, 10_000).length : 0
    })
    expect(counts.filter((n) => n > 0).length).toBeGreaterThan(queries.length * 0.8)
    expect(Math.max(...counts)).toBeGreaterThan(300)
  })
})

test('kthLargest is the value at k of a descending sort, ties included', () => {
  const rand = random(3)
  for (let round = 0; round < 200; round++) {
    const length = 1 + Math.floor(rand() * 60)
    const values = Float64Array.from({ length }, () => Math.floor(rand() * 10) / 2)
    const sorted = [...values].sort((a, b) => b - a)
    const k = 1 + Math.floor(rand() * length)
    expect(kthLargest(Float64Array.from(values), k)).toBe(sorted[k - 1])
  }
})
