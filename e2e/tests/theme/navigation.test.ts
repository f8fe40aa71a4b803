// Client navigation: no document reload, title and scroll handling, back/forward (restoring the
// scroll position), .html paths, not-found, progress bar only past 200 ms, spinner, Retry on a
// failed page-data request, reload once on a broken one, and prefetching (not on save-data or 2g
// connections).
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ownMessages, startThemeSite, waitForRouter, type ThemeSite } from './fixture.js'

let site: ThemeSite
beforeAll(async () => {
  site = await startThemeSite()
})
afterAll(() => site?.close())

/** Marks the window: the mark survives client navigation, not a document load. */
const mark = (page: Page) =>
  page.evaluate(() => ((window as unknown as { __mark: number }).__mark = 1))
const marked = (page: Page) =>
  page.evaluate(() => (window as unknown as { __mark?: number }).__mark === 1)
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Docs sidebar' })

/** Adds links to the article (the core rewrites `.html` links in Markdown to clean paths). */
const addLinks = (page: Page, links: Record<string, string>) =>
  page.evaluate((entries) => {
    for (const [text, href] of Object.entries(entries)) {
      const a = document.createElement('a')
      a.href = href
      a.textContent = text
      document.querySelector('[data-ssg-article]')!.append(' ', a)
    }
  }, links)

/** Emulates the Network Information API of a connection, before the page's scripts run. */
const connection = (value: { effectiveType: string; saveData: boolean }) =>
  `Object.defineProperty(navigator, 'connection', { value: ${JSON.stringify(value)} })`

/**
 * Opens /docs/, hovers a link and waits until the prefetcher has had every chance to run: the
 * links in view were reported to an IntersectionObserver, an idle callback with the prefetcher's
 * own timeout ran after that, and a later request of the page reached the test (requests are
 * reported in order). Returns the page-data requests made so far, from before the page loaded.
 */
async function prefetchedOn(effectiveType: string) {
  const requested: string[] = []
  const { page } = await site.open('/docs/', {
    init: connection({ effectiveType, saveData: false }),
    before: async (p) => {
      p.on('request', (r) => requested.push(new URL(r.url()).pathname))
    },
  })
  await page.getByRole('link', { name: 'orphan' }).hover()
  await page.getByRole('link', { name: 'tabs page' }).focus()
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const observer = new IntersectionObserver((entries) => {
          if (!entries.some((e) => e.isIntersecting)) return
          observer.disconnect()
          requestIdleCallback(() => resolve(), { timeout: 2000 })
        })
        for (const link of document.querySelectorAll('a[href]')) observer.observe(link)
      }),
  )
  await Promise.all([
    page.waitForRequest('**/_ssg/test-sentinel'),
    page.evaluate(() => fetch('/_ssg/test-sentinel').catch(() => {})),
  ])
  return { page, pageData: () => requested.filter((p) => p.startsWith('/_ssg/data/')) }
}

/** Delays or fails the page data of the tabs page, from before the page loads (no prefetch). */
const TABS_DATA = '**/_ssg/data/docs/guide/tabs.json'

describe('client navigation', () => {
  test('a sidebar link renders the page without a reload, with its title, at the top', async () => {
    const { page, console } = await site.open('/docs/guide/first-steps')
    await mark(page)
    await page.mouse.wheel(0, 1500)
    await sidebar(page).getByRole('link', { name: 'Tabs and code' }).click()
    await page.waitForURL('**/docs/guide/tabs')
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Tabs and code')
    expect(await page.title()).toBe('Tabs and code | Veilbox Docs')
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(
      'Tabs, code blocks, admonitions and diagrams.',
    )
    expect(await marked(page)).toBe(true)
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    expect(await sidebar(page).locator('[aria-current="page"]').textContent()).toBe('Tabs and code')
    expect(ownMessages(console)).toEqual([])
    await page.context().close()
  })

  test('a link with a hash scrolls to its target; back and forward restore positions', async () => {
    const { page } = await site.open('/docs/guide/tabs')
    await mark(page)
    await page.getByRole('link', { name: 'first steps', exact: true }).click()
    await page.waitForURL('**/docs/guide/first-steps#reveal')
    const top = await page.evaluate(
      () => document.getElementById('reveal')!.getBoundingClientRect().top,
    )
    expect(top).toBeGreaterThanOrEqual(0)
    expect(top).toBeLessThan(120)
    const y = await page.evaluate(() => window.scrollY)
    expect(y).toBeGreaterThan(500)
    await page.goBack()
    await page.waitForURL('**/docs/guide/tabs')
    await page.goForward()
    await page.waitForURL('**/first-steps#reveal')
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(y)
    expect(await marked(page)).toBe(true)
    await page.context().close()
  })

  test('/x.html and /x/index.html resolve to /x and /x/', async () => {
    const { page } = await site.open('/docs/')
    await mark(page)
    await addLinks(page, {
      'old html link': '/docs/guide/first-steps.html',
      'old index link': '/docs/guide/index.html',
    })
    await page.getByRole('link', { name: 'old html link' }).click()
    await page.waitForURL((url) => url.pathname === '/docs/guide/first-steps')
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('First steps')
    await page.goBack()
    await page.waitForURL((url) => url.pathname === '/docs/')
    await page.getByRole('heading', { level: 1, name: 'Introduction' }).waitFor()
    await addLinks(page, { 'old index link': '/docs/guide/index.html' })
    await page.getByRole('link', { name: 'old index link' }).click()
    await page.waitForURL((url) => url.pathname === '/docs/guide/')
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Guide')
    expect(await marked(page)).toBe(true)
    await page.goto(site.url + '/docs/guide/tabs.html')
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Tabs and code')
    await page.context().close()
  })

  test('an unknown path shows the not-found page and keeps the address', async () => {
    const { page } = await site.open('/docs/')
    await mark(page)
    await addLinks(page, { missing: '/docs/missing-page' })
    await page.getByRole('link', { name: 'missing' }).click()
    await page.waitForURL('**/docs/missing-page')
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toMatch(/not found/i)
    expect(await marked(page)).toBe(true)
    await page.context().close()
  })

  test('the progress bar appears only when loading takes over 200 ms; a spinner shows meanwhile', async () => {
    const { page } = await site.open('/docs/guide/first-steps', {
      // Only the click loads the page data (no prefetch of links in view).
      init: 'delete window.IntersectionObserver',
      before: (p) =>
        p.route(TABS_DATA, async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 700))
          await route.continue()
        }),
    })
    await page.evaluate(() => {
      const w = window as unknown as { __seen: string[] }
      w.__seen = []
      new MutationObserver(() => {
        if (document.querySelector('.ssg-progress')) w.__seen.push('progress')
        if (document.querySelector('.ssg-spinner')) w.__seen.push('spinner')
      }).observe(document.body, { childList: true, subtree: true })
    })
    const seen = () => page.evaluate(() => (window as unknown as { __seen: string[] }).__seen)
    // Fast (the page data was prefetched on hover: no waiting on a busy machine): no progress bar.
    const guide = sidebar(page).getByRole('link', { name: 'Guide', exact: true })
    const prefetched = page.waitForResponse('**/_ssg/data/docs/guide/index.json')
    await guide.hover()
    await prefetched
    await guide.click()
    await page.waitForURL('**/docs/guide/')
    expect(await seen()).not.toContain('progress')
    // Slow: page data delayed by 700 ms.
    const started = Date.now()
    await sidebar(page).getByRole('link', { name: 'Tabs and code' }).click()
    await page.waitForSelector('.ssg-spinner[role="status"]')
    await page.waitForSelector('.ssg-progress')
    expect(Date.now() - started).toBeGreaterThanOrEqual(150)
    await page.waitForURL('**/docs/guide/tabs')
    await page.waitForSelector('.ssg-progress', { state: 'detached' })
    expect(await page.locator('.ssg-spinner').count()).toBe(0)
    await page.context().close()
  })

  test('a failed page-data request shows its error and a Retry button that works', async () => {
    const { page } = await site.open('/docs/guide/first-steps', {
      before: (p) => p.route(TABS_DATA, (route) => route.fulfill({ status: 503, body: 'busy' })),
    })
    await sidebar(page).getByRole('link', { name: 'Tabs and code' }).click()
    const alert = page.getByRole('alert')
    await alert.waitFor()
    expect(await alert.textContent()).toContain('503')
    await page.unroute(TABS_DATA)
    await page.getByRole('button', { name: 'Retry' }).click()
    await page.waitForURL('**/docs/guide/tabs')
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Tabs and code')
    await page.context().close()
  })

  test('a broken route load logs a warning and reloads the page once', async () => {
    const { page, console } = await site.open('/docs/guide/first-steps', {
      before: (p) => p.route(TABS_DATA, (route) => route.abort('connectionreset')),
    })
    await mark(page)
    await sidebar(page).getByRole('link', { name: 'Tabs and code' }).click()
    await page.waitForURL('**/docs/guide/tabs')
    await page.getByRole('heading', { name: 'Tabs and code', level: 1 }).waitFor()
    expect(await marked(page)).toBe(false) // a document load
    expect(
      console.some((m) => m.type === 'warning' && /Could not load the route/.test(m.text)),
    ).toBe(true)
    // The same URL failing again right after its reload: no second reload, the error shows.
    await waitForRouter(page)
    await mark(page)
    await page.route('**/_ssg/data/docs/orphan.json', (route) => route.abort('connectionreset'))
    await page.evaluate(() =>
      sessionStorage.setItem('ssg-reloaded', location.origin + '/docs/orphan'),
    )
    await addLinks(page, { 'orphan page': '/docs/orphan' })
    await page.getByRole('link', { name: 'orphan page' }).click()
    await page.getByRole('button', { name: 'Retry' }).waitFor()
    expect(await marked(page)).toBe(true)
    await page.context().close()
  })

  test('hovering a link prefetches its page data', async () => {
    // Without IntersectionObserver only hovering prefetches.
    const { page } = await site.open('/docs/', { init: 'delete window.IntersectionObserver' })
    const requested: string[] = []
    page.on('request', (r) => requested.push(new URL(r.url()).pathname))
    await page.getByRole('link', { name: 'orphan' }).hover()
    await expect.poll(() => requested).toContain('/_ssg/data/docs/orphan.json')
    await page.context().close()
  })

  test('links in view are prefetched, except on save-data connections', async () => {
    const saveData = `Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' } })`
    const slow = await site.open('/docs/', { init: saveData })
    const requested: string[] = []
    slow.page.on('request', (r) => requested.push(new URL(r.url()).pathname))
    await slow.page.getByRole('link', { name: 'orphan' }).hover()
    await slow.page.waitForTimeout(1500)
    expect(requested.filter((p) => p.startsWith('/_ssg/data/'))).toEqual([])
    await slow.page.context().close()

    // Listening from before the page loads: a fast server's page prefetches before `goto` returns.
    const fetched: string[] = []
    const fast = await site.open('/docs/guide/', {
      noWait: true,
      before: async (page) => {
        page.on('request', (r) => fetched.push(new URL(r.url()).pathname))
      },
    })
    await expect
      .poll(() => fetched, { timeout: 5000 })
      .toContain('/_ssg/data/docs/guide/first-steps.json')
    await fast.page.context().close()
  })

  test('back restores the scroll position of the previous page', async () => {
    const { page } = await site.open('/docs/guide/first-steps')
    await mark(page)
    await page.mouse.move(640, 500)
    await page.mouse.wheel(0, 1234)
    await expect
      .poll(() => page.evaluate(() => window.scrollY), { timeout: 5000 })
      .toBeGreaterThan(1000)
    // Where the page came to rest (unchanged over two frames, as a reader would see it).
    const y = await page.evaluate(async () => {
      let last = -1
      while (last !== window.scrollY) {
        last = window.scrollY
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
      }
      return last
    })
    await sidebar(page).getByRole('link', { name: 'Tabs and code' }).click()
    await page.waitForURL('**/docs/guide/tabs')
    await page.getByRole('heading', { level: 1, name: 'Tabs and code' }).waitFor()
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    await page.goBack()
    await page.waitForURL('**/docs/guide/first-steps')
    await page.getByRole('heading', { level: 1, name: 'First steps' }).waitFor()
    await expect
      .poll(() => page.evaluate((y) => Math.abs(window.scrollY - y), y), { timeout: 5000 })
      .toBeLessThanOrEqual(3)
    expect(await marked(page)).toBe(true) // client navigation both ways
    await page.context().close()
  })

  test('nothing is prefetched on a 2g connection, neither on hover nor for links in view', async () => {
    const slow = await prefetchedOn('2g')
    expect(slow.pageData()).toEqual([])
    // The link still works, loading its page data on click.
    await slow.page.getByRole('link', { name: 'orphan' }).click()
    await slow.page.waitForURL('**/docs/orphan')
    expect(slow.pageData()).toEqual(['/_ssg/data/docs/orphan.json'])
    await slow.page.context().close()

    // The same steps on a 4g connection prefetch the hovered, the focused and in-view links.
    const fast = await prefetchedOn('4g')
    await expect
      .poll(fast.pageData, { timeout: 5000 })
      .toEqual(
        expect.arrayContaining([
          '/_ssg/data/docs/orphan.json',
          '/_ssg/data/docs/guide/tabs.json',
          '/_ssg/data/docs/guide/first-steps.json',
        ]),
      )
    await fast.page.context().close()
  })
})
