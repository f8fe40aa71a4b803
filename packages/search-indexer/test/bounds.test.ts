import { expect, test } from 'vitest'
import { partOf, spanningPrefixes, spansParts } from '../src/bounds.js'
import {
  BM25,
  LEVELS,
  decodeLevelPostings,
  decodeTermPostings,
  encodeLevelPostings,
  termWeight,
  weightLevel,
} from '../src/index-codec.js'
import { splitTerms, type EncodedTerm } from '../src/split.js'

const term = (text: string, bytes = 10): EncodedTerm => ({
  term: text,
  postings: 'x'.repeat(bytes),
  weight: 1,
})

test('parts are cut where neighbouring terms share the shortest prefix, bounds shortest', () => {
  const terms = ['kaan', 'kabe', 'kaco', 'kada', 'keli', 'kelo', 'kota', 'kuro'].map((t) => term(t))
  // 16 bytes a term, 64 a part: cut after 3 to 5 terms, where the neighbours share least
  // (`kada` | `keli`, not `kaco` | `kada`); the rest fits one part.
  const { parts, bounds } = splitTerms(terms, 64)
  expect(parts.flat().map((t) => t.term)).toEqual(terms.map((t) => t.term))
  expect(parts.map((p) => p.length)).toEqual([4, 4])
  expect(bounds).toEqual(['ke'])
  expect(splitTerms(terms, 32).bounds).toEqual(['kac', 'ke', 'ko'])
})

test('which part holds a term, and which prefixes span parts', () => {
  const bounds = ['kad', 'ke']
  expect(['kaan', 'kaco', 'kad', 'kata', 'ke', 'kelo', 'z'].map((t) => partOf(bounds, t))).toEqual([
    0, 0, 1, 1, 2, 2, 2,
  ])
  expect(spansParts(bounds, 'ka')).toBe(true)
  expect(spansParts(bounds, 'kad')).toBe(false)
  expect(spansParts(bounds, 'kac')).toBe(false)
  expect(spansParts(bounds, 'k')).toBe(true)
  // Of two characters or more: the proper prefixes of the bounds.
  expect(spanningPrefixes(['kad', 'ke', 'tokenh'], 2)).toEqual(['ka', 'to', 'tok', 'toke', 'token'])
})

test('folded postings keep their documents and a level of their weight', () => {
  const byField = [undefined, { ids: [3, 40, 1041], levels: [0, 63, 17] }]
  const encoded = encodeLevelPostings(byField)
  expect(decodeLevelPostings(encoded)).toEqual(byField)
  expect([...decodeTermPostings(encoded)[1]!.ids]).toEqual([3, 40, 1041])
})

test('a folded weight gives back the BM25 weight within one level', () => {
  const { k } = BM25
  // MiniSearch's weight with every length at the average (1), for the frequency of a level.
  const miniSearch = (frequency: number) => (frequency * (k + 1)) / (frequency + k)
  for (const [frequency, length, average] of [
    [1, 3, 12.5],
    [1, 40, 12.5],
    [7, 80, 60],
    [30, 2, 2],
  ] as const) {
    const weight = termWeight(frequency, length, average)
    const level = weightLevel(weight)
    const postings = decodeTermPostings(encodeLevelPostings([{ ids: [0], levels: [level] }]))
    const back = miniSearch(postings[0]!.frequencies[0]!)
    expect(Math.abs(back - weight)).toBeLessThanOrEqual((k + 1) / LEVELS)
  }
})
