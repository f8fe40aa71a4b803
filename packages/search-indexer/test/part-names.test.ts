import { expect, test } from 'vitest'
import { parsePartName, partList, partName, partNames, partRuns } from '../src/part-names.js'

test('part names list as runs of one build and consecutive numbers, and back', () => {
  const names = [
    ...[0, 1, 2].map((k) => partName('doc', 1748736000000, k)),
    partName('doc', 1748739600000, 3),
    ...[4, 5].map((k) => partName('doc', 1748736000000, k)),
    // A kept part numbered otherwise in its build (parts before it split differently).
    partName('doc', 1748736000000, 9),
  ]
  const runs = partRuns('doc', names)
  expect(runs).toEqual([
    [1748736000000, 0, 3],
    [1748739600000, 3, 1],
    [1748736000000, 4, 2],
    [1748736000000, 9, 1],
  ])
  expect(partNames('doc', runs)).toEqual(names)
  // One name at a time, as the loader asks (each found by a binary search over the runs).
  const list = partList('doc', runs)
  expect(list.length).toBe(names.length)
  expect(names.map((_, k) => list.name(k))).toEqual(names)
  expect([6, 0, 3].map((k) => list.name(k))).toEqual([names[6], names[0], names[3]])
  expect(partRuns('doc', [])).toEqual([])
  expect(partNames('index', [[1748736000000, 0, 10_000]])).toHaveLength(10_000)
})

test('a name of another kind or shape is no part name', () => {
  expect(parsePartName('doc', 'search-doc-1748736000000-7.json')).toEqual([1748736000000, 7])
  expect(parsePartName('doc', 'search-index-1748736000000-7.json')).toBeNull()
  expect(parsePartName('doc', 'search-doc-1748736000000.json')).toBeNull()
  expect(parsePartName('doc', 'x/search-doc-1-7.json')).toBeNull()
  expect(() => partRuns('index', ['search-doc-1-7.json'])).toThrow(
    'Not the name of a search index part: search-doc-1-7.json',
  )
})

test('runs that are not runs are refused as a damaged index', () => {
  for (const runs of [null, 'x', [[1, 2]], [[1, 2, 'x']], [[1, 0.5, 2]]]) {
    expect(() => partNames('prefix', runs)).toThrow(
      'The search index is damaged (its prefix part list is not runs); rebuild the site',
    )
  }
})
