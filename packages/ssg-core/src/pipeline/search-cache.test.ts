import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { buildSearchIndex, type SearchPage } from '@ssg/search-indexer'
import { expect, test, vi } from 'vitest'
import { hash } from '../util/hash.js'
import { FoldedTermsFile, SearchMemo } from './search-cache.js'

const page = (p: number, words: string): SearchPage => ({
  path: `/docs/page-${p}`,
  title: `Page ${p}`,
  breadcrumbs: ['Docs'],
  sections: [
    { anchor: null, heading: `Page ${p}`, text: `${words} n${p}`, code: '' },
    { anchor: 'more', heading: 'More', text: `more ${words} about page ${p}`, code: `call${p}()` },
  ],
})
const now = () => new Date(Date.UTC(2026, 0, 1))

/** A build's search files made with the memo in `dir`, and how many pages it indexed anew. */
async function indexWithMemo(dir: string, pages: SearchPage[]) {
  const memo = SearchMemo.open(
    dir,
    'fingerprint',
    pages.map((p) => hash(JSON.stringify(p))),
  )
  const set = vi.spyOn(memo, 'set')
  const files = buildSearchIndex({ pages, now, memo })
  await memo.save()
  expect(files).toEqual(buildSearchIndex({ pages, now }))
  return set.mock.calls.length
}

const files = async (dir: string) => (await readdir(dir)).sort()

test('the pages an edit indexes go to a second file while few, and the memo is whole again after many', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'ssg-search-memo-'))
  let pages = Array.from({ length: 120 }, (_, p) => page(p, 'alpha bravo charlie'))
  expect(await indexWithMemo(dir, pages)).toBe(120)
  expect(await files(dir)).toEqual(['search-pages.bin'])
  const whole = await readFile(path.join(dir, 'search-pages.bin'))

  // Edits with words no page had: the new terms are numbered on from the whole memo's.
  pages = pages.map((p, k) => (k === 5 ? page(5, 'delta newword') : p))
  expect(await indexWithMemo(dir, pages)).toBe(1)
  expect(await files(dir)).toEqual(['search-pages-new.bin', 'search-pages.bin'])
  expect(await readFile(path.join(dir, 'search-pages.bin'))).toEqual(whole)
  pages = pages.map((p, k) => (k === 6 ? page(6, 'echo otherword newword') : p))
  expect(await indexWithMemo(dir, pages)).toBe(1)
  expect(await readFile(path.join(dir, 'search-pages.bin'))).toEqual(whole)
  // Both files read back: nothing is indexed again.
  expect(await indexWithMemo(dir, pages)).toBe(0)

  // More pages than the second file takes: the memo is written whole, of these pages only.
  pages = pages.map((p, k) => (k < 60 ? page(k, 'foxtrot golf') : p))
  expect(await indexWithMemo(dir, pages)).toBe(60)
  expect(await files(dir)).toEqual(['search-pages.bin'])
  expect(await indexWithMemo(dir, pages)).toBe(0)
  // The earlier content again: indexed anew (the whole memo kept this build's pages only).
  pages = pages.map((p, k) => (k === 5 ? page(5, 'delta newword') : p))
  expect(await indexWithMemo(dir, pages)).toBe(1)
})

test('a second file of another memo is not read', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'ssg-search-memo-'))
  const second = path.join(dir, 'search-pages-new.bin')
  const pages = Array.from({ length: 60 }, (_, p) => page(p, 'alpha'))
  await indexWithMemo(dir, pages)
  const edited = pages.map((p, k) => (k === 1 ? page(1, 'alpha bravo') : p))
  await indexWithMemo(dir, edited)
  const stale = await readFile(second)
  // A memo made anew of other pages with as many terms (numbered alike, `zulu` for `alpha`),
  // and the second file of the first back beside it.
  await rm(dir, { recursive: true })
  expect(
    await indexWithMemo(
      dir,
      pages.map((_, k) => page(k, 'zulu')),
    ),
  ).toBe(60)
  await writeFile(second, stale)
  expect(await indexWithMemo(dir, edited)).toBe(60)
})

test('an edit of a split index reads the sections of the changed page alone', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'ssg-search-memo-'))
  const keysOf = (list: SearchPage[]) => list.map((p) => hash(JSON.stringify(p)))
  const pages = Array.from({ length: 60 }, (_, p) => page(p, 'alpha bravo'))
  const first = SearchMemo.open(dir, 'fingerprint', keysOf(pages))
  const cold = buildSearchIndex({ pages, now, memo: first, split: true })
  await first.save()
  const docParts = new Map(cold.parts.filter((p) => p.doc).map((p) => [p.doc!.page, p.file]))
  // The doc parts of the pages left alone are kept, as the build keeps them (by their page).
  const previousDocPart = (p: number) => (p === 5 ? undefined : docParts.get(p))

  const edited = pages.map((p, k) => (k === 5 ? page(5, 'alpha charlie') : p))
  const memo = SearchMemo.open(dir, 'fingerprint', keysOf(edited))
  const reads = keysOf(pages)
    .filter((_, k) => k !== 5)
    .map((key) => vi.spyOn(memo.indexed(key)!, 'sections', 'get'))
  const later = () => new Date(Date.UTC(2026, 0, 2))
  const files = buildSearchIndex({ pages: edited, now: later, memo, split: true, previousDocPart })
  const main = [files.docJson, files.indexJson]
  const parts = files.parts.filter((p) => !p.kept).map((p) => [p.file, p.json])
  expect(reads.filter((read) => read.mock.calls.length > 0)).toHaveLength(0)

  const expected = buildSearchIndex({ pages: edited, now: later, split: true, previousDocPart })
  expect(main).toEqual([expected.docJson, expected.indexJson])
  expect(parts).toEqual(expected.parts.filter((p) => !p.kept).map((p) => [p.file, p.json]))
  expect(files.parts.map((p) => p.file)).toEqual(expected.parts.map((p) => p.file))
  expect(parts.filter(([file]) => file!.startsWith('search-doc-'))).toHaveLength(1)
})

test('the folded terms an edit changes go to a second file, and all of them once pages move', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'ssg-search-terms-'))
  const terms = path.join(dir, 'search-terms.bin')
  /** A split index built with the caches in `dir`: the files of a build without them. */
  const build = async (pages: SearchPage[]) => {
    const memo = SearchMemo.open(
      dir,
      'fingerprint',
      pages.map((p) => hash(JSON.stringify(p))),
    )
    const folded = FoldedTermsFile.open(dir, 'fingerprint')
    const cache = { keys: memo.keys, previous: folded.previous, indexed: memo.indexed.bind(memo) }
    const files = buildSearchIndex({ pages, now, memo, split: true, folded: cache })
    await memo.save()
    await folded.save(files.folded ?? null)
    const cold = buildSearchIndex({ pages, now, split: true })
    expect([files.docJson, files.indexJson, files.parts.map((p) => [p.file, p.json])]).toEqual([
      cold.docJson,
      cold.indexJson,
      cold.parts.map((p) => [p.file, p.json]),
    ])
    return files.folded!
  }
  let pages = Array.from({ length: 60 }, (_, p) => page(p, 'alpha bravo'))
  await build(pages)
  const whole = await readFile(terms)
  for (const [k, words] of [
    [5, 'alpha charlie'],
    [6, 'delta'],
    [5, 'alpha bravo'],
  ] as const) {
    pages = pages.map((p, n) => (n === k ? page(k, words) : p))
    expect((await build(pages)).encoded).toBeLessThan(20)
    expect(await readFile(terms)).toEqual(whole)
    expect(await files(dir)).toContain('search-terms-new.bin')
  }
  // Both read back: nothing changed, nothing encoded.
  expect((await build(pages)).encoded).toBe(0)
  // A page more: every term folded, and written whole.
  await build([...pages, page(60, 'echo')])
  expect(await readFile(terms)).not.toEqual(whole)
  expect(await files(dir)).not.toContain('search-terms-new.bin')
})
