// `ssg serve` in Chromium: an edit of the article shows the new content in place (no document
// load), at the same scroll position and with focus where it was; a new title reloads the page;
// broken content shows the error overlay (placed, with a code frame, text only) over
// the last good page, and the overlay goes away when the content is fixed; a page's warnings
// show in a panel that does not block it, and follow client-side navigation.
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startDevServer, type DevServer } from '@ssg/core'
import { blockThirdParty, collectConsole, launchBrowser } from '../../src/harness.js'

const paragraphs = (from: number, count: number) =>
  Array.from(
    { length: count },
    (_, i) =>
      `## Part ${from + i}\n\nParagraph ${from + i} of a long page, with enough words to wrap once or twice on a laptop screen.\n`,
  ).join('\n')

const longPage = (intro: string, extra = '') =>
  `---\ntitle: A long page\n---\n\n${intro}\n\n${paragraphs(1, 60)}\n${extra}\n`

let root: string
let server: DevServer
let browser: Browser

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'ssg-serve-e2e-'))
  const files: Record<string, string> = {
    'ssg.config.ts': `export default { title: 'Serve test', url: 'https://serve.example', favicon: '/favicon.svg' }\n`,
    'static/favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>',
    'content/pages/index.md': '---\ntitle: Serve test\nlayout: page\n---\n\nLanding.\n',
    'content/docs/index.md':
      '---\ntitle: Home\n---\n\nHome page. Read [the long page](/docs/long).\n',
    'content/docs/long.md': longPage('First version of the intro.'),
    'content/docs/warned.md':
      '---\ntitle: A page with a warning\n---\n\nSee [a part that is not there](/docs/long#nowhere), or go [home](/docs/).\n',
  }
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true })
    await writeFile(path.join(root, file), text)
  }
  server = await startDevServer({
    root,
    port: 0,
    cache: false,
    logger: { info: () => {}, error: () => {} },
  })
  await server.site?.warmUp // The first edit should not pay for the highlighter's first use.
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

async function open(pathname: string) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
  const messages = collectConsole(page)
  await blockThirdParty(page)
  await page.goto(new URL(pathname.slice(1), server.url).href)
  await page.waitForFunction(
    () => (window as unknown as { __ssgServe?: { connected: boolean } }).__ssgServe?.connected,
  )
  return { page, messages }
}

const write = (text: string) => writeFile(path.join(root, 'content/docs/long.md'), text)
const mark = (page: Page) =>
  page.evaluate(() => ((window as unknown as { __mark: number }).__mark = 1))
const marked = (page: Page) =>
  page.evaluate(() => (window as unknown as { __mark?: number }).__mark === 1)
const article = (page: Page) => page.locator('[data-ssg-article]')

describe('ssg serve in the browser', () => {
  test('an edit of the article shows in place, scroll and focus kept', async () => {
    const { page, messages } = await open('/docs/long')
    await expect.poll(() => article(page).textContent()).toContain('First version of the intro.')
    await page.evaluate(() => window.scrollTo(0, 2400))
    await page.waitForFunction(() => Math.abs(window.scrollY - 2400) < 2)
    // Focus on the heading anchor of a part in view.
    await page.locator('[data-ssg-article] h2#part-30 a').first().focus()
    await page.evaluate(() => window.scrollTo(0, 2400))
    await mark(page)
    // A part the edit does not touch: the same node after it (the article is morphed, not made again).
    await page.evaluate(
      () => ((document.querySelector('h2#part-50') as unknown as { __kept: number }).__kept = 1),
    )
    const asked: string[] = []
    page.on('request', (request) => asked.push(new URL(request.url()).pathname))
    const written = Date.now()
    await write(longPage('Second version of the intro.'))
    await page.waitForFunction(() =>
      document.querySelector('[data-ssg-article]')?.textContent?.includes('Second version'),
    )
    const onScreen = Date.now() - written
    expect(await marked(page)).toBe(true) // A client render, not a document load.
    // The new page data came with the server's push: not asked for.
    expect(asked).not.toContain('/_ssg/data/docs/long.json')
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(2390)
    expect(await page.evaluate(() => window.scrollY)).toBeLessThan(2410)
    expect(await page.evaluate(() => document.activeElement?.closest('h2')?.id)).toBe('part-30')
    expect(
      await page.evaluate(
        () => (document.querySelector('h2#part-50') as unknown as { __kept?: number }).__kept,
      ),
    ).toBe(1)
    // The article shows what a document load of the edited page shows.
    const loaded = await open('/docs/long')
    expect(await article(page).innerHTML()).toBe(await article(loaded.page).innerHTML())
    await loaded.page.close()
    console.log(`edit -> new content on screen in Chromium: ${onScreen} ms`)
    expect(messages.filter((m) => !/ERR_FAILED|net::/.test(m.text))).toEqual([])
    await page.close()
  })

  test('a new title reloads the page (its sidebar and head change), at the same scroll position', async () => {
    const { page } = await open('/docs/long')
    await page.evaluate(() => window.scrollTo(0, 1600))
    await page.waitForFunction(() => Math.abs(window.scrollY - 1600) < 2)
    await mark(page)
    await write(
      longPage('Second version of the intro.').replace(
        'title: A long page',
        'title: A longer page',
      ),
    )
    await page.waitForFunction(() => document.title.includes('A longer page'))
    expect(await marked(page)).toBe(false) // A document load.
    await page.waitForFunction(
      () => (window as unknown as { __ssgServe?: { connected: boolean } }).__ssgServe?.connected,
    )
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1590)
    await write(longPage('Second version of the intro.'))
    await page.waitForFunction(() => !document.title.includes('A longer page'))
    await page.close()
  })

  test('another page stays put when it does not show the edit', async () => {
    const { page } = await open('/docs/')
    await mark(page)
    await write(longPage('Third version of the intro.'))
    await open('/docs/long').then(async (other) => {
      await other.page.waitForFunction(() => document.body.textContent?.includes('Third version'))
      await other.page.close()
    })
    expect(await marked(page)).toBe(true)
    await page.close()
  })

  test('broken content: overlay with place, message and code frame over the last good page', async () => {
    const { page } = await open('/docs/long')
    await mark(page)
    // The line after the error holds markup: the overlay must show it as text.
    await write(longPage('Fourth version.', ':::warning\n<b id="injected">not markup</b>'))
    const dialog = page.getByRole('alertdialog')
    await dialog.waitFor()
    const text = await dialog.textContent()
    expect(text).toMatch(/content\/docs\/long\.md:\d+:1/)
    expect(text).toContain('Unclosed directive `:::warning`')
    expect(text).toContain('unclosed-directive')
    expect(text).toContain('<b id="injected">not markup</b>')
    expect(await page.locator('#injected').count()).toBe(0)
    expect(
      await page.evaluate(() =>
        document.getElementById('ssg-error-overlay')?.shadowRoot?.querySelector('#injected'),
      ),
    ).toBeNull()
    // The page was not reloaded and still shows its last good version.
    expect(await marked(page)).toBe(true)
    expect(await article(page).textContent()).toContain('Third version of the intro.')
    // Focus is on the dialog's button; Escape dismisses it.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id))
      .toBe('ssg-error-overlay')
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })

    // Another error shows the overlay again; the Dismiss button closes it.
    await write(longPage('Fourth version.', ':::tip\nStill broken.'))
    await dialog.waitFor()
    expect(await dialog.textContent()).toContain('Unclosed directive `:::tip`')
    await dialog.getByRole('button', { name: 'Dismiss' }).click()
    await dialog.waitFor({ state: 'detached' })

    // A page opened now shows the overlay at once.
    const late = await open('/docs/')
    await late.page.getByRole('alertdialog').waitFor()
    await late.page.close()

    // Fixed: the overlay clears and the page shows the new content.
    await write(longPage('Fixed version.', ':::tip\nFine now.\n:::'))
    await page.waitForFunction(() =>
      document.querySelector('[data-ssg-article]')?.textContent?.includes('Fixed version.'),
    )
    expect(await page.getByRole('alertdialog').count()).toBe(0)
    await page.close()
  })

  test('a page’s warnings: a panel in a corner, not in the way; another page has none', async () => {
    const { page } = await open('/docs/warned')
    const panel = page.getByRole('status', { name: 'Warnings of this page' })
    // The link to another page's heading is checked once that page is compiled (background).
    await panel.waitFor({ timeout: 60_000 })
    expect(await panel.textContent()).toContain('This page has a warning')
    // Folded: the page stays readable; unfolded, the warning is placed and named.
    await panel.getByText('This page has a warning').click()
    await expect.poll(() => panel.textContent()).toContain('content/docs/warned.md:5:5')
    expect(await panel.textContent()).toContain('Cannot find heading `#nowhere` on `/docs/long`')
    expect(await panel.textContent()).toContain('missing-anchor')
    await page.screenshot({ path: path.join(tmpdir(), 'ssg-serve-warnings.png') })
    // Nothing took focus; the article under it still answers clicks.
    expect(
      await page.evaluate(
        () =>
          document.activeElement === document.body ||
          document.activeElement?.tagName === 'SSG-PAGE-WARNINGS',
      ),
    ).toBe(true)
    await mark(page)
    await article(page).getByRole('link', { name: 'home' }).click()
    await page.waitForFunction(() => location.pathname === '/docs/')
    expect(await marked(page)).toBe(true) // Client-side navigation.
    await panel.waitFor({ state: 'detached' })
    // Back on the page: its warnings again; closed, the panel stays closed.
    await page.goBack()
    await panel.waitFor()
    await panel.getByRole('button', { name: 'Close the warnings of this page' }).click()
    await panel.waitFor({ state: 'detached' })
    await page.close()
  })
})
