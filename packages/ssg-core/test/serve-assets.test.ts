import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { makeSite } from './helpers.js'
import { get, startQuietServer } from './serve-helpers.js'

let root: string
let server: Awaited<ReturnType<typeof startQuietServer>>

beforeAll(async () => {
  root = await makeSite({
    files: {
      'content/docs/index.md': '# Home\n',
      'content/docs/guide/index.md': '# Guide\n\n![Chart](./img/chart.svg) [PDF](./guide.pdf)\n',
      'content/docs/guide/guide.pdf': '%PDF-1',
      'content/docs/guide/hidden.md': '---\nsearch: false\n---\n\n# Hidden\n',
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
