import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { resolveConfig } from '../config/load-config.js'
import { notFoundPageData, type PageData, type Sidebar } from '../theme/contract.js'
import { OutputCache } from './output-cache.js'
import { packHtml } from './packed-html.js'
import { dataFileOf } from './output-paths.js'
import type { PageKeys } from './page-keys.js'
import { createRenderContext, pageHtmlFile } from './render-context.js'
import { RenderPool } from './render-pool.js'
import { RENDER_WINDOW, startWritePages } from './write-pages.js'
import { readTree } from '../../test/helpers.js'

/** The render worker of the core's build (`pnpm build` makes it before the tests run). */
const WORKER = new URL('../../dist/worker/render-worker.js', import.meta.url)
const themeFile = (name: string) =>
  fileURLToPath(new URL(`../../test/fixture-theme/${name}`, import.meta.url))

const sidebars: Sidebar[] = [
  {
    id: 'docs',
    items: [
      { type: 'link', label: 'Start “here”', href: '/docs/p0' },
      { type: 'category', label: 'More', items: [{ type: 'link', label: 'P1', href: '/docs/p1' }] },
    ],
  } as Sidebar,
]

/** `count` pages (200 a batch): long HTML held as bytes (`packHtml`) and short HTML as text. */
function makePages(options: { count?: number; broken?: number } = {}): PageData[] {
  return Array.from({ length: options.count ?? 450 }, (_, i) => {
    const page: PageData = {
      ...notFoundPageData({ path: `/docs/p${i}`, description: `Page “${i}”` }),
      layout: 'doc',
      title: i === options.broken ? 'Broken' : `Page ${i}`,
      html: i % 3 ? `<p>“Quoted” text ${i} — é</p>`.repeat(i % 2 ? 60 : 1) : `<p>${i}</p>`,
      sidebarId: i % 4 ? 'docs' : null,
      toc: [{ depth: 2, id: 'a', text: `A ${i}` }] as PageData['toc'],
      prev: i ? { label: `Page ${i - 1}`, href: `/docs/p${i - 1}` } : null,
    }
    packHtml(page)
    return page
  })
}

const dirs: string[] = []
afterEach(async () => {
  vi.restoreAllMocks()
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
})

/** A fresh staging folder, its output cache, the render context, and every page's keys. */
async function setUp(options: { pages: PageData[]; theme?: string }) {
  const dir = await mkdtemp(path.join(tmpdir(), 'ssg-render-pool-'))
  dirs.push(dir)
  const staging = path.join(dir, 'staging')
  const serverEntry = options.theme ?? themeFile('server.js')
  const config = resolveConfig({
    raw: { title: 'Site', url: 'https://docs.example', favicon: '/icon.svg' },
    root: '/nonexistent',
    configFile: null,
  })
  const context = createRenderContext({
    config,
    theme: (await import(serverEntry)) as never,
    assets: { entry: '/assets/entry.js', preload: ['/assets/chunk.js'], css: ['/assets/a.css'] },
    sidebarUrls: { docs: '/_ssg/sidebars/docs.json' },
  })
  const outputs = await OutputCache.open({ cacheDir: null, outDir: path.join(dir, 'out'), staging })
  const record = vi.spyOn(outputs, 'record')
  const keys: PageKeys = {
    html: options.pages.map((_, i) => `html-${i}`),
    data: options.pages.map((_, i) => `data-${i}`),
    base: '',
  }
  const recorded = () => record.mock.calls.flatMap(([files]) => files)
  return { dir, staging, serverEntry, context, outputs, keys, recorded }
}

/** Renders and writes `pages`: here, or here and in a render worker (`startWritePages`). */
async function writeAll(options: {
  pages: PageData[]
  worker: boolean
  theme?: string
  /** The worker's theme, if not `theme`. */
  workerTheme?: string
}) {
  const set = await setUp(options)
  const bySidebar = new Map(sidebars.map((s) => [s.id, s]))
  const { staging } = set
  const serverEntry = options.workerTheme ?? set.serverEntry
  const writes = startWritePages({
    context: set.context,
    pages: options.pages,
    sidebarOf: (page) => (page.sidebarId ? (bySidebar.get(page.sidebarId) ?? null) : null),
    keys: set.keys,
    outputs: set.outputs,
    worker: options.worker ? { url: WORKER, serverEntry, sidebars, staging } : null,
  })
  return { set, writes }
}

/** Blocks this thread for `ms` (the search index's long synchronous call, in small). */
const block = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)

describe('render + write in a render worker', () => {
  test('the worker alone writes the same files as this thread, and records them', async () => {
    const here = await writeAll({ pages: makePages(), worker: false })
    expect(await here.writes.finish()).toEqual({ rendered: 450 })
    const expected = await readTree(here.set.staging)
    expect(Object.keys(expected)).toHaveLength(900)

    const pages = makePages()
    const set = await setUp({ pages })
    const jobs = pages.map((page, i) => ({
      page,
      html: { path: pageHtmlFile(page), key: set.keys.html[i]! },
      data: { path: dataFileOf(page.path), key: set.keys.data[i]! },
    }))
    const { theme: _theme, ...context } = set.context
    const answered: number[] = []
    const pool = RenderPool.start({
      data: { serverEntry: set.serverEntry, sidebars, staging: set.staging, context },
      outputs: set.outputs,
      onAnswer: (index) => answered.push(index),
      url: WORKER,
    })!
    ;[jobs.slice(0, 200), jobs.slice(200, 400), jobs.slice(400)].forEach((batch, index) =>
      pool.post(index, batch),
    )
    expect(await pool.done()).toBe(450)
    expect(answered).toEqual([0, 1, 2])
    expect(await readTree(set.staging)).toEqual(expected)
    const recorded = set.recorded()
    expect(recorded.map((file) => file.path).sort()).toEqual(Object.keys(expected).sort())
    expect(recorded.every((file) => file.size > 0 && /^(html|data)-/.test(file.key))).toBe(true)
  })

  test(`batches go to the worker ${RENDER_WINDOW} at a time, fed by pump while this thread is busy`, async () => {
    const posted: Array<{ index: number; inFlight: number }> = []
    const post = RenderPool.prototype.post
    vi.spyOn(RenderPool.prototype, 'post').mockImplementation(function (this: RenderPool, i, jobs) {
      posted.push({ index: i, inFlight: this.inFlight })
      post.call(this, i, jobs)
    })
    // 10 batches: the worker takes them from the first, this thread (in `finish`) from the last.
    const { set, writes } = await writeAll({ pages: makePages({ count: 2000 }), worker: true })
    // Started: the first batches only, not every batch at once.
    expect(posted.map((p) => p.index)).toEqual([0, 1])
    // This thread busy (its event loop still): `pump` takes the worker's answers and posts more.
    for (let round = 0; round < 6000 && posted.length < 6; round++) {
      block(5)
      writes.pump()
    }
    expect(posted.map((p) => p.index)).toEqual([0, 1, 2, 3, 4, 5])
    expect(posted.every((p) => p.inFlight < RENDER_WINDOW)).toBe(true)
    const { rendered } = await writes.finish()
    expect(rendered).toBe(2000)
    // Each batch rendered once: by the worker (posted) or here (the others).
    const byWorker = posted.map((p) => p.index)
    expect(new Set(byWorker).size).toBe(byWorker.length)
    expect(byWorker.length).toBeLessThan(10)
    expect(Object.keys(await readTree(set.staging))).toHaveLength(4000)
    // Every file recorded once (the worker's as it answers, this thread's as they are written).
    expect(new Set(set.recorded().map((file) => file.path)).size).toBe(4000)
    expect(set.recorded()).toHaveLength(4000)
  })

  test('shared between this thread and the worker: the same files as this thread alone', async () => {
    const here = await writeAll({ pages: makePages({ count: 1000 }), worker: false })
    await here.writes.finish()
    const shared = await writeAll({ pages: makePages({ count: 1000 }), worker: true })
    // Both work: this thread from the last batch, the worker from the first.
    expect(await shared.writes.finish()).toEqual({ rendered: 1000 })
    expect(await readTree(shared.set.staging)).toEqual(await readTree(here.set.staging))
  })

  test("a page the theme cannot render fails with the page's path, as on this thread", async () => {
    const failing = { theme: themeFile('failing-server.js') }
    const message = 'Cannot render /docs/p7: the theme cannot draw this page'
    const here = await writeAll({ pages: makePages({ broken: 7 }), worker: false, ...failing })
    await expect(here.writes.finish()).rejects.toThrow(message)
    // Page 7 is in the first batch, the worker's.
    const shared = await writeAll({ pages: makePages({ broken: 7 }), worker: true, ...failing })
    await expect(shared.writes.finish()).rejects.toThrow(message)
  })

  test('a worker that cannot start fails with its error', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'ssg-render-theme-'))
    dirs.push(dir)
    const workerTheme = path.join(dir, 'server.js')
    await writeFile(workerTheme, "throw new Error('the theme needs a browser')\n")
    const { writes } = await writeAll({ pages: makePages(), worker: true, workerTheme })
    await expect(writes.finish()).rejects.toThrow(
      'The render worker failed: the theme needs a browser',
    )
  })
})
