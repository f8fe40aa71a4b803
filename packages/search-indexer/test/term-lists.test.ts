import { expect, test } from 'vitest'
import { mergeSorted } from '../src/folded-terms.js'
import { prefixFiles, type EncodedTerm } from '../src/split.js'

const entry = (term: string, postings = term): EncodedTerm => ({ term, postings, weight: 1 })

/** What `mergeSorted` gives, spelled as a filter and a sort. */
function expected(
  previous: EncodedTerm[],
  removed: Set<string>,
  added: EncodedTerm[],
): EncodedTerm[] {
  return [...previous.filter((e) => !removed.has(e.term)), ...added].sort((a, b) =>
    a.term < b.term ? -1 : a.term > b.term ? 1 : 0,
  )
}

test('merging drops the removed terms and puts the added ones in order, at the ends too', () => {
  const previous = ['b', 'd', 'f', 'h', 'j'].map((t) => entry(t))
  const cases: Array<[removed: string[], added: string[]]> = [
    [[], []],
    [
      ['a', 'z'],
      ['a', 'z'],
    ],
    [['b', 'j'], ['b']],
    [
      ['d', 'e', 'f'],
      ['c', 'e', 'f', 'g'],
    ],
    [['b', 'd', 'f', 'h', 'j'], []],
    [['x'], ['x', 'y']],
  ]
  for (const [removed, added] of cases) {
    const addedEntries = added.map((t) => entry(t, `new ${t}`))
    const gone = new Set(removed)
    expect(mergeSorted(previous, gone, addedEntries)).toEqual(
      expected(previous, gone, addedEntries),
    )
  }
})

test('merging many random changes gives what filtering and sorting gives', () => {
  let seed = 7
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
  const words = Array.from({ length: 400 }, (_, k) => `t${String(k).padStart(3, '0')}`)
  for (let round = 0; round < 20; round++) {
    const previous = words.filter(() => random() < 0.5).map((t) => entry(t))
    const removed = new Set(words.filter(() => random() < 0.1))
    const added = [...removed].filter(() => random() < 0.6).map((t) => entry(t, `new ${t}`))
    expect(mergeSorted(previous, removed, added)).toEqual(expected(previous, removed, added))
  }
})

test('a prefix file holds the prefix and its plurals when they are terms', () => {
  const terms = ['pa', 'pag', 'page', 'pages', 'pagees', 'paged', 'pager', 'pagination', 'pal']
    .sort()
    .map((t) => entry(t))
  const [file] = prefixFiles(terms, ['pagei'], { minPrefixLength: 4, maxPrefixTerms: 1 })
  expect(file!.prefix).toBe('page')
  // The heaviest completion (the first among equals), then the prefix and its plurals.
  expect(file!.completions).toEqual(['paged'])
  expect(file!.range.postings.split('\n')).toEqual(['page', 'paged', 'pagees', 'pages'])
})
