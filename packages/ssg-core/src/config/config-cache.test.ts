// The compiled config is reused only when nothing it was compiled from changed: the config's bytes
// (same size and mtime too), a module it imports, a file an import would now find first.
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import type * as esbuild from 'esbuild'
import { loadConfig } from './load-config.js'

const builds = vi.hoisted(() => ({ count: 0 }))
vi.mock('esbuild', async (original) => {
  const actual = await original<typeof import('esbuild')>()
  return {
    ...actual,
    build: (options: esbuild.BuildOptions) => {
      builds.count++
      return actual.build(options)
    },
  }
})

const old = new Date(2020, 0, 1)
let root: string

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'ssg-config-cache-'))
  builds.count = 0
})
afterEach(() => rm(root, { recursive: true, force: true }))

/** Writes files of the site, with an mtime long past (as a checkout's). */
async function write(files: Record<string, string>) {
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(root, name)
    await mkdir(path.dirname(file), { recursive: true })
    await writeFile(file, text)
    await utimes(file, old, old)
  }
}

/** The config's title, loaded with the cache folder (or without one). */
async function title(cache = true) {
  const config = await loadConfig({ root, cacheDir: cache ? path.join(root, '.ssg-cache') : null })
  return config.title
}

test('the same config is run again without compiling it', async () => {
  await write({
    'ssg.config.ts': 'export default { url: "https://x.example", title: "One" as string }\n',
  })
  expect(await title()).toBe('One')
  expect(await title()).toBe('One')
  expect(builds.count).toBe(1)
})

test('a config of the same size and mtime but other bytes is compiled again', async () => {
  await write({ 'ssg.config.ts': 'export default { url: "https://x.example", title: "One" }\n' })
  await title()
  await write({ 'ssg.config.ts': 'export default { url: "https://x.example", title: "Two" }\n' })
  expect(await title()).toBe('Two')
  expect(builds.count).toBe(2)
})

test('a module the config imports, changed, is compiled again', async () => {
  await write({
    'ssg.config.ts':
      'import { name } from "./name"\nexport default { url: "https://x.example", title: name }\n',
    'name.js': 'export const name = "One"\n',
  })
  expect(await title()).toBe('One')
  await write({ 'name.js': 'export const name = "Uno"\n' })
  expect(await title()).toBe('Uno')
  expect(builds.count).toBe(2)
})

test('a file an import now finds first is compiled', async () => {
  await write({
    'ssg.config.ts':
      'import { name } from "./name"\nexport default { url: "https://x.example", title: name }\n',
    'name.js': 'export const name = "One"\n',
  })
  await title()
  // esbuild tries `.ts` before `.js`.
  await write({ 'name.ts': 'export const name: string = "Three"\n' })
  expect(await title()).toBe('Three')
  expect(builds.count).toBe(2)
})

test('what the config reads when run is read each time', async () => {
  await write({
    'ssg.config.ts':
      'import { readFileSync } from "node:fs"\nexport default { url: "https://x.example", title: readFileSync(new URL("./title.txt", "file://" + process.env.SSG_TEST_ROOT + "/"), "utf8") }\n',
    'title.txt': 'One',
  })
  vi.stubEnv('SSG_TEST_ROOT', root)
  expect(await title()).toBe('One')
  await write({ 'title.txt': 'Two' })
  expect(await title()).toBe('Two')
  expect(builds.count).toBe(1)
  vi.unstubAllEnvs()
})

test('a config changed just now is not kept; without a cache folder, every load compiles', async () => {
  await writeFile(
    path.join(root, 'ssg.config.ts'),
    'export default { url: "https://x.example", title: "Now" }\n',
  )
  await title()
  await title()
  expect(builds.count).toBe(2)
  await write({ 'ssg.config.ts': 'export default { url: "https://x.example", title: "Old" }\n' })
  await title(false)
  await title(false)
  expect(builds.count).toBe(4)
})

test('a compile error names the config file and the place', async () => {
  await write({ 'ssg.config.ts': 'export default { url: "https://x.example", title: \n' })
  await expect(title()).rejects.toThrow(
    /Cannot compile the config .*ssg\.config\.ts\n .*ssg\.config\.ts:2:1: /,
  )
})
