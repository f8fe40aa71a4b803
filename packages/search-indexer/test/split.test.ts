import { mkdtemp, readdir, rename, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { loadSearch, type LoadedSearch } from '../src/browser.js'
import {
  FORMAT_VERSION,
  buildSearchIndex,
  writeSearchIndex,
  type SearchPage,
  type SearchIndexFiles,
} from '../src/index.js'
import type { DocFile, DocPart, IndexFile } from '../src/format.js'
import { partNames } from '../src/part-names.js'
import { fileFetch, pages as fixturePages } from './fixtures.js'

// Fixture pages among 300 generated ones, so that the split has many parts.
const words = 'alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike'.split(
  ' ',
)
const generated: SearchPage[] = Array.from({ length: 300 }, (_, p) => ({
  path: `/docs/generated/page-${p}`,
  title: `Page ${words[p % words.length]} ${words[(p * 7) % words.length]} ${p}`,
  breadcrumbs: ['Generated'],
  sections: Array.from({ length: 3 }, (_, s) => ({
    anchor: s === 0 ? null : `part-${s}`,
    heading: s === 0 ? `Page ${p}` : `Part ${s} of ${words[(p + s) % words.length]}`,
    text:
      Array.from({ length: 40 }, (_, w) => words[(p * 3 + s * 5 + w * w) % words.length]).join(
        ' ',
      ) + ` n${p}x${s}`,
    code: `${words[p % words.length]}Handler`,
  })),
}))
const pages = [...generated.slice(0, 150), ...fixturePages, ...generated.slice(150)]
const now = () => new Date(Date.UTC(2025, 5, 1))
const queries = [
  'tokenize',
  'tokenze',
  'VB-API-KEY',
  'createElement',
  'namespaces',
  'alpha bravo',
  'n42x1',
  'delta',
  'ki',
  // Prefixes whose terms span two parts (the bound `bravoh`): answered from a prefix file.
  'br',
  'bravo',
  'bravo d',
]

let dir: string
let whole: LoadedSearch
let split: LoadedSearch
let files: SearchIndexFiles
const requested: string[] = []

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'search-split-'))
  files = buildSearchIndex({ pages, now, split: { indexPartBytes: 3000 } })
  await writeSearchIndex({ files, outDir: dir })
  split = await loadSearch({
    docUrl: '/x/' + files.docFile,
    indexUrl: '/x/' + files.indexFile,
    fetch: fileFetch(dir, requested, '/x/'),
  })
  // A whole index scores as a split one when its weights are folded too.
  const plain = buildSearchIndex({ pages, now, split: false, norms: 'folded' })
  whole = await loadSearch({
    docUrl: 'd',
    indexUrl: 'i',
    fetch: async (url) => ({
      ok: true,
      status: 200,
      statusText: 'OK',
      text: async () => (url === 'd' ? plain.docJson : plain.indexJson),
    }),
  })
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('a split index', () => {
  test('is written as main files and parts with the same timestamp', async () => {
    const names = await readdir(dir)
    expect(files.parts.length).toBeGreaterThan(20)
    expect(names).toHaveLength(2 + files.parts.length)
    for (const name of names)
      expect(name).toMatch(/^search-(doc|index|prefix)-1748736000000(-\d+)?\.json$/)
    expect(buildSearchIndex({ pages: fixturePages, now }).parts).toEqual([])
  })

  test('one doc part a page; the main files list the parts as runs of one build', () => {
    const doc = JSON.parse(files.docJson) as DocFile
    const index = JSON.parse(files.indexJson) as IndexFile
    const docParts = files.parts.filter((p) => p.kind === 'doc')
    expect(docParts).toHaveLength(pages.length)
    docParts.forEach((part, k) => {
      const content = JSON.parse(part.json) as DocPart
      expect(content.firstPage).toBe(k)
      expect(content.pages).toEqual([[pages[k]!.path, pages[k]!.title, pages[k]!.breadcrumbs]])
      expect(content.sections).toHaveLength(pages[k]!.sections.length)
    })
    const stamp = now().getTime()
    expect(doc.parts!.files).toEqual([[stamp, 0, pages.length]])
    expect(index.parts!.files).toEqual([[stamp, 0, index.parts!.bounds.length + 1]])
    expect(index.parts!.prefixes).toEqual([[stamp, 0, expect.any(Number)]])
    expect(files.parts.map((p) => p.file)).toEqual([
      ...partNames('index', index.parts!.files),
      ...partNames('prefix', index.parts!.prefixes),
      ...partNames('doc', doc.parts!.files),
    ])
  })

  test('each part is its body with the format version and build time first', () => {
    for (const part of files.parts) {
      const content = JSON.parse(part.body) as object
      expect(part.json).toBe(
        JSON.stringify({ formatVersion: FORMAT_VERSION, builtAt: now().toISOString(), ...content }),
      )
    }
  })

  test('loads only the main files first, then the parts a query needs', async () => {
    expect(requested).toEqual(['/x/' + files.docFile, '/x/' + files.indexFile])
    expect(split.search('tokenize')).toEqual([])
    await split.prepare('tokenize')
    const fetched = requested.slice(2)
    expect(fetched.some((url) => /search-index-\d+-\d+\.json$/.test(url))).toBe(true)
    expect(fetched.some((url) => /search-doc-\d+-\d+\.json$/.test(url))).toBe(true)
    expect(fetched.length).toBeLessThan(files.parts.length / 3)
    expect(split.prepare('tokenize')).toBeNull()
    expect(split.search('tokenize')[0]!.url).toBe('/docs/api/tokens/tokenize')
  })

  test('finds what the whole index finds, in the same order', async () => {
    for (const query of queries) {
      await split.prepare(query, { limit: 10 })
      expect(split.search(query, { limit: 10 }), query).toEqual(whole.search(query, { limit: 10 }))
    }
  })

  test('a word being typed whose terms span parts loads its prefix file, not the parts', async () => {
    const seen: string[] = []
    const search = await loadSearch({
      docUrl: files.docFile,
      indexUrl: files.indexFile,
      fetch: fileFetch(dir, seen),
    })
    const bounds = (JSON.parse(files.indexJson) as IndexFile).parts!.bounds
    expect(bounds).toContain('bravoh')
    await search.prepare('bra')
    const index = seen.filter((url) => /search-(index|prefix)-\d+-\d+\.json$/.test(url))
    expect(index).toEqual([expect.stringMatching(/^search-prefix-/)])
    expect(search.search('bra')[0]!.title).toMatch(/bravo/i)
    // The whole word, then a space: no longer a prefix; the parts of it and its plurals.
    await search.prepare('bravo ')
    expect(seen.filter((url) => /search-index-\d+-\d+\.json$/.test(url)).length).toBeGreaterThan(0)
  })

  test('a whole word whose own prefix file is loaded loads no part for it', async () => {
    const seen: string[] = []
    const search = await loadSearch({
      docUrl: files.docFile,
      indexUrl: files.indexFile,
      fetch: fileFetch(dir, seen),
    })
    for (const typed of ['br', 'bra', 'brav', 'bravo']) await search.prepare(typed)
    const index = () => seen.filter((url) => /search-(index|prefix)-\d+-\d+\.json$/.test(url))
    expect(index().every((url) => url.startsWith('search-prefix-'))).toBe(true)
    const before = index().length
    // `bravo` and its plurals are in its prefix file: the same results as the whole index.
    await search.prepare('bravo ')
    expect(index()).toHaveLength(before)
    expect(search.search('bravo ')).toEqual(whole.search('bravo '))
    // A word that is no term loads its part (typo tolerance looks at the terms around it).
    await search.prepare('brav ')
    expect(index().length).toBeGreaterThan(before)
  })

  test('the main files do not grow with the sections: no field lengths, no terms', () => {
    const index = JSON.parse(files.indexJson) as IndexFile
    expect(index.index.fieldLength).toEqual([])
    expect(index.index.norms).toBe('folded')
    expect(index.index.terms).toBe('')
    expect(JSON.parse(files.docJson).sections).toEqual([])
  })

  test('a part that fails to load rejects prepare with its name; a retry loads it', async () => {
    const other = await mkdtemp(join(tmpdir(), 'search-split-'))
    await writeSearchIndex({ files, outDir: other })
    const search = await loadSearch({
      docUrl: files.docFile,
      indexUrl: files.indexFile,
      fetch: fileFetch(other),
    })
    const part = files.parts.find((p) => p.file.startsWith('search-index-'))!.file
    const names = await readdir(other)
    await Promise.all(
      names
        .filter((n) => n.startsWith('search-index-') && n !== files.indexFile)
        .map((n) => rename(join(other, n), join(other, n + '.off'))),
    )
    await expect(search.prepare('tokenize')).rejects.toThrow(
      /Cannot load the search index \(search-index-\d+-\d+\.json\): HTTP 404/,
    )
    await Promise.all(
      names
        .filter((n) => n.startsWith('search-index-') && n !== files.indexFile)
        .map((n) => rename(join(other, n + '.off'), join(other, n))),
    )
    await search.prepare('tokenize')
    expect(search.search('tokenize')[0]!.url).toBe('/docs/api/tokens/tokenize')
    expect(part).toMatch(/-\d+\.json$/)
    await rm(other, { recursive: true, force: true })
  })
})
