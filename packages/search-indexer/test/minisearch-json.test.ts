import MiniSearch from 'minisearch'
import { expect, test } from 'vitest'
import {
  DEFAULT_OPTIONS,
  processTerm,
  tokenize,
  toMiniSearchOptions,
  type IndexedDocument,
} from '../src/format.js'
import { toMiniSearchJson } from '../src/minisearch-json.js'
import { pages } from './fixtures.js'

const documents: IndexedDocument[] = pages.flatMap((page) =>
  page.sections.map((section) => ({
    i: 0,
    title: page.title,
    heading: section.heading,
    hierarchy: page.breadcrumbs.join(' '),
    text: section.text,
    code: section.code,
  })),
)
documents.forEach((document, i) => (document.i = i))

const options = { fields: DEFAULT_OPTIONS.fields, tokenize, processTerm }
const sorted = (json: ReturnType<MiniSearch['toJSON']>) => ({
  ...json,
  index: [...json.index].sort((a, b) => (a[0] < b[0] ? -1 : 1)),
})

test('equals what MiniSearch itself serialises', () => {
  const reference = new MiniSearch<IndexedDocument>(toMiniSearchOptions(DEFAULT_OPTIONS))
  reference.addAll(documents)
  const ours = toMiniSearchJson(documents, { ...options, maxPostings: Infinity })
  const loaded = MiniSearch.loadJS<IndexedDocument>(ours, toMiniSearchOptions(DEFAULT_OPTIONS))
  const expected = sorted(JSON.parse(JSON.stringify(reference)))
  expect(sorted(JSON.parse(JSON.stringify(ours)))).toEqual(expected)
  expect(sorted(JSON.parse(JSON.stringify(loaded)))).toEqual(expected)
  expect(loaded.search('token')).toEqual(reference.search('token'))
})

test('caps postings per term and field, keeping the heaviest', () => {
  const many: IndexedDocument[] = Array.from({ length: 10 }, (_, i) => ({
    i,
    title: '',
    heading: '',
    hierarchy: '',
    // Document 7 says "proxy" three times in a short text: it must be kept.
    text: i === 7 ? 'proxy proxy proxy' : `proxy and other words number ${i} here`,
    code: '',
  }))
  const json = toMiniSearchJson(many, { ...options, maxPostings: 3 })
  const postings = json.index.find(([term]) => term === 'proxy')![1]['3']!
  expect(Object.keys(postings)).toHaveLength(3)
  expect(postings['7']).toBe(3)
  const other = json.index.find(([term]) => term === 'other')![1]['3']!
  expect(Object.keys(other)).toEqual(['0', '1', '2'])
})
