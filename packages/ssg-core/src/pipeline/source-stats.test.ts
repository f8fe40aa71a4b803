// Discovery does not hash a page file of the size and mtime it had when the last build hashed
// it: any other file must be hashed again (same size another mtime, another size, new), and a
// file changed just before it was read is never trusted (its mtime may not change again).
import { stat, utimes, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { expect, test } from 'vitest'
import { loadConfig } from '../config/load-config.js'
import { hash } from '../util/hash.js'
import { makeSite } from '../../test/helpers.js'
import { discoverPages } from './discover.js'
import { lastUpdatedTimes } from './last-updated.js'
import { SourceStats } from './source-stats.js'

const old = new Date(2020, 0, 1)

/**
 * A site of these files with old mtimes, and a discovery that saves its stats as a build does:
 * the pages it found, by file name.
 */
async function oldSite(files: Record<string, string>) {
  const root = await makeSite({ files })
  const file = (name: string) => path.join(root, 'content/docs', name)
  for (const name of Object.keys(files)) await utimes(path.join(root, name), old, old)
  const config = await loadConfig({ root })
  const cacheDir = path.join(root, '.ssg-cache')
  const discover = async () => {
    const stats = SourceStats.open(cacheDir)
    const pages = await discoverPages({ config, messages: [], stats })
    await stats.save()
    return new Map(pages.map((page) => [path.basename(page.file), page]))
  }
  return { root, file, cacheDir, discover }
}

test('a file is hashed again unless its size and mtime are those it was hashed at', async () => {
  const site = await oldSite({
    'content/docs/a.md': '# A\n',
    'content/docs/b.md': '# B\n',
    'content/docs/c.md': '# C\n',
  })
  const { file, cacheDir } = site
  const discover = async () =>
    new Map([...(await site.discover())].map(([name, page]) => [name, page.hash]))
  await discover()

  // What the stats say of a: a hash no file has, to tell whether it was used.
  const stats = SourceStats.open(cacheDir)
  const { size, mtimeMs } = await stat(file('a.md'))
  expect(stats.hashOf('content/docs/a.md', size, mtimeMs)).toBe(hash('# A\n'))
  expect(stats.hashOf('content/docs/a.md', size + 1, mtimeMs)).toBeUndefined()
  expect(stats.hashOf('content/docs/a.md', size, mtimeMs + 1)).toBeUndefined()

  // Same size, another mtime; another size; a new file.
  await writeFile(file('a.md'), '# X\n')
  await utimes(file('a.md'), new Date(2021, 0, 1), new Date(2021, 0, 1))
  await writeFile(file('b.md'), '# Bee\n')
  await utimes(file('b.md'), old, old)
  await writeFile(file('d.md'), '# D\n')
  const hashes = await discover()
  expect(Object.fromEntries(hashes)).toEqual({
    'a.md': hash('# X\n'),
    'b.md': hash('# Bee\n'),
    'c.md': hash('# C\n'),
    'd.md': hash('# D\n'),
  })

  // d.md changed just before it was read: not kept, so a change of the same size and mtime
  // (within the file system's tick) is still seen.
  const { mtime } = await stat(file('d.md'))
  await writeFile(file('d.md'), '# E\n')
  await utimes(file('d.md'), mtime, mtime)
  expect((await discover()).get('d.md')).toBe(hash('# E\n'))
})

test("discovery's mtimes give the last-updated times a stat gives", async () => {
  const root = await makeSite({
    files: { 'content/docs/a.md': '# A\n', 'content/docs/b.md': '# B\n' },
  })
  const config = await loadConfig({ root })
  const pages = await discoverPages({ config, messages: [] })
  const files = pages.map((page) => page.file)
  const mtimes = new Map(pages.map((page) => [page.file, page.mtimeMs]))
  expect(pages.every((page) => page.mtimeMs !== undefined)).toBe(true)
  expect(await lastUpdatedTimes({ root, files, mtimeOf: (f) => mtimes.get(f) })).toEqual(
    await lastUpdatedTimes({ root, files }),
  )
})

test('a file of the stats it was last read at is read when used, unless it includes partials', async () => {
  const { root, file, discover } = await oldSite({
    'content/docs/a.md': '# A\n\nAlpha.\n',
    'content/docs/b.mdx': "import Intro from './_intro.mdx'\n\n# B\n\n<Intro />\n",
    'content/docs/_intro.mdx': 'Intro.\n',
  })
  const first = await discover()
  expect(first.get('b.mdx')!.includes).toEqual({ '_intro.mdx': 'Intro.\n' })

  // Unchanged: a's text is read when asked for, same text, same hash.
  let pages = await discover()
  expect(pages.get('a.md')!.hash).toBe(first.get('a.md')!.hash)
  expect(pages.get('a.md')!.source).toBe('# A\n\nAlpha.\n')

  // A partial changed: the page that includes it is read again, its hash changes.
  await writeFile(file('_intro.mdx'), 'Other.\n')
  pages = await discover()
  expect(pages.get('b.mdx')!.includes).toEqual({ '_intro.mdx': 'Other.\n' })
  expect(pages.get('b.mdx')!.hash).not.toBe(first.get('b.mdx')!.hash)

  // Changed after discovery (same size and mtime): its text is not taken for the one discovered.
  pages = await discover()
  const page = pages.get('a.md')!
  await writeFile(file('a.md'), '# A\n\nOmega.\n')
  await utimes(file('a.md'), old, old)
  expect(() => page.source).toThrow('`content/docs/a.md` changed while the build was reading')
})
