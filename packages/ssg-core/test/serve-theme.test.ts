// A theme change while `ssg serve` runs: the server entry is imported again and the client
// re-bundled (esbuild's incremental context); a broken theme is reported and the last good one
// keeps serving.
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { fixtureTheme, makeSite } from './helpers.js'
import { get, startQuietServer } from './serve-helpers.js'

let theme: string
let server: Awaited<ReturnType<typeof startQuietServer>>
const entry = (html: string) => /<script type="module" src="([^"]+)"/.exec(html)![1]!

beforeAll(async () => {
  theme = await mkdtemp(path.join(tmpdir(), 'ssg-theme-'))
  await cp(fixtureTheme, theme, { recursive: true })
  const root = await makeSite({
    files: { 'content/docs/index.md': '# Home\n\nText.\n' },
    config: { theme: { package: theme } },
  })
  server = await startQuietServer(root)
})
afterAll(() => server?.close())

const edit = async (file: string, change: (text: string) => string) =>
  writeFile(path.join(theme, file), change(await readFile(path.join(theme, file), 'utf8')))

test('a server entry change re-renders every page', async () => {
  await edit('server.js', (s) => s.replace('`<main>', '`<main data-version="2">'))
  await server.events.next((e) => e.reload === 'all')
  expect((await get(server.url, '/docs/')).body).toContain('<main data-version="2">')
})

test('a client change re-bundles; a broken client is a placed error; the last bundle stays', async () => {
  const before = entry((await get(server.url, '/docs/')).body)
  await edit('client.js', (s) => s + 'export const broken = )\n')
  const broken = await server.events.next((e) => (e.errors?.length ?? 0) > 0)
  expect(broken.errors![0]).toMatchObject({ ruleId: 'client-bundle', line: 3, column: 23 })
  expect(broken.errors![0]!.file).toMatch(/client\.js$/)
  expect(broken.errors![0]!.frame).toContain('> 3 | export const broken = )')
  expect(entry((await get(server.url, '/docs/')).body)).toBe(before)
  expect((await get(server.url, before)).status).toBe(200)

  await edit('client.js', (s) => s.replace('export const broken = )\n', 'export const fixed = 1\n'))
  const fixed = await server.events.next((e) => e.reload === 'all')
  expect(fixed.errors).toEqual([])
  const after = entry((await get(server.url, '/docs/')).body)
  expect(after).not.toBe(before)
  expect((await get(server.url, after)).body).toContain('fixed')
})

test('a broken server entry is reported; pages keep the last good theme', async () => {
  await edit('server.js', (s) =>
    s.replace('export const contractVersion = 2', 'export const contractVersion = ('),
  )
  const broken = await server.events.next((e) => (e.errors?.length ?? 0) > 0)
  expect(broken.errors![0]).toMatchObject({ ruleId: 'theme' })
  expect(broken.errors![0]!.message).toMatch(/^Cannot load the theme/)
  expect((await get(server.url, '/docs/')).body).toContain('<main data-version="2">')
  await edit('server.js', (s) =>
    s.replace('export const contractVersion = (', 'export const contractVersion = 2'),
  )
  const fixed = await server.events.next((e) => e.reload === 'all')
  expect(fixed.errors).toEqual([])
})
