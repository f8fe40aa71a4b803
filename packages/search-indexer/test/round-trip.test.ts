import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { loadSearch, type LoadedSearch, type PageResult } from '../src/browser.js'
import { buildSearchIndex, writeSearchIndex, type SearchIndexFiles } from '../src/index.js'
import { fileFetch, pages } from './fixtures.js'

const now = () => new Date(Date.UTC(2025, 0, 2, 3, 4, 5))
let dir: string
let files: SearchIndexFiles
let search: LoadedSearch
const requested: string[] = []

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'search-indexer-'))
  files = buildSearchIndex({ pages, now })
  await writeSearchIndex({ files, outDir: dir })
  search = await loadSearch({
    docUrl: '/' + files.docFile,
    indexUrl: '/' + files.indexFile,
    fetch: fileFetch(dir, requested),
  })
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

const pageUrls = (query: string) => search.search(query).map((page) => page.url)

describe('files', () => {
  test('are named with the injected clock, one timestamp for both', async () => {
    expect(files.timestamp).toBe(1735787045000)
    expect(files.docFile).toBe('search-doc-1735787045000.json')
    expect(files.indexFile).toBe('search-index-1735787045000.json')
    expect((await readdir(dir)).sort()).toEqual([files.docFile, files.indexFile])
  })
  test('record the format version, build time and options', () => {
    for (const json of [files.docJson, files.indexJson]) {
      const file = JSON.parse(json)
      expect(file.formatVersion).toBe(3)
      expect(file.builtAt).toBe('2025-01-02T03:04:05.000Z')
      expect(file.options.fields).toEqual([
        'title',
        'heading',
        'hierarchy',
        'keywords',
        'text',
        'code',
      ])
      expect(file.options.searchOptions.boost.title).toBeGreaterThan(1)
    }
  })
  test('are loaded in parallel, both at once', () => {
    expect(requested).toEqual(['/' + files.docFile, '/' + files.indexFile])
  })
  test('the same input gives the same bytes', () => {
    const again = buildSearchIndex({ pages, now })
    expect(again.docJson).toBe(files.docJson)
    expect(again.indexJson).toBe(files.indexJson)
  })
})

describe('search', () => {
  test('finds pages by title, text and code identifiers', () => {
    expect(pageUrls('tokenize')[0]).toBe('/docs/api/tokens/tokenize')
    expect(pageUrls('namespaces')).toEqual(['/docs/concepts/what-are-containers'])
    // Front matter keywords.
    expect(pageUrls('tenancy')).toEqual(['/docs/concepts/what-are-containers'])
    expect(pageUrls('VB-API-KEY')[0]).toBe('/docs/api/tokens/tokenize')
    expect(pageUrls('token_type')[0]).toBe('/docs/api/tokens/tokenize')
    expect(pageUrls('createElement')[0]).toBe('/docs/sdks/web/javascript/methods')
    expect(pageUrls('create element')[0]).toBe('/docs/sdks/web/javascript/methods')
    expect(pageUrls('429')).toEqual(['/docs/api/tokens/tokenize'])
  })
  test('tolerates typos and finds prefixes', () => {
    expect(pageUrls('tokenze')[0]).toBe('/docs/api/tokens/tokenize')
    expect(pageUrls('contaners')[0]).toBe('/docs/concepts/what-are-containers')
    expect(pageUrls('iframe')[0]).toBe('/docs/sdks/web/javascript/methods')
    expect(pageUrls('ifra')[0]).toBe('/docs/sdks/web/javascript/methods')
  })
  test('does not stretch typo tolerance over short words', () => {
    expect(pageUrls('xyz')).toEqual([])
    expect(pageUrls('   ')).toEqual([])
  })
  test('groups sections by page, each with its anchor URL and a marked snippet', () => {
    const [page] = search.search('rate limit')
    expect(page).toMatchObject({
      url: '/docs/api/tokens/tokenize',
      title: 'Tokenize',
      breadcrumbs: ['API', 'Tokens'],
    })
    expect(page!.sections[0]).toMatchObject({
      url: '/docs/api/tokens/tokenize#errors',
      heading: 'Errors',
      headingSnippet: [{ text: 'Errors', match: false }],
      snippet: [
        { text: 'A 429 status means you hit the ', match: false },
        { text: 'rate', match: true },
        { text: ' ', match: false },
        { text: 'limit', match: true },
        { text: '.', match: false },
      ],
    })
  })
  test('anchors the slugger numbered are kept', () => {
    const built = buildSearchIndex({
      pages: [
        {
          path: '/x',
          title: 'X',
          breadcrumbs: [],
          sections: [
            { anchor: 'request', heading: 'Request', text: 'first endpoint', code: '' },
            { anchor: 'request-1', heading: 'Request', text: 'second endpoint', code: '' },
          ],
        },
      ],
      now,
    })
    expect(JSON.parse(built.docJson).sections.map((section: unknown[]) => section[1])).toEqual([
      0,
      'request-1',
    ])
  })
  test('headings come as segments too, matched words marked', () => {
    const [page] = search.search('createElement')
    expect(page!.sections[0]!.headingSnippet).toEqual([{ text: 'createElement', match: true }])
  })
  test('the page intro links to the page itself', () => {
    const [page] = search.search('namespaces')
    expect(page!.sections[0]!.url).toBe('/docs/concepts/what-are-containers')
  })
  test('limits pages and sections per page', () => {
    expect(search.search('the tokens data', { limit: 1 })).toHaveLength(1)
    expect(
      search.search('tokenize request errors', { sectionsPerPage: 1 })[0]!.sections,
    ).toHaveLength(1)
  })
})

describe('errors', () => {
  test('an unknown format version is refused with a clear message', async () => {
    const other = await mkdtemp(join(tmpdir(), 'search-indexer-'))
    const index = JSON.parse(files.indexJson)
    index.formatVersion = 4
    await writeFile(join(other, 'i.json'), JSON.stringify(index))
    await writeFile(join(other, 'd.json'), files.docJson)
    await expect(
      loadSearch({ docUrl: 'd.json', indexUrl: 'i.json', fetch: fileFetch(other) }),
    ).rejects.toThrow(
      'search index format 4 is not supported by this theme (expected 3); rebuild the site',
    )
    await rm(other, { recursive: true, force: true })
  })
  test('a missing file names its URL and status', async () => {
    await expect(
      loadSearch({ docUrl: '/' + files.docFile, indexUrl: '/nope.json', fetch: fileFetch(dir) }),
    ).rejects.toThrow('Cannot load the search index (/nope.json): HTTP 404 Not Found')
  })
  test('a network failure keeps its cause', async () => {
    const failing = async () => {
      throw new TypeError('Failed to fetch')
    }
    await expect(loadSearch({ docUrl: 'd', indexUrl: 'i', fetch: failing })).rejects.toThrow(
      'Cannot load the search documents (d): Failed to fetch',
    )
  })
  test('files of two builds are refused', async () => {
    const other = await mkdtemp(join(tmpdir(), 'search-indexer-'))
    const later = buildSearchIndex({ pages, now: () => new Date(Date.UTC(2025, 0, 3)) })
    await writeFile(join(other, 'd.json'), files.docJson)
    await writeFile(join(other, 'i.json'), later.indexJson)
    await expect(
      loadSearch({ docUrl: 'd.json', indexUrl: 'i.json', fetch: fileFetch(other) }),
    ).rejects.toThrow(/come from different builds/)
    await rm(other, { recursive: true, force: true })
  })
  test('an invalid clock is refused', () => {
    expect(() => buildSearchIndex({ pages, now: () => new Date(NaN) })).toThrow(/invalid date/)
  })
})

test('the doc file keeps short snippets only', async () => {
  const long = 'word '.repeat(500)
  const built = buildSearchIndex({
    pages: [
      {
        path: '/x',
        title: 'X',
        breadcrumbs: [],
        sections: [{ anchor: null, heading: 'X', text: long, code: '' }],
      },
    ],
    now,
  })
  const text: string = JSON.parse(built.docJson).sections[0][3]
  expect(text.length).toBeLessThanOrEqual(201)
  expect(text.endsWith('…')).toBe(true)
})
