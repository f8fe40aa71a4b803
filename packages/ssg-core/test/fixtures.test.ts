import { cp, mkdtemp, readFile, readdir, stat, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'
import { build, type BuildReport } from '../src/pipeline/build.js'
import { BuildFailedError } from '../src/util/errors.js'
import { markdownSections } from '../src/markdown/markdown-sections.js'
import { fixtureTheme } from './helpers.js'

const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url))

/**
 * Every `fixtures/<case>/` is a site: its pages' HTML and its messages are compared to
 * `expected/` (only its messages when the build fails: a fixture of bad input).
 */
for (const name of await readdir(fixtures)) {
  test(name, async () => {
    const dir = path.join(fixtures, name)
    const root = await mkdtemp(path.join(tmpdir(), `ssg-fixture-${name}-`))
    // The site's files: content/, and anything else it reads (an OpenAPI spec).
    for (const entry of await readdir(dir))
      if (entry !== 'expected' && entry !== 'config.json')
        await cp(path.join(dir, entry), path.join(root, entry), { recursive: true })
    const extra = existsSync(path.join(dir, 'config.json'))
      ? JSON.parse(await readFile(path.join(dir, 'config.json'), 'utf8'))
      : {}
    const config = {
      title: 'Fixture',
      url: 'https://example.com',
      theme: { package: fixtureTheme },
      code: { extraLanguages: ['kotlin', 'hcl'] },
      ...extra,
    }
    await writeFile(path.join(root, 'ssg.config.ts'), `export default ${JSON.stringify(config)}\n`)
    let report: BuildReport
    try {
      report = await build({
        root,
        cache: false,
        workers: 0,
        now: () => new Date('2026-01-01T00:00:00Z'),
      })
    } catch (error) {
      // A fixture of bad input: its messages are what it is about (nothing was written).
      if (!(error instanceof BuildFailedError)) throw error
      report = (error as BuildFailedError & { report: BuildReport }).report
      await expect(messagesJson(report)).toMatchFileSnapshot(
        path.join(dir, 'expected', 'messages.json'),
      )
      return
    }
    const dataDir = path.join(root, 'build/_ssg/data')
    const pages = (await readdir(dataDir, { recursive: true }))
      .filter((f) => f.endsWith('.json'))
      .sort()
    for (const file of pages) {
      const page = JSON.parse(await readFile(path.join(dataDir, file), 'utf8'))
      const { html, lastUpdated: _ignored, ...rest } = page
      const expectedBase = path.join(dir, 'expected', file.replace(/\.json$/, ''))
      await expect(html.replace(/></g, '>\n<')).toMatchFileSnapshot(expectedBase + '.html')
      await expect(JSON.stringify(rest, null, 2) + '\n').toMatchFileSnapshot(
        expectedBase + '.data.json',
      )
    }
    const sidebarDir = path.join(root, 'build/_ssg/sidebars')
    for (const file of await readdir(sidebarDir)) {
      const sidebar = JSON.parse(await readFile(path.join(sidebarDir, file), 'utf8'))
      await expect(JSON.stringify(sidebar, null, 2) + '\n').toMatchFileSnapshot(
        path.join(dir, 'expected', `sidebar-${sidebar.id}.json`),
      )
    }
    // The Markdown output: every twin, llms.txt and llms-full.txt, as written.
    const buildDir = path.join(root, 'build')
    const markdownFiles = (await readdir(buildDir, { recursive: true }))
      .map((f) => f.split(path.sep).join('/'))
      .filter((f) => /\.md$|^llms(-full)?\.txt$/.test(f))
      .sort()
    for (const file of markdownFiles)
      await expect(await readFile(path.join(buildDir, file), 'utf8')).toMatchFileSnapshot(
        path.join(dir, 'expected', 'markdown', file),
      )
    // Each section copy button names the twin's section of its heading.
    const baseUrl: string = config.baseUrl ?? '/'
    for (const file of pages) {
      const page = JSON.parse(await readFile(path.join(dataDir, file), 'utf8'))
      if (!page.markdownUrl) continue
      const twinFile = decodeURI(page.markdownUrl.slice(baseUrl.length))
      const sections = markdownSections(await readFile(path.join(buildDir, twinFile), 'utf8'))
      for (const [, text, index] of page.html.matchAll(
        /<h2[^>]*>([^<]*)<a class="ssg-anchor".*?data-section="(\d+)"/g,
      ))
        expect(sections[Number(index)]?.split('\n')[0], page.path).toBe(
          `## ${text.replace(/&#x26;/g, '&').replace(/&#x3C;/g, '<')}`,
        )
    }
    // Files copied beside the pages (images, downloads), with their sizes.
    const copied = (await readdir(buildDir, { recursive: true }))
      .map((f) => f.split(path.sep).join('/'))
      .filter(
        (f) =>
          !/\.html$|\.md$|^sitemap\.xml$|^robots\.txt$|^llms(-full)?\.txt$|^search-.*\.json$/.test(
            f,
          ) &&
          (!f.startsWith('_ssg/') || f.startsWith('_ssg/files/')),
      )
      .sort()
    const sized: string[] = []
    for (const f of copied) {
      const info = await stat(path.join(buildDir, f))
      if (info.isFile()) sized.push(`${f} ${info.size}`)
    }
    const filesExpected = path.join(dir, 'expected', 'files.txt')
    if (sized.length || existsSync(filesExpected))
      await expect(sized.join('\n') + '\n').toMatchFileSnapshot(filesExpected)
    await expect(messagesJson(report)).toMatchFileSnapshot(
      path.join(dir, 'expected', 'messages.json'),
    )
  })
}

function messagesJson(report: BuildReport): string {
  const messages = report.messages.map(({ frame: _frame, ...m }) => m)
  return JSON.stringify(messages, null, 2) + '\n'
}
