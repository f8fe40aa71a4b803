import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DevSite } from '../src/serve/dev-site.js'
import type { BuildInfo } from '../src/theme/contract.js'
import { fixtureTheme, makeSite } from './helpers.js'
import { eventually, get, reloads, startQuietServer, updates } from './serve-helpers.js'

const page = (title: string, body: string, position?: number) =>
  `---\ntitle: ${title}\n${position !== undefined ? `sidebar_position: ${position}\n` : ''}---\n\n${body}\n`

const files = {
  'content/docs/index.md': page('Home', 'Welcome home. Read the [guide](/docs/guide).', 0),
  'content/docs/guide.md': page('Guide', 'Guide text, version one.', 1),
  'content/docs/setup.md': page('Setup', 'Setup text.\n\n## Install\n\nInstall text.', 2),
  'content/docs/reference/index.md': page('Reference', 'Reference intro.', 3),
  'content/docs/reference/api.md': page('API', 'API text.'),
  'content/pages/index.md': '---\ntitle: Landing\nlayout: page\n---\n\nLanding text.\n',
  'static/img/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
}

describe('ssg serve: edits, pushes and served pages', () => {
  let root: string
  let server: Awaited<ReturnType<typeof startQuietServer>>
  const write = (file: string, text: string) => writeFile(path.join(root, file), text)
  const html = async (pathname: string) => (await get(server.url, pathname)).body

  beforeAll(async () => {
    root = await makeSite({
      files,
      config: { redirects: [{ from: '/old-setup', to: '/docs/setup' }] },
    })
    server = await startQuietServer(root)
  })
  afterAll(() => server?.close())

  test('serves the first build from memory, with the dev client and no errors', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/)
    const home = await get(server.url, '/docs/')
    expect(home.status).toBe(200)
    expect(home.type).toBe('text/html; charset=utf-8')
    expect(home.body).toContain('Welcome home.')
    expect(home.body).toContain('<script type="module" src="/__ssg/client.js"></script></body>')
    const client = await get(server.url, '/__ssg/client.js')
    expect(client.type).toBe('text/javascript; charset=utf-8')
    expect(client.body).toContain("const EVENTS = '/__ssg/events'")
    expect(server.events.all[0]).toMatchObject({ type: 'hello', errors: [] })
    // Generated files from memory, static ones from disk.
    expect((await get(server.url, '/_ssg/sidebars/docs.json')).body).toContain('"Setup"')
    expect((await get(server.url, '/_ssg/data/docs/setup.json')).body).toContain('Setup text.')
    expect((await get(server.url, '/img/logo.svg')).type).toBe('image/svg+xml')
    expect((await get(server.url, '/sitemap.xml')).body).toContain('/docs/setup')
    expect(server.lines.join('\n')).toMatch(/ssg: serving 6 pages at http:\/\/127\.0\.0\.1:\d+\//)
  })

  test('redirect pages and the search files come from memory; search follows edits', async () => {
    const redirect = await get(server.url, '/old-setup')
    expect(redirect.status).toBe(200)
    expect(redirect.body).toContain('<meta http-equiv="refresh" content="0; url=/docs/setup">')
    // The pages do not name the search files: the build file does (as `ssg build` writes it).
    expect(await html('/docs/')).not.toMatch(/search-doc-\d+/)
    const info = await get(server.url, '/_ssg/build.json')
    expect(info.type).toMatch(/^application\/json/)
    const docUrl = (JSON.parse(info.body) as BuildInfo).search.docUrl
    expect(docUrl).toMatch(/^\/search-doc-\d+\.json$/)
    expect((await get(server.url, docUrl)).body).toContain('Install text.')
    await write('content/docs/setup.md', page('Setup', 'Setup text.\n\n## Uninstall\n\nGone.', 2))
    await server.events.next(updates('/docs/setup'))
    const search = (await get(server.url, docUrl)).body
    expect(search).toContain('Uninstall')
    expect(search).not.toContain('Install text.')
    await write(
      'content/docs/setup.md',
      page('Setup', 'Setup text.\n\n## Install\n\nInstall text.', 2),
    )
    await server.events.next(updates('/docs/setup'))
  })

  test('Markdown twins, llms.txt and llms-full.txt are made on request and follow edits', async () => {
    const twin = await get(server.url, '/docs/guide.md')
    expect(twin.status).toBe(200)
    expect(twin.type).toBe('text/markdown; charset=utf-8')
    expect(twin.body).toBe('# Guide\n\nGuide text, version one.\n')
    expect((await get(server.url, '/docs/reference/index.md')).body).toContain('Reference intro.')
    expect((await get(server.url, '/docs/index.md')).body).toContain(
      '[guide](https://example.com/docs/guide.md)',
    )
    expect((await get(server.url, '/llms.txt')).body).toContain(
      '- [Setup](https://example.com/docs/setup.md): Setup text.',
    )
    expect((await get(server.url, '/llms-full.txt')).body).toContain(
      'Source: https://example.com/docs/guide',
    )
    expect((await get(server.url, '/docs/missing.md')).status).toBe(404)
    // No page is open: the edit pushes nothing, but the twin asked for next is the new one.
    const twinHas = (text: string) => async () =>
      (await get(server.url, '/docs/guide.md')).body.includes(text)
    await write('content/docs/guide.md', page('Guide', 'Guide text, version 1.5.', 1))
    await eventually(twinHas('version 1.5.'))
    await write('content/docs/guide.md', page('Guide', 'Guide text, version one.', 1))
    await eventually(twinHas('version one.'))
  })

  test('a body edit updates that page in place, alone, and the page shows it', async () => {
    expect(await html('/docs/guide')).toContain('version one')
    await write('content/docs/guide.md', page('Guide', 'Guide text, version two.', 1))
    const event = await server.events.next(updates('/docs/guide'))
    expect(event.refresh).toEqual(['/docs/guide'])
    expect(event.reload).toBeUndefined()
    expect(await html('/docs/guide')).toContain('version two')
    const data = (await get(server.url, '/_ssg/data/docs/guide.json')).body
    expect(data).toContain('version two')
    // The new page data comes with the push, as the data file has it.
    expect(Object.keys(event.pages ?? {})).toEqual(['/docs/guide'])
    expect(event.pages!['/docs/guide']).toEqual(JSON.parse(data))
  })

  test('saving identical bytes pushes nothing', async () => {
    await write('content/docs/guide.md', page('Guide', 'Guide text, version two.', 1))
    await write(
      'content/docs/setup.md',
      page('Setup', 'Setup text.\n\n## Install\n\nInstall text!', 2),
    )
    const event = await server.events.next(updates('/docs/setup'))
    expect(event.refresh).toEqual(['/docs/setup'])
  })

  test('a new title reaches the sidebar and the neighbours’ previous/next links', async () => {
    const sidebar = [
      '/docs/',
      '/docs/guide',
      '/docs/reference/',
      '/docs/reference/api',
      '/docs/setup',
    ]
    for (const route of [...sidebar, '/']) await html(route)
    await write('content/docs/guide.md', page('Handbook', 'Guide text, version two.', 1))
    const event = await server.events.next(reloads('/docs/guide'))
    // Every page of the sidebar shows the new label (they reload); the landing page has no
    // sidebar.
    expect([...event.reload!].sort()).toEqual(
      ['/docs/', '/docs/guide', '/docs/reference/', '/docs/reference/api', '/docs/setup'].sort(),
    )
    expect(await html('/docs/setup')).toContain('<a rel="prev" href="/docs/guide">Handbook</a>')
    expect(await html('/docs/')).toContain('<a rel="next" href="/docs/guide">Handbook</a>')
    expect((await get(server.url, '/_ssg/sidebars/docs.json')).body).toContain('"Handbook"')
  })

  test('adding a page adds its route, its sidebar entry and fixes links to it', async () => {
    await write('content/docs/index.md', page('Home', 'Welcome. See [new](/docs/new).', 0))
    const broken = await server.events.next((e) => (e.errors?.length ?? 0) > 0)
    expect(broken.errors).toEqual([
      expect.objectContaining({
        file: 'content/docs/index.md',
        line: 6,
        column: 14,
        ruleId: 'missing-page',
        message: expect.stringMatching(/^Cannot find page `\/docs\/new`/),
      }),
    ])
    // The home page keeps its last good version while its link is broken.
    expect(await html('/docs/')).toContain('Welcome home.')

    await write('content/docs/new.md', page('New page', 'Fresh.', 5))
    const added = await server.events.next(reloads('/docs/new'))
    expect(added.errors).toEqual([])
    expect(added.reload).toContain('/docs/')
    expect(await html('/docs/new')).toContain('Fresh.')
    const home = await html('/docs/')
    expect(home).toContain('Welcome. See <a href="/docs/new">new</a>')
    expect(home).toContain('<li><a href="/docs/new">New page</a></li>')
  })

  test('renaming a page moves its route; deleting one breaks the links to it', async () => {
    await rename(path.join(root, 'content/docs/new.md'), path.join(root, 'content/docs/renamed.md'))
    // A rename arrives as an add and an unlink, maybe in two pushes.
    await eventually(async () => (await get(server.url, '/docs/renamed')).status === 200)
    await eventually(async () => (await get(server.url, '/docs/new')).status === 404)
    server.events.skip()
    expect(server.site!.errors()).toEqual([
      expect.objectContaining({
        file: 'content/docs/index.md',
        ruleId: 'missing-page',
        message: expect.stringContaining('`/docs/new`'),
      }),
    ])
    expect(await html('/docs/renamed')).toContain('Fresh.')
    expect(await html('/docs/reference/')).toContain('<a href="/docs/renamed">New page</a>')

    await write('content/docs/index.md', page('Home', 'Welcome. See [renamed](/docs/renamed).', 0))
    const fixed = await server.events.next((e) => Array.isArray(e.errors) && e.errors.length === 0)
    expect(fixed.reload).toContain('/docs/')
    expect(await html('/docs/')).toContain('<a href="/docs/renamed">renamed</a>')

    await rm(path.join(root, 'content/docs/renamed.md'))
    const deleted = await server.events.next(reloads('/docs/renamed'))
    expect(deleted.errors).toEqual([
      expect.objectContaining({ file: 'content/docs/index.md', ruleId: 'missing-page' }),
    ])
    expect((await get(server.url, '/docs/renamed')).status).toBe(404)
    await write('content/docs/index.md', page('Home', 'Welcome home again.', 0))
    await server.events.next((e) => Array.isArray(e.errors) && e.errors.length === 0)
  })

  test('broken front matter: placed error with a code frame, last good page, recovery', async () => {
    await write(
      'content/docs/setup.md',
      '---\ntitle: Setup\ndescription: [unclosed\n---\n\nBroken now.\n',
    )
    const broken = await server.events.next((e) => (e.errors?.length ?? 0) > 0)
    expect(broken.errors).toEqual([
      expect.objectContaining({
        file: 'content/docs/setup.md',
        line: 3,
        column: 23,
        ruleId: 'front-matter-yaml',
      }),
    ])
    expect(broken.errors![0]!.frame).toContain('> 3 | description: [unclosed')
    expect(server.lines.join('\n')).toContain(
      'error  content/docs/setup.md:3:23  Front matter is not valid YAML',
    )
    const served = await html('/docs/setup')
    expect(served).toContain('Install text!')
    expect(served).not.toContain('Broken now.')
    // A page loaded now gets the errors on connecting.
    const { openEvents } = await import('./serve-helpers.js')
    const late = await openEvents(server.url)
    expect(late.all[0]!.errors).toHaveLength(1)
    late.close()

    await write('content/docs/setup.md', page('Setup', 'Fixed now.', 2))
    // The watcher can see a write half done (the file truncated, then written: a clean-clone CI
    // run at load 25 got a push of the empty page first), so wait for the push with no error and
    // for the page to show the fix.
    await server.events.next((e) => updates('/docs/setup')(e) && e.errors?.length === 0)
    await eventually(async () => (await html('/docs/setup')).includes('Fixed now.'))
    expect(server.lines.join('\n')).toContain('ssg: no more errors')
  })

  test('an unclosed directive is an error; other pages keep updating', async () => {
    await write('content/docs/reference/api.md', page('API', ':::warning\nCareful.'))
    const broken = await server.events.next((e) => (e.errors?.length ?? 0) > 0)
    expect(broken.errors![0]).toMatchObject({
      file: 'content/docs/reference/api.md',
      line: 5,
      column: 1,
      ruleId: 'unclosed-directive',
    })
    expect(await html('/docs/reference/api')).toContain('API text.')
    await write('content/docs/guide.md', page('Handbook', 'Still editable.', 1))
    await server.events.next(updates('/docs/guide'))
    expect(await html('/docs/guide')).toContain('Still editable.')
    await write('content/docs/reference/api.md', page('API', ':::warning\nCareful.\n:::'))
    await server.events.next((e) => Array.isArray(e.errors) && e.errors.length === 0)
    // A write truncates the file first: on a loaded machine the server may see it empty for a
    // moment (no error either), then the content (the watcher looks again).
    await eventually(async () => (await html('/docs/reference/api')).includes('Careful.'))
  })

  test('static files: added, served from disk, links to them checked', async () => {
    await write('content/docs/guide.md', page('Handbook', '[chart](/img/chart.svg)', 1))
    await server.events.next((e) => (e.errors?.length ?? 0) > 0)
    await mkdir(path.join(root, 'static/img'), { recursive: true })
    await write(
      'static/img/chart.svg',
      '<svg xmlns="http://www.w3.org/2000/svg"><title>c</title></svg>',
    )
    const event = await server.events.next((e) => Array.isArray(e.errors) && e.errors.length === 0)
    expect(event.reload).toBe('all')
    const chart = await get(server.url, '/img/chart.svg')
    expect(chart.status).toBe(200)
    expect(chart.body).toContain('<title>c</title>')
  })

  test('a folder’s _category_.json relabels its sidebar category', async () => {
    await html('/docs/reference/api')
    await write('content/docs/reference/_category_.json', '{"label": "API reference"}\n')
    await server.events.next(reloads('/docs/reference/api'))
    expect((await get(server.url, '/_ssg/sidebars/docs.json')).body).toContain('"API reference"')
    await rm(path.join(root, 'content/docs/reference/_category_.json'))
    await server.events.next(reloads('/docs/reference/api'))
    expect((await get(server.url, '/_ssg/sidebars/docs.json')).body).not.toContain('API reference')
  })

  test('a config change rebuilds everything and reloads every page', async () => {
    await write(
      'ssg.config.ts',
      `export default ${JSON.stringify({ title: 'Renamed site', url: 'https://example.com', theme: { package: (await import('./helpers.js')).fixtureTheme } })}\n`,
    )
    const event = await server.events.next((e) => e.reload === 'all')
    expect(event.type).toBe('update')
    expect(await html('/docs/setup')).toContain('<title>Setup | Renamed site</title>')
    // A broken config is reported and the last good site stays up.
    await write('ssg.config.ts', 'export default { title: 42 }\n')
    const broken = await server.events.next((e) => (e.errors?.length ?? 0) > 0)
    expect(broken.errors![0]).toMatchObject({ file: 'ssg.config.ts', ruleId: 'config' })
    expect(broken.errors![0]!.message).toContain('title')
    expect(await html('/docs/setup')).toContain('<title>Setup | Renamed site</title>')
  })
})

describe('a site that cannot load', () => {
  test('is reported and served once fixed, without a restart', async () => {
    const root = await makeSite({
      files: { 'content/docs/index.md': '# Home\n\nHello.\n' },
      config: { search: { maxResults: 'many' } },
    })
    const server = await startQuietServer(root)
    try {
      expect(server.site).toBeNull()
      expect(server.events.all[0]!.errors).toEqual([
        expect.objectContaining({ file: 'ssg.config.ts', ruleId: 'config' }),
      ])
      expect(server.events.all[0]!.errors![0]!.message).toContain('search.maxResults')
      const waiting = await get(server.url, '/docs/')
      expect(waiting.status).toBe(404)
      expect(waiting.body).toContain('/__ssg/client.js')
      await writeFile(
        path.join(root, 'ssg.config.ts'),
        `export default ${JSON.stringify({ title: 'Fixed', url: 'https://example.com', theme: { package: fixtureTheme } })}\n`,
      )
      const fixed = await server.events.next((e) => e.reload === 'all')
      expect(fixed.errors).toEqual([])
      expect((await get(server.url, '/docs/')).body).toContain('Hello.')
    } finally {
      await server.close()
    }
  })
})

describe('incremental updates equal a full rebuild', () => {
  test('after edits, additions, renames and deletions every page matches a fresh build', async () => {
    const root = await makeSite({ files })
    const server = await startQuietServer(root)
    const at = (file: string) => path.join(root, file)
    try {
      const steps: Array<() => Promise<unknown>> = [
        // Links to a Markdown file are rewritten to its route...
        () =>
          writeFile(
            at('content/docs/setup.md'),
            page('Setup', 'See [api](./reference/api.md).', 0),
          ),
        () =>
          writeFile(
            at('content/docs/reference/extra.md'),
            page('Extra', 'Extra [home](/docs/).', 1),
          ),
        async () => {
          await rename(at('content/docs/guide.md'), at('content/docs/reference/guide.md'))
          await writeFile(
            at('content/docs/index.md'),
            page('Home', 'Read [it](/docs/reference/guide).'),
          )
        },
        // ... and again when that route moves.
        () =>
          writeFile(
            at('content/docs/reference/api.md'),
            '---\nslug: /docs/api-moved\n---\n# API v2\n',
          ),
        () => rm(at('content/docs/reference/index.md')),
        () =>
          writeFile(
            at('content/docs/reference/guide.md'),
            page('Guide', '## New heading\n\nText.', 9),
          ),
      ]
      for (const step of steps) {
        await step()
        await settle(server)
      }
      expect(server.site!.errors()).toEqual([])
      const fresh = await DevSite.create({ root, cache: false, workers: 0 })
      try {
        expect(server.site!.routes().sort()).toEqual(fresh.routes().sort())
        const body = async (site: DevSite, file: string) => {
          const found = await site.file(file)
          return found && 'body' in found
            ? String(found.body).replace(/search-(doc|index)-\d+/g, 'search-$1')
            : null
        }
        for (const route of fresh.routes()) {
          const html = route.endsWith('/')
            ? route.slice(1) + 'index.html'
            : route.slice(1) + '.html'
          expect(await body(server.site!, html), route).toBe(await body(fresh, html))
          const data =
            '_ssg/data/' +
            (route.endsWith('/') ? route.slice(1) + 'index' : route.slice(1)) +
            '.json'
          expect(await body(server.site!, data), data).toBe(await body(fresh, data))
        }
        expect(await body(server.site!, '_ssg/sidebars/docs.json')).toBe(
          await body(fresh, '_ssg/sidebars/docs.json'),
        )
        expect(await body(server.site!, 'sitemap.xml')).toBe(await body(fresh, 'sitemap.xml'))
        const search = async (site: DevSite) =>
          JSON.parse((await body(site, site.searchFileNames!.docFile))!).pages
        expect(await search(server.site!)).toEqual(await search(fresh))
        await fresh.settled()
        expect(server.site!.messages()).toEqual(fresh.messages())
      } finally {
        await fresh.dispose()
      }
    } finally {
      await server.close()
    }
  })
})

/** Waits until the watcher saw the last writes (an unlink waits 100 ms for a re-add) and handled them. */
async function settle(server: { idle(): Promise<void> }) {
  await new Promise((r) => setTimeout(r, 250))
  await server.idle()
}
