// `ssg serve` compiles on demand: it answers before any page is compiled, a page asked for is
// compiled ahead of the background pass, and what the background pass finds reaches the terminal
// and the overlay.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DevSite } from '../src/serve/dev-site.js'
import { makeSite } from './helpers.js'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { eventually, get, startQuietServer } from './serve-helpers.js'

const PAGES = 40
const files: Record<string, string> = {}
for (let i = 0; i < PAGES; i++)
  files[`content/docs/page-${String(i).padStart(2, '0')}.md`] =
    `---\ntitle: Page ${i}\nsidebar_position: ${i}\n---\n\nText of page ${i}.\n\n\`\`\`ts\nconst page = ${i}\n\`\`\`\n`
// The last page in the background's order links to a page that does not exist.
files[`content/docs/page-${PAGES - 1}.md`] += '\nSee [the missing page](/docs/nowhere).\n'

describe('on-demand compile', () => {
  let site: DevSite
  beforeAll(async () => {
    const root = await makeSite({ files })
    site = await DevSite.create({ root, cache: false, workers: 0 })
  })
  afterAll(() => site?.dispose())

  test('the route table comes from front matter: no page compiled at start', () => {
    expect(site.size).toBe(PAGES)
    expect(site.routes()).toContain(`/docs/page-${PAGES - 1}`)
    expect(site.store.size).toBe(0)
  })

  test('a page asked for is compiled before the background pass reaches it', async () => {
    const last = await site.file(`_ssg/data/docs/page-${PAGES - 1}.json`)
    expect(last && 'body' in last ? String(last.body) : '').toContain(`Text of page ${PAGES - 1}.`)
    // The background goes in discovery order, one page at a time: it is far from the last page.
    expect(site.store.size).toBeLessThan(PAGES / 2)
    expect(site.store.complete).toBe(false)
  })

  test('the background pass compiles every page; its link check finds the broken link', async () => {
    await site.settled()
    expect(site.store.size).toBe(PAGES)
    expect(site.store.complete).toBe(true)
    expect(site.errors()).toEqual([
      expect.objectContaining({
        file: `content/docs/page-${PAGES - 1}.md`,
        ruleId: 'missing-page',
      }),
    ])
  })
})

describe('what the background pass finds, in the terminal and the overlay', () => {
  let server: Awaited<ReturnType<typeof startQuietServer>>
  beforeAll(async () => {
    server = await startQuietServer(await makeSite({ files }))
  })
  afterAll(() => server?.close())

  test('an error of a page no one asked for reaches both', async () => {
    // Nothing is known of the broken page at start: the hello event has no error.
    expect(server.events.all[0]).toMatchObject({ type: 'hello', errors: [] })
    expect((await get(server.url, '/docs/page-00')).status).toBe(200)
    const found = await server.events.next((e) => (e.errors?.length ?? 0) > 0, 60_000)
    expect(found.errors).toEqual([
      expect.objectContaining({
        file: `content/docs/page-${PAGES - 1}.md`,
        ruleId: 'missing-page',
      }),
    ])
    await server.site!.settled()
    const said = server.lines.join('\n')
    expect(said).toContain(`content/docs/page-${PAGES - 1}.md`)
    expect(said).toContain('Cannot find page `/docs/nowhere`')
    await expect.poll(() => server.lines.join('\n')).toMatch(/checked all 40 pages in .*1 error/)
  })
})

describe('a page’s warnings, for its warnings panel', () => {
  let server: Awaited<ReturnType<typeof startQuietServer>>
  const warningsOf = async (pathname: string) =>
    JSON.parse((await get(server.url, `/__ssg/warnings?path=${encodeURIComponent(pathname)}`)).body)
  beforeAll(async () => {
    server = await startQuietServer(
      await makeSite({
        files: {
          'content/docs/index.md': '---\ntitle: Home\n---\n\nSee [the setup](/docs/setup#keys).\n',
          'content/docs/setup.md': '---\ntitle: Setup\n---\n\n## Install\n\nText.\n',
        },
      }),
    )
  })
  afterAll(() => server?.close())

  test('the background pass finds a page’s link to a missing heading: the page is told', async () => {
    expect(server.events.all[0]).toMatchObject({ type: 'hello', warnings: expect.any(Number) })
    // Served first: the page it links to is compiled after it, in the background.
    expect((await get(server.url, '/docs/')).status).toBe(200)
    await server.site!.settled()
    await server.events.next((e) => e.warnings !== undefined, 60_000)
    const warnings = await warningsOf('/docs/')
    expect(warnings).toEqual([
      expect.objectContaining({
        file: 'content/docs/index.md',
        line: 5,
        ruleId: 'missing-anchor',
        message: expect.stringContaining('Cannot find heading `#keys` on `/docs/setup`'),
      }),
    ])
    // The same page by its other paths; another page has none; a path that is no page, none.
    expect(await warningsOf('/docs/index.html')).toEqual(warnings)
    expect(await warningsOf('/docs')).toEqual(warnings)
    expect(await warningsOf('/docs/setup')).toEqual([])
    expect(await warningsOf('/docs/../../etc/passwd')).toEqual([])
    expect(await warningsOf('/%E0%A4%A')).toEqual([])
  })
})

describe('MDX pages', () => {
  /** A folder beside the site's (a snippet may be read from outside it). */
  const outside = `../snippets-${process.pid}-${Date.now()}`
  let server: Awaited<ReturnType<typeof startQuietServer>>
  let root: string
  beforeAll(async () => {
    server = await startQuietServer(
      (root = await makeSite({
        files: {
          'content/docs/index.md': '# Home\n\nSee [the guide](./guide/index.mdx).\n',
          'content/docs/guide/index.mdx':
            "import Tabs from '@theme/Tabs'\n\n# Guide\n\nRead [setup](./setup.mdx).\n",
          'content/docs/guide/setup.mdx':
            "import Steps from './_steps.mdx'\n\n# Setup\n\n{/* a note */}\n\nInstall it.\n\n<Steps />\n",
          'content/docs/guide/_steps.mdx': '1. Run the installer.\n',
          'content/docs/guide/usage.md':
            '# Usage\n\n```python\n--8<-- "docs/guide/example.py"\n```\n',
          'content/docs/guide/example.py': 'first_value = 1\n',
          'content/docs/guide/terms.md': `# Terms\n\n--8<-- "includes/abbr.md"\n\n--8<-- "${outside}/glossary.md"\n`,
          'includes/abbr.md': 'First wording.\n',
        },
      })),
    )
    await mkdir(path.join(root, outside), { recursive: true })
    await writeFile(path.join(root, outside, 'glossary.md'), 'Old glossary.\n')
  })
  afterAll(() => rm(path.join(root, outside), { recursive: true, force: true }))
  afterAll(() => server?.close())

  test('are pages, served at their routes, never as files', async () => {
    const guide = await get(server.url, '/docs/guide/')
    expect(guide.status).toBe(200)
    expect(guide.body).toContain('href="/docs/guide/setup"')
    expect(guide.body).not.toContain('import Tabs')
    const setup = await get(server.url, '/docs/guide/setup')
    expect(setup.body).toContain('Install it.')
    expect(setup.body).not.toContain('a note')
    const home = await get(server.url, '/docs/')
    expect(home.body).toContain('href="/docs/guide/"')
    expect((await get(server.url, '/docs/guide/setup.mdx')).status).toBe(404)
  })

  test('a partial shows in the page that imports it, is no page, and an edit of it updates the page', async () => {
    expect((await get(server.url, '/docs/guide/setup')).body).toContain('Run the installer.')
    expect((await get(server.url, '/docs/guide/_steps')).status).toBe(404)
    expect((await get(server.url, '/docs/guide/')).body).not.toContain('_steps')
    await writeFile(path.join(root, 'content/docs/guide/_steps.mdx'), '1. Run the new installer.\n')
    await eventually(async () =>
      (await get(server.url, '/docs/guide/setup')).body.includes('Run the new installer.'),
    )
  })

  test("an edit of a snippet's file (no Markdown) updates the pages that include it", async () => {
    expect((await get(server.url, '/docs/guide/usage')).body).toContain('first_value')
    await writeFile(path.join(root, 'content/docs/guide/example.py'), 'second_value = 2\n')
    await eventually(async () =>
      (await get(server.url, '/docs/guide/usage')).body.includes('second_value'),
    )
  })

  test("an edit of a snippet's file out of content/ (at the site's top, or outside the site) updates its pages", async () => {
    expect((await get(server.url, '/docs/guide/terms')).body).toContain('First wording.')
    expect((await get(server.url, '/docs/guide/terms')).body).toContain('Old glossary.')
    await writeFile(path.join(root, 'includes/abbr.md'), 'Second wording.\n')
    await eventually(async () =>
      (await get(server.url, '/docs/guide/terms')).body.includes('Second wording.'),
    )
    await writeFile(path.join(root, outside, 'glossary.md'), 'New glossary.\n')
    await eventually(async () =>
      (await get(server.url, '/docs/guide/terms')).body.includes('New glossary.'),
    )
    // No page of its own.
    expect((await get(server.url, '/includes/abbr')).status).toBe(404)
  })
})

describe('markdown.snippets', () => {
  let server: Awaited<ReturnType<typeof startQuietServer>>
  let root: string
  beforeAll(async () => {
    server = await startQuietServer(
      (root = await makeSite({
        files: {
          'content/docs/index.md': '# Home\n\nSee [the site][home].\n\n--8<-- "note.md"\n',
          'snippets/links.md': '[home]: https://example.org/first\n',
          'snippets/note.md': 'A shared note.\n',
        },
        config: { markdown: { snippets: { paths: ['snippets'], append: ['links.md'] } } },
      })),
    )
  })
  afterAll(() => server?.close())

  test('a page ends with the appended files, snippets come from the folders, edits update it', async () => {
    const home = (await get(server.url, '/docs/')).body
    expect(home).toContain('<a href="https://example.org/first">the site</a>')
    expect(home).toContain('A shared note.')
    await writeFile(path.join(root, 'snippets/links.md'), '[home]: https://example.org/second\n')
    await eventually(async () =>
      (await get(server.url, '/docs/')).body.includes('https://example.org/second'),
    )
  })
})
