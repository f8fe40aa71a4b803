import MiniSearch from 'minisearch'
import { expect, test } from 'vitest'
import { buildPostings, capLevels, TermTable, termOrder } from '../src/build-postings.js'
import { DEFAULT_OPTIONS, processTerm, tokenize, type IndexedDocument } from '../src/format.js'
import {
  decodeTermPostings,
  decodeTerms,
  encodePostings,
  encodeTerms,
  LEVELS,
} from '../src/index-codec.js'
import { pages } from './fixtures.js'
import { decodeIndex, postingRecords, toMiniSearchOptions } from './minisearch.js'

const documents: IndexedDocument[] = pages.flatMap((page) =>
  page.sections.map((section) => ({
    i: 0,
    title: page.title,
    heading: section.heading,
    hierarchy: page.breadcrumbs.join(' '),
    keywords: 'tokens tokenize',
    text: section.text,
    code: section.code,
  })),
)
documents.forEach((document, i) => (document.i = i))

const { fields } = DEFAULT_OPTIONS
const options = { fields, tokenize, processTerm }
const sorted = (json: { index: Array<[string, unknown]> }) => ({
  ...json,
  index: [...json.index].sort((a, b) => (a[0] < b[0] ? -1 : 1)),
})

test('decodes to what MiniSearch itself serialises', () => {
  const reference = new MiniSearch<IndexedDocument>(toMiniSearchOptions(DEFAULT_OPTIONS))
  reference.addAll(documents)
  const ours = decodeIndex(buildPostings(documents, { ...options, maxPostings: Infinity }), fields)
  const loaded = MiniSearch.loadJS<IndexedDocument>(ours, toMiniSearchOptions(DEFAULT_OPTIONS))
  const expected = sorted(JSON.parse(JSON.stringify(reference)))
  expect(sorted(JSON.parse(JSON.stringify(ours)))).toEqual(expected)
  expect(sorted(JSON.parse(JSON.stringify(loaded)))).toEqual(expected)
  expect(loaded.search('token')).toEqual(reference.search('token'))
})

test('postings round-trip through the compact encoding', () => {
  const encoded = encodePostings([
    undefined,
    { ids: [3, 40, 41], frequencies: [1, 12, 1] },
    undefined,
    { ids: [0], frequencies: [2] },
  ])
  // Field 1: document 3 (gap 3 -> 6), 40 (gap 37 with a frequency: 75 = 11 + 2 * 32 -> "H2",
  // then 12 -> "c"), 41 (gap 1 -> 2). Field 3: document 0 with a frequency (1), 2 (2).
  expect(encoded).toBe('16H2c2 312')
  expect(postingRecords(encoded)).toEqual({ 1: { 3: 1, 40: 12, 41: 1 }, 3: { 0: 2 } })
  const arrays = decodeTermPostings(encoded, false)
  expect(arrays.map((p) => p && [[...p.ids], [...p.frequencies]])).toEqual([
    undefined,
    [
      [3, 40, 41],
      [1, 12, 1],
    ],
    undefined,
    [[0], [2]],
  ])
})

test('a damaged index is refused', () => {
  const compact = buildPostings(documents, { ...options, maxPostings: Infinity })
  expect(() => decodeIndex({ ...compact, postings: '' }, fields)).toThrow(/damaged/)
  expect(() => decodeTermPostings('3a!', false)).toThrow(/damaged/)
})

test('large document numbers and frequencies round-trip', () => {
  const postings = { ids: [0, 31, 32, 1000, 1_000_000], frequencies: [1, 1000, 2, 1, 77] }
  const decoded = postingRecords(encodePostings([postings]))['0']!
  expect(Object.keys(decoded).map(Number)).toEqual(postings.ids)
  expect(Object.values(decoded)).toEqual(postings.frequencies)
})

test('caps postings per term and field, keeping the heaviest', () => {
  const many: IndexedDocument[] = Array.from({ length: 10 }, (_, i) => ({
    i,
    title: '',
    heading: '',
    hierarchy: '',
    keywords: '',
    // Document 7 says "proxy" three times in a short text: it must be kept.
    text: i === 7 ? 'proxy proxy proxy' : `proxy and some words number ${i} here`,
    code: '',
  }))
  const json = decodeIndex(buildPostings(many, { ...options, maxPostings: 3 }), fields)
  const text = String(fields.indexOf('text'))
  const postings = json.index.find(([term]) => term === 'proxy')![1][text]!
  expect(Object.keys(postings)).toHaveLength(3)
  expect(postings['7']).toBe(3)
  const words = json.index.find(([term]) => term === 'words')![1][text]!
  expect(Object.keys(words)).toEqual(['0', '1', '2'])
})

test('terms are front-coded', () => {
  const terms = ['token', 'tokenize', 'tokens', 'vb-api-key', 'x'.repeat(40), 'x'.repeat(41)]
  const encoded = encodeTerms(terms)
  expect(encoded.split('\n').slice(0, 4)).toEqual(['0token', '5ize', '5s', '0vb-api-key'])
  expect(decodeTerms(encoded)).toEqual(terms)
  expect(decodeTerms('')).toEqual([])
})

test('capping folded postings keeps the highest levels, the earlier document first among equals', () => {
  let seed = 7
  const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647
  // The rule itself: sort by level (highest first, then position), keep `max`, in order.
  const reference = (levels: number[], max: number) =>
    levels
      .map((_, k) => k)
      .sort((a, b) => levels[b]! - levels[a]! || a - b)
      .slice(0, max)
      .sort((a, b) => a - b)
  for (let run = 0; run < 200; run++) {
    const length = 1 + Math.floor(random() * 300)
    // Few distinct levels in some runs: many ties at the cut.
    const spread = run % 2 ? LEVELS : 1 + Math.floor(random() * 4)
    const levels = Array.from({ length }, () => Math.floor(random() * spread))
    const ids = levels.map((_, k) => k * 3 + 1)
    const max = 1 + Math.floor(random() * length * 1.2)
    const kept = reference(levels, max)
    expect(capLevels({ ids, levels }, max), `run ${run}`).toEqual({
      ids: kept.map((k) => ids[k]),
      levels: kept.map((k) => levels[k]),
    })
  }
})

test('a table numbers terms alike with and without their order', () => {
  const terms = ['kilo', 'alpha', 'échelle', 'bravo', 'Zulu', 'mike']
  const sorted = new TermTable([...terms], termOrder(terms))
  const mapped = new TermTable([...terms])
  for (const term of [...terms, 'charlie', 'alpha', 'charlie', 'a', 'zz', 'mike'])
    expect(sorted.id(term)).toBe(mapped.id(term))
  expect(sorted.terms).toEqual(mapped.terms)
  expect([...termOrder(terms)].map((k) => terms[k])).toEqual([...terms].sort())
})
