import { rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { makeSite } from './helpers.js'
import { eventually, get, startQuietServer } from './serve-helpers.js'

let root: string
let server: Awaited<ReturnType<typeof startQuietServer>>
const write = (file: string, text: string) => writeFile(path.join(root, file), text)
const status = async (pathname: string) => (await get(server.url, pathname)).status
const body = async (pathname: string) => (await get(server.url, pathname)).body

beforeAll(async () => {
  root = await makeSite({
    files: {
      'content/docs/index.md': '# Home\n\n[Guide](guide/README.md) [Source](commands/..md)\n',
      'content/docs/guide/README.md': '# Guide readme\n',
      'content/docs/commands/..md': '# .\n\nThe dot command.\n',
    },
  })
  server = await startQuietServer(root)
})
afterAll(() => server?.close())

test('a README.md is its folder’s index page until an index.md comes, and again once it goes', async () => {
  expect(await body('/docs/guide/')).toContain('Guide readme')
  await write('content/docs/guide/index.md', '# Guide index\n')
  await eventually(async () => (await body('/docs/guide/')).includes('Guide index'))
  await eventually(async () => (await status('/docs/guide/README')) === 200)
  expect(await body('/docs/guide/README')).toContain('Guide readme')
  expect(await body('/docs/')).toContain('<a href="/docs/guide/README">Guide</a>')
  expect(server.site!.messages()).toEqual([])
  await rm(path.join(root, 'content/docs/guide/index.md'))
  await eventually(async () => (await body('/docs/guide/')).includes('Guide readme'))
  await eventually(async () => (await status('/docs/guide/README')) === 404)
  expect(server.site!.messages()).toEqual([])
})

test('`..md` gives its route to a `dot.md` that comes, and takes it back once it goes', async () => {
  expect(await body('/docs/commands/dot')).toContain('The dot command.')
  await write('content/docs/commands/dot.md', '# dot\n\nGraphviz.\n')
  await eventually(async () => (await body('/docs/commands/dot')).includes('Graphviz.'))
  await eventually(async () => (await status('/docs/commands/dot-1')) === 200)
  expect(await body('/docs/commands/dot-1')).toContain('The dot command.')
  expect(await body('/docs/')).toContain('<a href="/docs/commands/dot-1">Source</a>')
  expect(server.site!.messages()).toEqual([])
  await rm(path.join(root, 'content/docs/commands/dot.md'))
  await eventually(async () => (await body('/docs/commands/dot')).includes('The dot command.'))
  await eventually(async () => (await status('/docs/commands/dot-1')) === 404)
  expect(server.site!.messages()).toEqual([])
})
