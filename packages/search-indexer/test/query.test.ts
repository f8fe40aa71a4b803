import { expect, test } from 'vitest'
import { DEFAULT_OPTIONS } from '../src/format.js'
import { createVocabulary, planQuery, singulars } from '../src/query.js'

// [term, number of postings]
const entry = (term: string, postings: number): [string, number] => [term, postings]
const vocabulary = createVocabulary([
  entry('token', 50),
  entry('tokenization', 2),
  entry('tokenize', 30),
  entry('tokens', 40),
  entry('toolbar', 1),
])
const options = { ...DEFAULT_OPTIONS.searchOptions, maxPrefixTerms: 2 }

test('a prefix expands to its most frequent terms, at most maxPrefixTerms', () => {
  expect(vocabulary.expand('tok', 2)).toEqual(['token', 'tokens'])
  expect(vocabulary.expand('token', 5)).toEqual(['tokens', 'tokenize', 'tokenization'])
  expect(vocabulary.expand('x', 5)).toEqual([])
})

test('an unsorted index is sorted once', () => {
  const unsorted = createVocabulary([entry('b', 1), entry('ab', 1), entry('abc', 1)])
  expect(unsorted.expand('ab', 5)).toEqual(['abc'])
})

test('plans one group per typed term, with its expansions', () => {
  const plan = planQuery('tok', options, vocabulary)!
  expect(plan.size).toBe(1)
  expect([...plan.origin]).toEqual([
    ['tok', 0],
    ['token', 0],
    ['tokens', 0],
  ])
})

test('with prefix "last", only the word being typed expands', () => {
  const last = { ...options, prefix: 'last' as const }
  expect([...planQuery('tokens tok', last, vocabulary)!.origin.keys()]).toEqual([
    'tokens',
    'token', // its singular
    'tok',
  ])
  // A trailing space ends the word: nothing expands.
  expect([...planQuery('tok ', last, vocabulary)!.origin.keys()]).toEqual(['tok'])
})

test('a query of single letters plans nothing; stop words stay (they match titles)', () => {
  expect(planQuery('a b', options, vocabulary)).toBeNull()
  expect(planQuery('', options, vocabulary)).toBeNull()
  const last = { ...options, prefix: 'last' as const }
  expect([...planQuery('the token ', last, vocabulary)!.origin.keys()]).toEqual([
    'the',
    'token',
    'tokens', // its plural
  ])
})

test('the pieces of a compound weigh less than the compound', () => {
  const plan = planQuery('VB-API-KEY ', { ...options, prefix: 'last' }, vocabulary)!
  // Each typed term's group starts with the term itself.
  expect(plan.groups.map((group) => [group[0]!.term, group[0]!.boost])).toEqual([
    ['vb-api-key', 1],
    ['vb', 0.35],
    ['api', 0.35],
    ['key', 0.35],
  ])
})

test('plurals also search their singular', () => {
  expect(singulars('tokens')).toEqual(['token'])
  expect(singulars('policies')).toEqual(['policy'])
  expect(singulars('batches')).toEqual(['batche', 'batch'])
  expect(singulars('addresses')).toEqual(['addresse', 'address'])
  expect(singulars('access')).toEqual([])
  expect(singulars('ios')).toEqual([])
  const plan = planQuery('tokens ', { ...options, prefix: 'last' }, vocabulary)!
  expect([...plan.origin.keys()]).toEqual(['tokens', 'token'])
})
