// `ssg build` reuses the last client bundle only when nothing it was made from changed: an
// input's bytes (same size and mtime too), a file a relative import would now find first, the
// package a bare import finds (a `node_modules` link to another version), a cached file's bytes.
import { mkdir, mkdtemp, readFile, readdir, rm, symlink, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import * as esbuild from 'esbuild'
import { bundleClient } from './bundle.js'

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
  root = await mkdtemp(path.join(tmpdir(), 'ssg-bundle-'))
  builds.count = 0
})
afterEach(() => rm(root, { recursive: true, force: true }))

/** Writes files under the theme folder, with an mtime long past (as a checkout's). */
async function write(files: Record<string, string>) {
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(root, 'theme', name)
    await mkdir(path.dirname(file), { recursive: true })
    await writeFile(file, text)
    await utimes(file, old, old)
  }
}

let run = 0
/** Bundles into a new output folder; the files written and the document's URLs. */
async function bundle() {
  const outDir = path.join(root, `out-${run++}`)
  const assets = await bundleClient({
    clientEntry: path.join(root, 'theme', 'entry.js'),
    outDir,
    baseUrl: '/',
    cacheDir: path.join(root, 'cache'),
  })
  const dir = path.join(outDir, '_ssg', 'assets')
  const files: Record<string, string> = {}
  for (const name of await readdir(dir, { recursive: true }))
    if (name.endsWith('.js')) files[name] = await readFile(path.join(dir, name), 'utf8')
  return { assets, files }
}

test('the same inputs give the last bundle, bytes and URLs, without bundling', async () => {
  await write({
    'entry.js': 'import {a} from "./a"\nconsole.log(a)\n',
    'a.js': 'export const a = 1\n',
  })
  const first = await bundle()
  expect(builds.count).toBe(1)
  const second = await bundle()
  expect(builds.count).toBe(1)
  expect(second).toEqual(first)
})

test('an input of the same size and mtime but other bytes is bundled again', async () => {
  await write({
    'entry.js': 'import {a} from "./a"\nconsole.log(a)\n',
    'a.js': 'export const a = 1\n',
  })
  await bundle()
  await write({ 'a.js': 'export const a = 2\n' })
  const second = await bundle()
  expect(builds.count).toBe(2)
  expect(Object.values(second.files).join()).toContain('2')
})

test('a file a relative import now finds first is bundled', async () => {
  await write({
    'entry.js': 'import {a} from "./a"\nconsole.log(a)\n',
    'a.js': 'export const a = 1\n',
  })
  await bundle()
  // esbuild tries `.ts` before `.js`.
  await write({ 'a.ts': 'export const a: number = 3\n' })
  const second = await bundle()
  expect(builds.count).toBe(2)
  expect(Object.values(second.files).join()).toContain('3')
})

test('a package link to another version is bundled again, its old files unchanged', async () => {
  await write({
    'entry.js': 'import {v} from "pkg"\nconsole.log(v)\n',
    'store/pkg@1/index.js': 'export const v = "one"\n',
    'store/pkg@1/package.json': '{"name":"pkg","main":"index.js"}',
    'store/pkg@2/index.js': 'export const v = "two"\n',
    'store/pkg@2/package.json': '{"name":"pkg","main":"index.js"}',
  })
  const link = path.join(root, 'theme', 'node_modules', 'pkg')
  await mkdir(path.dirname(link), { recursive: true })
  await symlink(path.join(root, 'theme', 'store', 'pkg@1'), link)
  await bundle()
  await rm(link)
  await symlink(path.join(root, 'theme', 'store', 'pkg@2'), link)
  const second = await bundle()
  expect(builds.count).toBe(2)
  expect(Object.values(second.files).join()).toContain('two')
})

test('a cached file changed by hand is not used; an input changed just now is not kept', async () => {
  await write({ 'entry.js': 'console.log("entry")\n' })
  const first = await bundle()
  const [name] = Object.keys(first.files)
  await writeFile(path.join(root, 'cache', 'files', name!), 'console.log("tampered")\n')
  expect((await bundle()).files).toEqual(first.files)
  expect(builds.count).toBe(2)

  // Changed within the file system's tick, it could change again keeping its mtime.
  await writeFile(path.join(root, 'theme', 'entry.js'), 'console.log("now")\n')
  await bundle()
  await bundle()
  expect(builds.count).toBe(4)
})

test('without a cache folder, every call bundles', async () => {
  await write({ 'entry.js': 'console.log("entry")\n' })
  const outDir = path.join(root, 'out')
  const options = { clientEntry: path.join(root, 'theme', 'entry.js'), outDir, baseUrl: '/' }
  await bundleClient(options)
  await bundleClient(options)
  expect(builds.count).toBe(2)
})

test('a cache folder that cannot be written costs the next build its reuse, not this build', async () => {
  await write({ 'entry.js': 'console.log(1)\n' })
  // A file where the cache folder goes: nothing can be made under it.
  await writeFile(path.join(root, 'cache'), 'not a folder')
  const first = await bundle()
  expect(Object.keys(first.files)).toHaveLength(1)
  await bundle()
  expect(builds.count).toBe(2)
})
