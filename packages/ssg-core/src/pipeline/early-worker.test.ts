import { describe, expect, test } from 'vitest'
import { resolveConfig } from '../config/load-config.js'
import { markdownOptions } from '../markdown/markdown-options.js'
import { compilePages } from './compile.js'
import type { SourcePage } from './discover.js'
import { EarlyWorker } from './early-worker.js'

/**
 * A stand-in of the compile worker's protocol (`{ id, pages }` -> `{ id, results }`): each page
 * comes back with the highlighting themes the worker was started with as its HTML, so that a
 * result tells which worker made it and with what options.
 */
const STAND_IN = new URL(
  'data:text/javascript,' +
    encodeURIComponent(
      `import { parentPort, workerData } from 'node:worker_threads'
parentPort.on('message', ({ id, pages }) => parentPort.postMessage({ id, results: pages.map((page) => ({
  file: page.file, html: 'stand-in ' + JSON.stringify(workerData.md.themes), messages: [] })) }))`,
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
    expect(early!.take({ md: markdownOptions(other), apis: null })).toBeUndefined()
  })

  test('is not used once it failed', async () => {
    const site = config()
    const data = { md: markdownOptions(site), apis: null }
    const early = EarlyWorker.start(data, FAILING)!
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(early.take(data)).toBeUndefined()
  })

  test('is not started without a worker build (running from src/)', () => {
    const site = config()
    expect(EarlyWorker.start({ md: markdownOptions(site), apis: null }, undefined)).toBeNull()
  })
})
