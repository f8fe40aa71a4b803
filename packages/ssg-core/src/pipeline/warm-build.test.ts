import {
  cp,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises'
import { execFile } from 'node:child_process'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, test } from 'vitest'
import { fixtureTheme } from '../../test/helpers.js'
import type { BuildInfo } from '../theme/contract.js'
import { build } from './build.js'
import { moduleFingerprint } from './module-fingerprint.js'

const now = () => new Date('2026-01-01T00:00:00Z')
const execFileAsync = promisify(execFile)

/** A site with its own copy of the fixture theme (so a test can edit it) and three docs. */
async function makeSite(): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'ssg-warm-'))
  await cp(fixtureTheme, path.join(root, 'theme'), { recursive: true })
  // The server entry imports a module: an edit of it must count as a theme change.
  await writeFile(path.join(root, 'theme/parts.js'), `export const mark = 'one'\n`)
  const server = await readFile(path.join(root, 'theme/server.js'), 'utf8')
  await writeFile(
    path.join(root, 'theme/server.js'),
    `import { mark } from './parts.js'\n` +
      server
        .replace(
          `head: '<meta name="fixture-theme" content="1">'`,
          'head: `<meta name="fixture-theme" content="${mark}">`',
        )
        .replace(
          'export function renderPage({ site, page, sidebar }) {',
          "$&\n  if (page.title === 'Boom') throw new Error('boom')",
        ),
  )
  await writeConfig(root, {})
  const pages: Record<string, string> = {
    'content/docs/index.md': '# Home\n\nSee [a](/docs/a) and [b](/docs/b).\n',
    'content/docs/a.md': '# Page A\n\nAlpha text.\n',
    'content/docs/b.md': '# Page B\n\nBeta text.\n',
  }
  for (const [file, content] of Object.entries(pages)) await put(root, file, content)
  return root
}

async function writeConfig(root: string, extra: Record<string, unknown>) {
  const config = {
    title: 'Warm',
    url: 'https://example.com',
    theme: { package: './theme' },
    ...extra,
  }
  await writeFile(path.join(root, 'ssg.config.ts'), `export default ${JSON.stringify(config)}\n`)
}

async function put(root: string, file: string, content: string) {
  await mkdir(path.dirname(path.join(root, file)), { recursive: true })
  await writeFile(path.join(root, file), content)
}

const run = (root: string) => build({ root, workers: 0, now })

/** Every file of the output folder: relative path -> inode. */
async function inodes(root: string, folder = 'build'): Promise<Map<string, number>> {
  const dir = path.join(root, folder)
  const out = new Map<string, number>()
  for (const file of await readdir(dir, { recursive: true })) {
    const s = await stat(path.join(dir, file))
    if (s.isFile()) out.set(file.split(path.sep).join('/'), s.ino)
  }
  return out
}

/** Output files that are new files (not links to the previous build's). */
function changed(before: Map<string, number>, after: Map<string, number>): string[] {
  return [...after].filter(([file, ino]) => before.get(file) !== ino).map(([file]) => file)
}

/**
 * The warm build's output is byte for byte the output of a build without any cache (same folder:
 * the client bundle's names depend on it). The warm output is put back afterwards.
 */
async function expectSameAsColdBuild(root: string) {
  const warm = path.join(root, 'build-warm')
  await rename(path.join(root, 'build'), warm)
  try {
    await build({ root, cache: false, workers: 0, now })
    const warmFiles = await inodes(root, 'build-warm')
    const coldFiles = await inodes(root)
    expect([...warmFiles.keys()].sort()).toEqual([...coldFiles.keys()].sort())
    for (const file of warmFiles.keys())
      expect(await readFile(path.join(warm, file), 'utf8'), file).toBe(
        await readFile(path.join(root, 'build', file), 'utf8'),
      )
  } finally {
    await rm(path.join(root, 'build'), { recursive: true, force: true })
    await rename(warm, path.join(root, 'build'))
  }
}

/** The build file (`_ssg/build.json`) of the site's output. */
async function buildInfo(root: string): Promise<BuildInfo> {
  return JSON.parse(await readFile(path.join(root, 'build/_ssg/build.json'), 'utf8')) as BuildInfo
}

const pageFiles = (route: string) => [`docs/${route}.html`, `_ssg/data/docs/${route}.json`]

describe('warm rebuilds reuse the previous build', () => {
  test('an unchanged site: the output stands, nothing is written', async () => {
    const root = await makeSite()
    const first = await run(root)
    expect(first.reusedFiles).toBe(0)
    expect(first.renderedPages).toBe(4)
    const before = await inodes(root)
    const second = await run(root)
    expect(await inodes(root)).toEqual(before)
    expect(second.renderedPages).toBe(0)
    expect(second.reusedFiles).toBe(before.size)
    expect(second.pages).toBe(first.pages)
    expect(second.messages).toEqual(first.messages)
    expect(second.timings.map((t) => t.name)).not.toContain('render + write')
    await expectSameAsColdBuild(root)
  })

  test('a site copied with its cache and output keeps its output', async () => {
    const root = await makeSite()
    // A theme of its own would move with it, and the client bundle's names with its folder.
    await writeConfig(root, { theme: { package: fixtureTheme } })
    await run(root)
    const copy = await mkdtemp(path.join(tmpdir(), 'ssg-warm-copy-'))
    // `cp -a`: modes, times and hard links kept.
    await execFileAsync('cp', ['-a', root + '/.', copy])
    const before = await inodes(copy)
    const report = await run(copy)
    expect(report.renderedPages).toBe(0)
    // The pages' documents and data are linked (not written); the files the build always writes
    // (client bundle, sidebars, sitemap…) are the same bytes.
    const after = await inodes(copy)
    const pages = [...before.keys()].filter(
      (f) => f.endsWith('.html') || f.startsWith('_ssg/data/'),
    )
    expect(pages.length).toBe(8)
    for (const file of pages) expect(after.get(file), file).toBe(before.get(file))
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort())
    for (const file of before.keys())
      expect(await readFile(path.join(copy, 'build', file), 'utf8'), file).toBe(
        await readFile(path.join(root, 'build', file), 'utf8'),
      )
    await expectSameAsColdBuild(copy)
  })

  test('unchanged pages are linked, not rendered, when the output folder was touched', async () => {
    const root = await makeSite()
    await run(root)
    const before = await inodes(root)
    await writeFile(path.join(root, 'build/extra.txt'), 'not from the build')
    const second = await run(root)
    const after = await inodes(root)
    expect(after.has('extra.txt')).toBe(false)
    // Every page and search file is linked; the client bundle, sidebars, sitemap are written.
    expect(
      changed(before, after).filter((f) => /\.html$|_ssg\/data|search-|\.md$|llms/.test(f)),
    ).toEqual([])
    // 4 documents (with 404), 4 data files, 2 search files, 3 Markdown twins, llms(-full).txt,
    // the build file
    expect(second.reusedFiles).toBe(16)
    expect(second.renderedPages).toBe(0)
    await expectSameAsColdBuild(root)
  })

  test('a changed page is rendered again, alone; the other pages are linked', async () => {
    const root = await makeSite()
    await run(root)
    const info = await buildInfo(root)
    const before = await inodes(root)
    await put(root, 'content/docs/a.md', '# Page A\n\nAlpha text, edited.\n')
    const report = await run(root)
    expect(report.renderedPages).toBe(1)
    const fresh = changed(before, await inodes(root))
    // Nothing per-build is in a page: the others are the same bytes, linked.
    expect(fresh.filter((f) => /\.html$|_ssg\/data/.test(f)).sort()).toEqual(pageFiles('a').sort())
    expect(await readFile(path.join(root, 'build/docs/a.html'), 'utf8')).toContain('edited')
    // The build file is new: another build id.
    expect(fresh).toContain('_ssg/build.json')
    expect((await buildInfo(root)).buildId).not.toBe(info.buildId)
    await expectSameAsColdBuild(root)
  })

  test('the build file names the search files, which no page names', async () => {
    const root = await makeSite()
    await run(root)
    const info = await buildInfo(root)
    expect(info.buildId).toMatch(/^\w{8,}$/)
    expect(info.search.docUrl).toMatch(/^\/search-doc-\d+\.json$/)
    expect(info.search.indexUrl).toMatch(/^\/search-index-\d+\.json$/)
    for (const url of [info.search.docUrl, info.search.indexUrl])
      await expect(stat(path.join(root, 'build', url))).resolves.toBeTruthy()
    const files = await inodes(root)
    for (const file of files.keys())
      if (/\.html$|_ssg\/data/.test(file))
        expect(await readFile(path.join(root, 'build', file), 'utf8'), file).not.toMatch(
          /search-(doc|index)-\d|buildId/,
        )
    // Under a base path, without search: no URLs.
    await writeConfig(root, { baseUrl: '/base/', search: { enabled: false } })
    await run(root)
    expect((await buildInfo(root)).search).toEqual({ docUrl: '', indexUrl: '' })
    await writeConfig(root, { baseUrl: '/base/' })
    await run(root)
    expect((await buildInfo(root)).search.docUrl).toMatch(/^\/base\/search-doc-\d+\.json$/)
    await expectSameAsColdBuild(root)
  })

  test("a page's new title re-renders the pages showing it (sidebars, links to it)", async () => {
    const root = await makeSite()
    await run(root)
    await put(root, 'content/docs/a.md', '# Page Aye\n\nAlpha text.\n')
    // The three docs (the not-found page shows no sidebar).
    expect((await run(root)).renderedPages).toBe(3)
    expect(await readFile(path.join(root, 'build/docs/b.html'), 'utf8')).toContain('Page Aye')
    await expectSameAsColdBuild(root)
  })

  test('a sidebar change re-renders the pages that show it', async () => {
    const root = await makeSite()
    await run(root)
    await put(root, 'content/docs/b.md', '---\nsidebar_label: Bee\n---\n# Page B\n\nBeta text.\n')
    // The docs show the sidebar; the not-found page does not (its sidebar file's name is stable).
    expect((await run(root)).renderedPages).toBe(3)
    expect(await readFile(path.join(root, 'build/docs/a.html'), 'utf8')).toContain('>Bee<')
    await expectSameAsColdBuild(root)
  })

  test('a config or asset change re-renders every page', async () => {
    const root = await makeSite()
    await run(root)
    const cases: Array<[string, () => Promise<void>, string]> = [
      ['config', () => writeConfig(root, { title: 'Warmer' }), 'Warmer'],
      ['asset', () => writeFile(path.join(root, 'theme/client.css'), 'body { color: red }\n'), ''],
    ]
    for (const [name, edit, expected] of cases) {
      const before = await inodes(root)
      const html = await readFile(path.join(root, 'build/docs/b.html'), 'utf8')
      await edit()
      expect((await run(root)).renderedPages, name).toBe(4)
      const fresh = changed(before, await inodes(root))
      expect(fresh, name).toEqual(
        expect.arrayContaining(['docs/a.html', 'docs/b.html', '404.html']),
      )
      const after = await readFile(path.join(root, 'build/docs/b.html'), 'utf8')
      expect(after, name).not.toBe(html)
      expect(after, name).toContain(expected)
      await expectSameAsColdBuild(root)
    }
  })

  test("a deleted page's files are gone from the new build", async () => {
    const root = await makeSite()
    await put(root, 'content/docs/index.md', '# Home\n\nSee [a](/docs/a).\n')
    await run(root)
    await rm(path.join(root, 'content/docs/b.md'))
    await run(root)
    const files = await inodes(root)
    for (const file of pageFiles('b')) expect(files.has(file), file).toBe(false)
    await expectSameAsColdBuild(root)
  })

  test('an output file changed by hand is made again', async () => {
    const root = await makeSite()
    await run(root)
    await writeFile(path.join(root, 'build/docs/a.html'), 'edited by hand')
    await run(root)
    expect(await readFile(path.join(root, 'build/docs/a.html'), 'utf8')).toContain('Page A')
    await expectSameAsColdBuild(root)
  })

  test('a failed build leaves build/ and its files untouched', async () => {
    const root = await makeSite()
    await run(root)
    const before = await inodes(root)
    const bytes = await readFile(path.join(root, 'build/docs/a.html'), 'utf8')
    // Fails while rendering, after some files were linked into the staging folder.
    await put(root, 'content/docs/a.md', '# Boom\n\nAlpha text, edited.\n')
    await expect(run(root)).rejects.toThrow(/boom/)
    expect(await inodes(root)).toEqual(before)
    expect(await readFile(path.join(root, 'build/docs/a.html'), 'utf8')).toBe(bytes)
    expect((await readdir(root)).filter((f) => f.startsWith('build.'))).toEqual([])
  })
})

test("a theme's fingerprint covers the modules its server entry imports", async () => {
  const root = await makeSite()
  const entry = path.join(root, 'theme/server.js')
  const first = await moduleFingerprint(entry)
  expect(await moduleFingerprint(entry)).toBe(first)
  await writeFile(path.join(root, 'theme/parts.js'), `export const mark = 'two'\n`)
  const second = await moduleFingerprint(entry)
  expect(second).not.toBe(first)
  await writeFile(path.join(root, 'theme/server.js'), '// edited\n', { flag: 'a' })
  expect(await moduleFingerprint(entry)).not.toBe(second)
})
