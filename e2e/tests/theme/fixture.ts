// Shared set-up of the theme's browser tests: builds the small site in ./site (once per test
// file), serves it like a production host, and opens pages in headless Chromium.
import { execFile } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import type { Browser, BrowserContextOptions, Page } from 'playwright-core'
import {
  blockThirdParty,
  collectConsole,
  launchBrowser,
  repoRoot,
  e2eMode,
  serveDev,
  serveStatic,
  type ServedSite,
} from '../../src/harness.js'

const run = promisify(execFile)
export const siteDir = fileURLToPath(new URL('./site/', import.meta.url))
/** The second brand: own logo, colours and fonts, a wrapped Footer and a `doc.after` slot. */
export const brandSiteDir = fileURLToPath(new URL('./brand-site/', import.meta.url))
/** A minimal site whose DocFooter override throws an error with a cause on a bad date. */
export const crashSiteDir = fileURLToPath(new URL('./crash-site/', import.meta.url))

/** Builds the test site (optionally for another base URL, into another folder). */
export async function buildThemeSite(
  options: { baseUrl?: string; outDir?: string; dir?: string } = {},
): Promise<string> {
  const outDir = options.outDir ?? 'build'
  const dir = options.dir ?? siteDir
  const env = {
    ...process.env,
    THEME_TEST_OUT_DIR: outDir,
    BRAND_TEST_OUT_DIR: outDir,
    ...(options.baseUrl ? { THEME_TEST_BASE_URL: options.baseUrl } : {}),
  }
  try {
    await run(
      process.execPath,
      [path.join(repoRoot, 'packages/ssg-core/bin/ssg.js'), 'build', dir],
      { cwd: dir, env },
    )
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string }
    throw new Error(
      `Cannot build the theme test site ${dir}:\n${e.stdout ?? ''}${e.stderr ?? ''}`,
      { cause: error },
    )
  }
  return path.join(dir, outDir)
}

export interface ThemeSite {
  url: string
  browser: Browser
  /** Opens a page; `theme` is stored before any script runs; third-party hosts are blocked. */
  open(pathname: string, options?: OpenOptions): Promise<OpenedPage>
  close(): Promise<void>
}

export interface OpenOptions extends BrowserContextOptions {
  theme?: 'light' | 'dark'
  /** Scripts run before the page's own (e.g. to break localStorage). */
  init?: string
  /** Do not wait for the client router to be ready. */
  noWait?: boolean
  /** Runs before the page loads (e.g. `page.route` for requests the page prefetches). */
  before?: (page: Page) => Promise<void>
}

export interface OpenedPage {
  page: Page
  console: Array<{ type: string; text: string }>
}

/** Messages that are not the page's fault: blocked third-party scripts. */
export function ownMessages(messages: Array<{ type: string; text: string }>) {
  return messages.filter((m) => !/Failed to load resource: net::ERR_FAILED/.test(m.text))
}

/**
 * Waits until the client router has taken over links (it loads right after hydration and tags
 * the history entry with its key).
 */
export async function waitForRouter(page: Page): Promise<void> {
  await page.waitForFunction(() => Boolean((history.state as { ssgKey?: string } | null)?.ssgKey))
}

/**
 * Builds the test site and serves the build (`ssg serve` on the site's folder in the `serve`
 * mode of the browser tests, see `e2eMode`), and launches Chromium.
 */
export async function startThemeSite(
  options: { dir?: string; outDir?: string } = {},
): Promise<ThemeSite> {
  const served: ServedSite =
    e2eMode === 'serve'
      ? await serveDev(options.dir ?? siteDir)
      : await serveStatic(await buildThemeSite(options))
  const browser = await launchBrowser()
  return {
    url: served.url,
    browser,
    async open(pathname, options = {}) {
      const { theme, init, noWait, before, ...contextOptions } = options
      const context = await browser.newContext({
        viewport: { width: 1280, height: 800 },
        ...contextOptions,
      })
      if (theme) await context.addInitScript((t) => localStorage.setItem('theme', t), theme)
      if (init) await context.addInitScript(init)
      const page = await context.newPage()
      const messages = collectConsole(page)
      await blockThirdParty(page)
      await before?.(page)
      await page.goto(served.url + pathname)
      if (!noWait) await waitForRouter(page)
      return { page, console: messages }
    },
    async close() {
      await browser.close()
      await served.close()
    },
  }
}
