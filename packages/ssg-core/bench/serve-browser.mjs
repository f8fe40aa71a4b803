// Browser measurements of bench:serve, in Debian's Chromium (playwright-core from the e2e
// package): launch -> page readable, and file write -> edit on screen.
import { spawn } from 'node:child_process'
import { connect } from 'node:net'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))
const require = createRequire(path.resolve(here, '../../../e2e/package.json'))
const { chromium } = require('playwright-core')

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

/** How long a new browser page is left alone before a launch is timed (see `launchToReadable`). */
const BROWSER_SETTLE_MS = 1000

/** Headless Chromium as the browser tests launch it. */
export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  })
}

/**
 * When the page became readable: once the element matching `selector` holds `text`, has a size
 * and every stylesheet has loaded, the time (ms since epoch) of the first paint that showed the
 * article (the earliest largest-contentful-paint entry inside the article's container, the
 * element holding `selector`'s match), else the time of the check (a busy renderer may run the
 * check well after the paint, while its scripts run).
 */
async function readableAt(page, selector, text) {
  const handle = await page.waitForFunction(
    ([sel, txt]) => {
      const el = [...document.querySelectorAll(sel)].find((e) => e.textContent.includes(txt))
      if (!el || el.getBoundingClientRect().height === 0) return false
      const sheets = [...document.querySelectorAll('link[rel="stylesheet"]')]
      return sheets.every((l) => l.sheet) && Date.now()
    },
    [selector, text],
    { polling: 'raf', timeout: 180_000 },
  )
  const checked = await handle.jsonValue()
  const painted = await page.evaluate(
    (container) =>
      new Promise((resolve) => {
        const entries = []
        new PerformanceObserver((list) => entries.push(...list.getEntries())).observe({
          type: 'largest-contentful-paint',
          buffered: true,
        })
        setTimeout(() => {
          const times = entries
            .filter((e) => e.element && e.element.closest(container))
            .map((e) => performance.timeOrigin + (e.renderTime || e.loadTime || e.startTime))
          resolve(times.length ? Math.min(...times) : null)
        }, 50)
      }),
    selector.split(' ')[0],
  )
  return painted && painted <= checked ? painted : checked
}

/** Resolves once something accepts a TCP connection on the URL's port (tried every 20 ms). */
async function portOpen(url, child) {
  const { hostname, port } = new URL(url)
  for (;;) {
    const open = await new Promise((resolve) => {
      const socket = connect({ host: hostname, port: Number(port) })
      socket.once('connect', () => (socket.destroy(), resolve(true)))
      socket.once('error', () => resolve(false))
    })
    if (open) return
    if (child.exitCode !== null) throw new Error('the server stopped')
    await sleep(20)
  }
}

/**
 * Starts a server process and measures, in a fresh browser context, the time from the launch to
 * the page readable (see `readableAt`): the browser asks as soon as the port accepts connections
 * (tried every 20 ms with a bare TCP connect: a browser navigating to a refused port every 20 ms
 * renders an error page each time, and took a core from the server starting beside it, 1.5-3 s
 * later first HTML on the docs site). The process is stopped after. Returns that time (ms), with
 * `html`: the time from the launch to the first byte of the page's HTML (the server's part).
 */
export async function launchToReadable(browser, { command, args, cwd, env, url, selector, text }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  // No network here: third-party scripts of the config are refused at once.
  await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort())
  // The browser is open and idle when the server starts, as a writer's is: a context and page
  // just made keep Chromium's processes busy for a while (on 2 cores, that took 0.4-0.6 s from
  // the server's start and the page's first paint). Same for every server measured.
  await page.goto('about:blank')
  await sleep(BROWSER_SETTLE_MS)
  const started = Date.now()
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: 'pipe' })
  let output = ''
  child.stdout.on('data', (d) => (output += d))
  child.stderr.on('data', (d) => (output += d))
  try {
    await portOpen(url, child).catch((error) => {
      throw new Error(`${error.message}:\n${output}`)
    })
    for (;;) {
      try {
        await page.goto(url, { waitUntil: 'commit', timeout: 180_000 })
        break
      } catch (error) {
        if (
          !/ERR_CONNECTION_REFUSED|ERR_EMPTY_RESPONSE|ERR_CONNECTION_RESET|chrome-error|interrupted by another navigation/.test(
            String(error),
          )
        )
          throw error
        if (child.exitCode !== null) throw new Error(`the server stopped:\n${output}`)
        await sleep(20)
      }
    }
    const readable = (await readableAt(page, selector, text)) - started
    const responseStart = await page.evaluate(() => {
      const [entry] = performance.getEntriesByType('navigation')
      return entry ? performance.timeOrigin + entry.responseStart : null
    })
    return Object.assign(new Number(readable), {
      html: responseStart === null ? null : responseStart - started,
    })
  } catch (error) {
    throw new Error(`${error.message}\n${output.slice(-2000)}`)
  } finally {
    await context.close()
    child.kill('SIGTERM')
    await new Promise((resolve) =>
      child.exitCode !== null ? resolve() : child.once('exit', resolve),
    )
  }
}

/**
 * Opens `url` and, for each edit, writes the file and measures the time until the new text is
 * in the article on screen (the first animation frame that shows it). Also tells whether the
 * page was updated in place (a mark on `window` survives) every time.
 */
export async function editToScreen(browser, { url, write, count, pause = 80 }) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
  await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort())
  await page.goto(url)
  await page.waitForFunction(() => history.state?.ssgKey && window.__ssgServe?.connected)
  await page.evaluate(() => (window.__benchMark = 1))
  const times = []
  for (let i = 0; i < count; i++) {
    const marker = `bench-edit-${Date.now()}-${i}`
    const started = Date.now()
    await write(marker)
    const handle = await page.waitForFunction(
      (m) => document.querySelector('[data-ssg-article]')?.textContent.includes(m) && Date.now(),
      marker,
      { polling: 'raf', timeout: 30_000 },
    )
    times.push((await handle.jsonValue()) - started)
    await sleep(pause)
  }
  const inPlace = await page.evaluate(() => window.__benchMark === 1)
  await page.close()
  return { times, inPlace }
}
