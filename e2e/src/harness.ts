import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, expect } from 'vitest'
import { createStaticServer } from '@ssg/core'

const run = promisify(execFile)

/** The repository root. */
export const repoRoot = path.resolve(fileURLToPath(new URL('../..', import.meta.url)))
/** The docs site folder and its build output (built by `pnpm build` before the browser tests). */
export const docsRoot = path.join(repoRoot, 'sites/docs')
export const docsBuild = path.join(docsRoot, 'build')
const ssgBin = path.join(repoRoot, 'packages/ssg-core/bin/ssg.js')

/** Runs `ssg build` on a site folder; resolves with the exit code and the output. */
export async function buildSite(
  siteDir: string,
  args: string[] = [],
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [ssgBin, 'build', siteDir, ...args], {
      cwd: siteDir,
    })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string }
    return {
      code: typeof e.code === 'number' ? e.code : 1,
      stdout: e.stdout ?? '',
      stderr: e.stderr ?? '',
    }
  }
}

export interface ServedSite {
  /** The site's address without a trailing slash (its base URL included): `http://127.0.0.1:4000`. */
  url: string
  close(): Promise<void>
}

/**
 * What the reader-behaviour specs run against: `build` (the default) serves a built site as a
 * production host would; `serve` (`E2E_MODE=serve`, the `serve` project of vitest.config.ts) runs
 * `ssg serve` on the site's folder, so that the two cannot behave differently.
 */
export const e2eMode: 'build' | 'serve' = process.env.E2E_MODE === 'serve' ? 'serve' : 'build'

/**
 * `ssg serve` on a site folder, in this process, on a free loopback port, quiet. `env`: variables
 * the site's config reads (set while it loads). Resolves once every page is compiled, so that
 * what the background pass finds does not show up in the middle of a test.
 */
export async function serveDev(root: string, env: Record<string, string> = {}): Promise<ServedSite> {
  const { startDevServer } = await import('@ssg/core')
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]))
  Object.assign(process.env, env)
  let server
  try {
    server = await startDevServer({ root, port: 0, logger: { info: () => {}, error: () => {} } })
  } finally {
    for (const [k, v] of Object.entries(saved))
      if (v === undefined) delete process.env[k]
      else process.env[k] = v
  }
  await server.idle()
  return { url: server.url.replace(/\/$/, ''), close: () => server.close() }
}

/** Serves a built folder on a free loopback port, as a production static host would. */
export async function serveStatic(dir: string): Promise<ServedSite> {
  if (!existsSync(dir))
    throw new Error(`Nothing to serve at ${dir}: build the site first (pnpm build)`)
  const server = createStaticServer({ root: dir, host: '127.0.0.1', port: 0 })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** A built site served over HTTP and a Chromium to open it in, for the tests of one file. */
export interface ServedBuild {
  site: ServedSite
  browser: Browser
}

/**
 * Serves a built site (which must exist: `pnpm build` makes it; `ssg serve` on its folder, the
 * build folder's parent, in `serve` mode) and launches Chromium before the file's tests, and
 * closes both after them. The fields are set once `beforeAll` has run.
 */
export function serveBuild(dir: string): ServedBuild {
  const served = {} as ServedBuild
  beforeAll(async () => {
    if (e2eMode === 'serve') served.site = await serveDev(path.dirname(dir))
    else {
      expect(existsSync(dir), `no build at ${dir}: run pnpm build first`).toBe(true)
      served.site = await serveStatic(dir)
    }
    served.browser = await launchBrowser()
  })
  afterAll(async () => {
    await served.browser?.close()
    await served.site?.close()
  })
  return served
}

/** Headless Debian Chromium driven by playwright-core. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  })
}

/**
 * Blocks third-party hosts (the consent banner and tag manager of the config): the machine has
 * no network, and the page must work without them.
 */
export async function blockThirdParty(page: Page): Promise<void> {
  await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort())
}

/** Collects console errors and warnings of a page, for "no hydration warning" assertions. */
export function collectConsole(page: Page): Array<{ type: string; text: string }> {
  const messages: Array<{ type: string; text: string }> = []
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning')
      messages.push({ type: m.type(), text: m.text() })
  })
  page.on('pageerror', (e) => messages.push({ type: 'pageerror', text: e.message }))
  return messages
}

/**
 * The docs site's contract with its specification, kept in the repository
 * (`sites/docs/spec/*.tsv`): every route with its sidebar, and every old path with its target.
 */
export const docsSpec = path.join(docsRoot, 'spec')

async function readTsv(file: string): Promise<string[][]> {
  const { readFile } = await import('node:fs/promises')
  const text = await readFile(path.join(docsSpec, file), 'utf8')
  return text
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => l.split('\t'))
}

/** Routes of the specification (`sites/docs/spec/routes.tsv`) and the sidebar of each. */
export async function specRoutes(): Promise<Array<{ route: string; sidebar: string }>> {
  return (await readTsv('routes.tsv')).map(([route, sidebar]) => ({
    route: route!,
    sidebar: sidebar ?? 'none',
  }))
}

/** Old paths of the specification (`sites/docs/spec/redirects.tsv`) and where each goes. */
export async function specRedirects(): Promise<Array<{ from: string; to: string }>> {
  return (await readTsv('redirects.tsv')).map(([from, to]) => ({ from: from!, to: to! }))
}
