import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { DEFAULT_THEMES, warmUpRequest } from '../markdown/markdown-options.js'
import { createProcessor } from '../markdown/processor.js'
import { compileSource } from './compile-source.js'
import { PageCache } from './page-cache.js'

const dir = mkdtempSync(path.join(tmpdir(), 'ssg-compile-source-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

test("a page's write to the cache waits in `later` when given one (sent first, written after)", async () => {
  const processor = await createProcessor({ themes: DEFAULT_THEMES, extraLanguages: [] })
  const cache = { dir: path.join(dir, 'pages'), keyBase: 'k' }
  mkdirSync(cache.dir)
  const pages = PageCache.at(cache.dir, cache.keyBase)
  const read = (page: { file: string; hash: string; route: string }) =>
    pages.read({ ...page, source: '' })
  const compile = async (id: string, later?: Array<() => void>) => {
    const absolute = path.join(dir, `${id}.md`)
    writeFileSync(absolute, `# ${id}\n\nText of ${id}.\n`)
    const result = await compileSource(warmUpRequest(id, absolute), processor, { cache, later })
    return result.page!
  }
  const now = await compile('now')
  expect(read(now)?.html).toContain('Text of now.')
  const later: Array<() => void> = []
  const deferred = await compile('deferred', later)
  expect(deferred.html).toContain('Text of deferred.')
  expect(read(deferred)).toBeUndefined()
  expect(later).toHaveLength(1)
  for (const write of later) write()
  expect(read(deferred)?.html).toContain('Text of deferred.')
})
