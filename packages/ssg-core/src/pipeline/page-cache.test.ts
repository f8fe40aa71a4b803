import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, expect, test } from 'vitest'
import type { CompiledPage } from './compile-page.js'
import { PageCache } from './page-cache.js'

const dir = mkdtempSync(path.join(tmpdir(), 'ssg-page-cache-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** A compiled page as the cache keeps it (only what it reads and keys by matters here). */
const page = (id: string, failed = false) =>
  ({
    file: `${id}.md`,
    hash: `hash-${id}`,
    route: `/${id}`,
    frontMatter: {},
    html: `<p>${id}</p>`,
    failed,
  }) as unknown as CompiledPage

const source = (p: CompiledPage) => ({ file: p.file, hash: p.hash, route: p.route, source: '' })

test('writeSoon: pages are readable once flushed, a failed page is not kept', async () => {
  const pages = path.join(dir, 'ok')
  mkdirSync(pages)
  const cache = PageCache.at(pages, 'key')
  const kept = page('kept')
  const failed = page('failed', true)
  cache.writeSoon(kept)
  cache.writeSoon(failed)
  await cache.flush()
  expect(cache.read(source(kept))?.html).toBe('<p>kept</p>')
  expect(cache.read(source(failed))).toBeUndefined()
})

test('writeSoon: a write that fails is thrown by flush, not reported as unhandled', async () => {
  const cache = PageCache.at(path.join(dir, 'missing-folder'), 'key')
  cache.writeSoon(page('a'))
  cache.writeSoon(page('b'))
  // Both writes fail before flush is called (no handler of the caller's meanwhile).
  await new Promise((resolve) => setTimeout(resolve, 50))
  await expect(cache.flush()).rejects.toThrow(/ENOENT/)
})

test('read: a page whose front matter moves it (relative `slug`, `id`) is read back; a moved file is not', () => {
  const pages = path.join(dir, 'routes')
  mkdirSync(pages)
  const cache = PageCache.at(pages, 'key')
  const moved = (id: string, frontMatter: object, route: string) =>
    ({ ...page(id), route, frontMatter }) as unknown as CompiledPage
  const relative = moved('docs/guide/a', { slug: 'start' }, '/docs/guide/start')
  const absolute = moved('docs/guide/b', { slug: '/elsewhere' }, '/elsewhere')
  const docId = moved('docs/guide/c', { id: 'named' }, '/docs/guide/named')
  for (const p of [relative, absolute, docId]) cache.write(p)
  const at = (p: CompiledPage, route: string) => ({ ...source(p), route })
  expect(cache.read(at(relative, '/docs/guide/a'))?.route).toBe('/docs/guide/start')
  expect(cache.read(at(absolute, '/docs/guide/b'))?.route).toBe('/elsewhere')
  expect(cache.read(at(docId, '/docs/guide/c'))?.route).toBe('/docs/guide/named')
  // The same bytes in another folder: the relative route moves with it, the cached one is stale.
  expect(cache.read(at(relative, '/docs/other/a'))).toBeUndefined()
  expect(cache.read(at(docId, '/docs/other/c'))).toBeUndefined()
})
