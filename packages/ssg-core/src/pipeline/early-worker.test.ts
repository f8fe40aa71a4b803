import { describe, expect, test } from 'vitest'
import { resolveConfig } from '../config/load-config.js'
import { markdownOptions } from '../markdown/markdown-options.js'
import { compilePages, poolSize } from './compile.js'
import type { SourcePage } from './discover.js'
import { EarlyWorker } from './early-worker.js'

/**
 * A stand-in of the compile worker's protocol (`{ id, pages }` -> `{ id, texts }`, each page's
 * JSON): each page
 * comes back with the highlighting themes the worker was started with as its HTML, so that a
 * result tells which worker made it and with what options.
 */
const STAND_IN = new URL(
  'data:text/javascript,' +
    encodeURIComponent(
      `import { parentPort, workerData } from 'node:worker_threads'
parentPort.on('message', ({ id, pages }) => parentPort.postMessage({ id, texts: pages.map((page) => JSON.stringify({
  file: page.file, html: 'stand-in ' + JSON.stringify(workerData.md.themes), messages: [] })) }))`,
    ),
)

/**
 * The same, started without its options (`{ setup: 'message' }`): it answers pages only once told
 * them (`{ setup }`), each with the themes it was told and its thread's id.
 */
const UNTOLD = new URL(
  'data:text/javascript,' +
    encodeURIComponent(
      `import { parentPort, threadId } from 'node:worker_threads'
let told = null
parentPort.on('message', ({ id, setup, pages }) => {
  if (setup) return void (told = setup)
  parentPort.postMessage({ id, texts: pages.map((page) => JSON.stringify({ file: page.file,
    html: told ? 'told ' + JSON.stringify(told.md.themes) + ' ' + threadId : 'untold', messages: [] })) })
})`,
    ),
)

/** A worker that fails as it starts. */
const FAILING = new URL('data:text/javascript,' + encodeURIComponent('throw new Error("no")'))

const config = (themes?: { light: string; dark: string }) =>
  resolveConfig({
    raw: { title: 'Site', url: 'https://docs.example', ...(themes ? { code: { themes } } : {}) },
    root: '/nonexistent',
    configFile: null,
  })

const page: SourcePage = {
  file: 'content/docs/a.md',
  kind: 'docs',
  id: 'a',
  dir: '',
  route: '/docs/a',
  source: '# A\n\nSome text.\n',
  hash: 'a',
}

const compile = (site: ReturnType<typeof config>, early: EarlyWorker | null) =>
  compilePages({ pages: [page], config: site, cacheDir: null, workers: 1, early })

describe('a compile worker started early', () => {
  test('compiles the pages when started with the options of the build', async () => {
    const site = config()
    const early = EarlyWorker.start({ md: markdownOptions(site), apis: null }, STAND_IN)
    const { pages } = await compile(site, early)
    expect(String(pages[0]!.html)).toBe('stand-in ' + JSON.stringify(markdownOptions(site).themes))
  })

  test('is ended, not used, when started with other options: the pages are as without it', async () => {
    const site = config()
    const other = config({ light: 'github-light', dark: 'nord' })
    expect(markdownOptions(other)).not.toEqual(markdownOptions(site))
    const early = EarlyWorker.start({ md: markdownOptions(other), apis: null }, STAND_IN)
    const withEarly = await compile(site, early)
    const without = await compile(site, null)
    expect(String(withEarly.pages[0]!.html)).not.toMatch(/stand-in/)
    expect(withEarly.pages.map((p) => ({ ...p, html: String(p.html) }))).toEqual(
      without.pages.map((p) => ({ ...p, html: String(p.html) })),
    )
    expect(early!.take({ md: markdownOptions(other), apis: null })).toEqual([])
  })

  test('is not used once it failed', async () => {
    const site = config()
    const data = { md: markdownOptions(site), apis: null }
    const early = EarlyWorker.start(data, FAILING)!
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(early.take(data)).toEqual([])
  })

  test('is not started without a worker build (running from src/)', () => {
    const site = config()
    expect(EarlyWorker.start({ md: markdownOptions(site), apis: null }, undefined)).toBeNull()
  })
})

describe('compile workers started for a cold build', () => {
  const pages = Array.from({ length: 70 }, (_, i): SourcePage => ({
    ...page,
    file: `content/docs/p${i}.md`,
    id: `p${i}`,
    route: `/docs/p${i}`,
    hash: `h${i}`,
  }))
  const noRecords = { previousOf: () => undefined }

  test('start as many as the pool would when no page has a record', async () => {
    const early = EarlyWorker.forCold({
      sources: pages,
      records: noRecords,
      options: {},
      url: UNTOLD,
    })
    const workers = early!.take({ md: markdownOptions(config()), apis: null })
    expect(workers).toHaveLength(poolSize(pages.length))
    await Promise.all(workers.map((w) => w.terminate()))
  })

  test('do not start when a page has a record, when the build uses no workers, or without a worker build', () => {
    const record = {
      previousOf: (file: string) => (file === pages[3]!.file ? ({} as never) : undefined),
    }
    expect(
      EarlyWorker.forCold({ sources: pages, records: record, options: {}, url: UNTOLD }),
    ).toBeNull()
    expect(
      EarlyWorker.forCold({
        sources: pages,
        records: noRecords,
        options: { workers: 0 },
        url: UNTOLD,
      }),
    ).toBeNull()
    expect(
      EarlyWorker.forCold({ sources: pages, records: noRecords, options: {}, url: undefined }),
    ).toBeNull()
  })

  test('are told the options of the build, and the pages come back in their order', async () => {
    const site = config()
    const early = EarlyWorker.forCold({
      sources: pages,
      records: noRecords,
      options: { workers: 2 },
      url: UNTOLD,
    })
    const result = await compilePages({ pages, config: site, cacheDir: null, workers: 2, early })
    expect(result.pages.map((p) => p.file)).toEqual(pages.map((p) => p.file))
    const html = result.pages.map((p) => String(p.html))
    const told = 'told ' + JSON.stringify(markdownOptions(site).themes)
    for (const h of html) expect(h.startsWith(told + ' ')).toBe(true)
    // Both workers compiled pages.
    expect(new Set(html).size).toBe(2)
  })
})

/**
 * A stand-in started with its options that notes the pages it warms up on (`{ warmUp }`, no
 * answer) and answers each page with their files.
 */
const WARMING = new URL(
  'data:text/javascript,' +
    encodeURIComponent(
      `import { parentPort } from 'node:worker_threads'
let warmed = []
parentPort.on('message', ({ id, warmUp, pages }) => {
  if (warmUp) return void (warmed = warmUp.map((page) => page.file))
  parentPort.postMessage({ id, texts: pages.map((page) => JSON.stringify({ file: page.file,
    html: 'warmed ' + JSON.stringify(warmed), messages: [] })) })
})`,
    ),
)

describe('a compile worker started for an edit', () => {
  const pages = [page, { ...page, file: 'content/docs/b.md', id: 'b', route: '/docs/b' }]
  const recordsOf = (hash: string) => ({
    previousOf: (file: string) => (file === page.file ? ({ hash } as never) : undefined),
  })
  const soon = (site = config()) =>
    EarlyWorker.forEditSoon({ config: site, hasRecords: true, options: {}, url: WARMING })

  test('starts once the previous build left records and the build may use workers', async () => {
    const site = config()
    expect(
      EarlyWorker.forEditSoon({ config: site, hasRecords: false, options: {}, url: WARMING }),
    ).toBeNull()
    expect(
      EarlyWorker.forEditSoon({
        config: site,
        hasRecords: true,
        options: { workers: 0 },
        url: WARMING,
      }),
    ).toBeNull()
    expect(
      EarlyWorker.forEditSoon({ config: site, hasRecords: true, options: {}, url: undefined }),
    ).toBeNull()
    // With the pool's options; without them when the site has specs (not read yet).
    const told = soon(site)!
    expect(told.data).toEqual({ md: markdownOptions(site), apis: null })
    const withSpecs = resolveConfig({
      raw: { title: 'Site', url: 'https://docs.example', openapi: { a: { file: 'a.yaml' } } },
      root: '/nonexistent',
      configFile: null,
    })
    const untold = soon(withSpecs)!
    expect(untold.data).toBeNull()
    await Promise.all([told.stop(), untold.stop()])
  })

  test('is kept when a page differs from its record, warmed up on it before compiling', async () => {
    const site = config()
    const started = soon(site)
    const early = EarlyWorker.forSources({
      early: started,
      sources: pages,
      records: recordsOf('old'),
      options: {},
      url: UNTOLD,
    })
    expect(early).toBe(started)
    const { pages: compiled } = await compile(site, early)
    expect(String(compiled[0]!.html)).toBe('warmed ' + JSON.stringify([page.file]))
  })

  test('is ended when no page differs from its record', () => {
    const started = soon()!
    const early = EarlyWorker.forSources({
      early: started,
      sources: pages,
      records: recordsOf(page.hash),
      options: {},
      url: UNTOLD,
    })
    expect(early).toBeNull()
    expect(started.take({ md: markdownOptions(config()), apis: null })).toEqual([])
  })
})
