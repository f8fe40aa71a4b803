// The search box prepares each query, then searches it: the query is ranked once for both.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, test, vi } from 'vitest'
import { loadSearch } from '../src/browser.js'
import { buildSearchIndex, writeSearchIndex, type SearchPage } from '../src/index.js'
import { fileFetch, pages as fixturePages } from './fixtures.js'

const ranked = vi.hoisted(() => ({ count: 0 }))
vi.mock('../src/score.js', async (original) => {
  const module = await original<typeof import('../src/score.js')>()
  return {
    ...module,
    createScorer: (...args: Parameters<typeof module.createScorer>) => {
      const scorer = module.createScorer(...args)
      return {
        ...scorer,
        search: (...call: Parameters<typeof scorer.search>) => {
          ranked.count++
          return scorer.search(...call)
        },
      }
    },
  }
})

const generated: SearchPage[] = Array.from({ length: 200 }, (_, p) => ({
  path: `/docs/generated/page-${p}`,
  title: `Page ${p}`,
  breadcrumbs: ['Generated'],
  sections: [
    { anchor: null, heading: `Page ${p}`, text: `word${p} token${p % 7} n${p}`, code: '' },
  ],
}))
const dir = await mkdtemp(join(tmpdir(), 'search-rank-'))
afterAll(() => rm(dir, { recursive: true, force: true }))

test.each([
  ['a split index', true],
  ['a whole index', false],
])(
  '%s: prepare then search ranks a query once; a term file loaded since ranks it again',
  async (_, split) => {
    const files = buildSearchIndex({
      pages: [...fixturePages, ...generated],
      now: () => new Date(Date.UTC(2025, 5, 1)),
      split: split ? { indexPartBytes: 1000 } : false,
    })
    expect(files.parts.length > 0).toBe(split)
    const out = join(dir, String(split))
    await writeSearchIndex({ files, outDir: out })
    const search = await loadSearch({
      docUrl: files.docFile,
      indexUrl: files.indexFile,
      fetch: fileFetch(out),
    })
    ranked.count = 0
    for (const typed of ['t', 'to', 'tok', 'toke', 'token']) {
      const before = ranked.count
      await search.prepare(typed, { limit: 5 })
      search.search(typed, { limit: 5 })
      // "t" ranks nothing (no word of two letters).
      expect(ranked.count - before, typed).toBe(typed === 't' ? 0 : 1)
    }
    expect(search.search('token', { limit: 5 })[0]!.title).toBe('Tokenize')
    // Other options, another ranking.
    const before = ranked.count
    search.search('token', { limit: 3 })
    expect(ranked.count).toBe(before + 1)
    if (split) {
      // A term file that arrives after a query was ranked: ranked again, with its terms.
      const stale = search.search('word7 page')
      const again = ranked.count
      await search.prepare('word7 page')
      expect(ranked.count).toBe(again + 1)
      expect(search.search('word7 page')).not.toEqual(stale)
      expect(ranked.count).toBe(again + 1)
    }
  },
)
