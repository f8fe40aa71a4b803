import { mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { makeSite } from './helpers.js'
import { eventually, get, reloads, startQuietServer } from './serve-helpers.js'

let root: string
let server: Awaited<ReturnType<typeof startQuietServer>>

beforeAll(async () => {
  root = await makeSite({
    files: {
      'content/docs/index.md': '# Home\n',
      'content/docs/guide/index.md': '# Guide\n\n![Chart](./img/chart.svg) [PDF](./guide.pdf)\n',
      'content/docs/guide/guide.pdf': '%PDF-1',
      'content/docs/guide/hidden.md': '---\nsearch: false\n---\n\n# Hidden\n',
      'content/docs/flow.md': '# Flow\n\n![The flow](./pics/flow.svg)\n',
      'content/docs/other.md': '# Other\n\n![The flow too](pics/flow.svg)\n',
      'content/shared/x.txt': 'shared',
      '.env': 'SECRET=1',
    },
  })
  server = await startQuietServer(root)
})
afterAll(() => server?.close())

test('files beside the Markdown are served from the site’s files, as they are now', async () => {
  const page = await get(server.url, '/docs/guide/')
  expect(page.body).toContain('src="/docs/guide/img/chart.svg"')
  expect(page.body).toContain('href="/docs/guide/guide.pdf"')
  expect((await get(server.url, '/docs/guide/guide.pdf')).body).toBe('%PDF-1')
  expect((await get(server.url, '/docs/guide/img/chart.svg')).status).toBe(404)
  await mkdir(path.join(root, 'content/docs/guide/img'))
  await writeFile(path.join(root, 'content/docs/guide/img/chart.svg'), '<svg>one</svg>')
  expect((await get(server.url, '/docs/guide/img/chart.svg')).body).toBe('<svg>one</svg>')
  await writeFile(path.join(root, 'content/docs/guide/img/chart.svg'), '<svg>two</svg>')
  expect((await get(server.url, '/docs/guide/img/chart.svg')).body).toBe('<svg>two</svg>')
})

test('only content files: never the config, .env or Markdown sources', async () => {
  expect((await get(server.url, '/_ssg/files/content/shared/x.txt')).body).toBe('shared')
  expect((await get(server.url, '/_ssg/files/.env')).status).toBe(404)
  expect((await get(server.url, '/_ssg/files/ssg.config.ts')).status).toBe(404)
  // At a source's path: the page's Markdown twin (made, links absolute), never the source.
  const twin = await get(server.url, '/docs/guide/index.md')
  expect(twin.type).toBe('text/markdown; charset=utf-8')
  expect(twin.body).toContain('[PDF](https://example.com/docs/guide/guide.pdf)')
  // A page without a twin (`search: false`): nothing.
  expect((await get(server.url, '/docs/guide/hidden.md')).status).toBe(404)
})

test('a file beside the Markdown that comes, changes or goes reloads the pages using it, and its warning follows', async () => {
  const missing = () =>
    server
      .site!.messages()
      .filter((m) => m.ruleId === 'missing-asset' && m.file !== 'content/docs/guide/index.md')
  await server.site!.settled()
  expect(missing()).toEqual([
    expect.objectContaining({
      file: 'content/docs/flow.md',
      line: 3,
      column: 1,
      message: expect.stringContaining('`./pics/flow.svg`'),
    }),
    expect.objectContaining({ file: 'content/docs/other.md', line: 3, column: 1 }),
  ])
  // /docs/flow is open in a browser: it reloads.
  expect((await get(server.url, '/docs/flow')).body).toContain('src="/docs/pics/flow.svg"')
  server.events.skip()
  await mkdir(path.join(root, 'content/docs/pics'))
  await writeFile(path.join(root, 'content/docs/pics/flow.svg'), '<svg>one</svg>')
  await server.events.next(reloads('/docs/flow'))
  await eventually(async () => missing().length === 0)
  await writeFile(path.join(root, 'content/docs/pics/flow.svg'), '<svg>two</svg>')
  await server.events.next(reloads('/docs/flow'))
  expect((await get(server.url, '/docs/pics/flow.svg')).body).toBe('<svg>two</svg>')
  await rm(path.join(root, 'content/docs/pics/flow.svg'))
  await server.events.next(reloads('/docs/flow'))
  // The watcher may push twice for one write (see `SiteWatcher.recheck`): the messages once the
  // removal is seen.
  await eventually(async () => missing().length === 2)
  expect(missing().map((m) => m.file)).toEqual(['content/docs/flow.md', 'content/docs/other.md'])
})
