// Search in the built docs site (sites/docs/build), in headless Chromium: the index files load
// on first use only, the placeholder goes "Loading..." -> "Search", typing finds sections,
// choosing one lands on its heading (client-side), a load failure offers Retry, and the box
// works in the mobile menu.
import { createRequire } from 'node:module'
import type { AxeResults } from 'axe-core'
import type { BrowserContextOptions, Page, Request } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { blockThirdParty, collectConsole, docsBuild, serveBuild } from '../../src/harness.js'

const SEARCH_FILE = /\/search-(doc|index)-\d+\.json$/
/** `expect.poll` with room for a busy machine (two cores shared with Chromium and builds). */
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 })

const served = serveBuild(docsBuild)

interface Opened {
  page: Page
  /** URLs of the search files requested so far. */
  fetched: string[]
  console: Array<{ type: string; text: string }>
}

async function open(
  pathname: string,
  options: BrowserContextOptions & { before?: (page: Page) => Promise<void> } = {},
): Promise<Opened> {
  const { before, ...contextOptions } = options
  const context = await served.browser.newContext({
    viewport: { width: 1280, height: 800 },
    ...contextOptions,
  })
  const page = await context.newPage()
  const console = collectConsole(page)
  const fetched: string[] = []
  page.on('request', (request: Request) => {
    if (SEARCH_FILE.test(new URL(request.url()).pathname))
      fetched.push(new URL(request.url()).pathname)
  })
  await blockThirdParty(page)
  await before?.(page)
  await page.goto(served.site.url + pathname)
  // The client router has taken over once it tags the history entry.
  await page.waitForFunction(() => Boolean((history.state as { ssgKey?: string } | null)?.ssgKey))
  return { page, fetched, console }
}

const box = (page: Page) => page.getByRole('combobox', { name: 'Search' })
const visibleBox = (page: Page) => box(page).locator('visible=true')
/**
 * Presses a search shortcut until the visible box has focus. The box is a lazy chunk that
 * hydrates on its own once it arrives (after the router may have taken over, on a busy machine),
 * and its shortcut listener with it: a shortcut pressed before that does nothing, and the reader
 * presses it again. Pressed only while the box is not focused (a second `/` would be typed).
 */
async function pressShortcut(page: Page, key: string): Promise<void> {
  const focused = () => visibleBox(page).evaluate((el) => el === document.activeElement)
  await expect
    .poll(
      async () => {
        if (!(await focused())) await page.keyboard.press(key)
        return focused()
      },
      { timeout: 15_000, interval: 250 },
    )
    .toBe(true)
}
const ownErrors = (messages: Opened['console']) =>
  messages.filter((m) => !/Failed to load resource: net::ERR_FAILED/.test(m.text))

describe('search box', () => {
  test('loads both timestamped files on first use only, then reads "Search"', async () => {
    const { page, fetched, console } = await open('/docs/')
    const input = visibleBox(page)
    expect(await input.getAttribute('placeholder')).toBe('Loading...')
    // Reading and scrolling is not use.
    await page.mouse.wheel(0, 800)
    await page.waitForTimeout(300)
    expect(fetched).toEqual([])

    await input.click()
    await poll(() => input.getAttribute('placeholder')).toBe('Search')
    expect(fetched.sort()).toHaveLength(2)
    expect(fetched[0]).toMatch(/^\/search-doc-(\d+)\.json$/)
    expect(fetched[1]).toMatch(/^\/search-index-(\d+)\.json$/)
    // One build, one timestamp.
    expect(fetched[0]!.match(/\d+/)![0]).toBe(fetched[1]!.match(/\d+/)![0])
    expect(ownErrors(console)).toEqual([])
    await page.context().close()
  })

  test('typing finds sections grouped by page, matched words marked', async () => {
    const { page } = await open('/docs/')
    const input = visibleBox(page)
    await input.click()
    await input.fill('tokenize batch')
    const listbox = page.getByRole('listbox', { name: 'Search results' })
    await poll(() => listbox.getByRole('option').count()).toBeGreaterThan(0)
    expect(await input.getAttribute('aria-expanded')).toBe('true')
    const first = listbox.getByRole('group').first()
    expect(await first.getAttribute('aria-label')).toMatch(/^Tokenize/)
    expect(await listbox.getByRole('option').first().textContent()).toContain('Tokenize a batch')
    expect(await listbox.locator('mark').count()).toBeGreaterThan(0)
    await page.context().close()
  })

  test('a query typed before the index loads runs once it has loaded', async () => {
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const { page } = await open('/docs/', {
      before: (p) =>
        p.route(/search-index-\d+\.json$/, async (route) => {
          await held
          await route.continue()
        }),
    })
    const input = visibleBox(page)
    await input.click()
    await input.pressSequentially('reactor')
    const status = page.getByRole('status').filter({ hasText: 'Loading the search index' })
    await poll(() => status.count()).toBe(1)
    expect(await input.getAttribute('placeholder')).toBe('Loading...')
    release()
    await poll(() => page.getByRole('option').count()).toBeGreaterThan(0)
    expect(await input.getAttribute('placeholder')).toBe('Search')
    await page.context().close()
  })

  test('keyboard: arrows, Enter lands on the heading without a reload; Escape closes', async () => {
    const { page } = await open('/docs/')
    await page.evaluate(() => ((window as unknown as { __mark: number }).__mark = 1))
    const input = visibleBox(page)
    await pressShortcut(page, '/')
    await poll(() => input.getAttribute('placeholder')).toBe('Search')
    await page.keyboard.type('sizing batches')
    // The results of the whole query (the list follows the typing a step behind, and a new list
    // resets the active option): its first option is the heading searched for.
    await poll(() => page.getByRole('option').first().getAttribute('href')).toBe(
      '/docs/api/tokens/tokenize#sizing-batches',
    )

    await page.keyboard.press('Escape')
    expect(await input.getAttribute('aria-expanded')).toBe('false')
    await page.keyboard.press('ArrowDown')
    await poll(() => input.getAttribute('aria-expanded')).toBe('true')
    await poll(() => input.getAttribute('aria-activedescendant')).toBeTruthy()
    const activeId = await input.getAttribute('aria-activedescendant')
    const option = page.locator(`[id="${activeId}"]`)
    expect(await option.getAttribute('aria-selected')).toBe('true')
    const href = await option.getAttribute('href')
    expect(href).toBe('/docs/api/tokens/tokenize#sizing-batches')

    await page.keyboard.press('Enter')
    await page.waitForURL('**/docs/api/tokens/tokenize#sizing-batches')
    expect(await page.evaluate(() => (window as unknown as { __mark?: number }).__mark)).toBe(1)
    await poll(() =>
      page.evaluate(() => document.getElementById('sizing-batches')!.getBoundingClientRect().top),
    ).toBeLessThan(160)
    expect(await page.getByRole('listbox', { name: 'Search results' }).isVisible()).toBe(false)
    await page.context().close()
  })

  test('Ctrl+K focuses the box and loads the index', async () => {
    const { page, fetched } = await open('/docs/concepts/')
    await pressShortcut(page, 'Control+k')
    await poll(() => fetched.length).toBe(2)
    await page.context().close()
  })

  test('mouse: a click on a result navigates to it', async () => {
    const { page } = await open('/docs/')
    const input = visibleBox(page)
    await input.click()
    await input.fill('what are containers')
    const option = page.getByRole('option').first()
    await poll(() => option.count()).toBe(1)
    const href = (await option.getAttribute('href'))!
    await option.click()
    await page.waitForURL(served.site.url + href)
    await page.context().close()
  })

  test('says so when nothing matches', async () => {
    const { page } = await open('/docs/')
    const input = visibleBox(page)
    await input.click()
    await input.fill('zzqxw')
    await poll(() =>
      page.getByRole('status').filter({ hasText: 'No results for “zzqxw”' }).count(),
    ).toBe(1)
    await page.context().close()
  })

  test('a file that fails to load shows its error and a Retry button that works', async () => {
    let fail = true
    const { page } = await open('/docs/', {
      before: (p) =>
        p.route(/search-doc-\d+\.json$/, (route) =>
          fail ? route.fulfill({ status: 503, body: 'unavailable' }) : route.continue(),
        ),
    })
    const input = visibleBox(page)
    await input.click()
    await input.fill('proxy')
    const alert = page.getByRole('alert')
    await poll(() => alert.textContent()).toMatch(
      /Cannot load the search documents \(\/search-doc-\d+\.json\): HTTP 503/,
    )
    fail = false
    await alert.getByRole('button', { name: 'Retry' }).click()
    await poll(() => page.getByRole('option').count()).toBeGreaterThan(0)
    expect(await input.getAttribute('placeholder')).toBe('Search')
    await page.context().close()
  })
})

describe('accessibility', () => {
  test('the open dropdown has no axe violations, in light and dark mode', async () => {
    const axeSource = (createRequire(import.meta.url)('axe-core') as { source: string }).source
    for (const theme of ['light', 'dark']) {
      const { page } = await open('/docs/')
      await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme)
      const input = visibleBox(page)
      await input.click()
      await input.fill('tokenize')
      await poll(() => page.getByRole('option').count()).toBeGreaterThan(1)
      await page.keyboard.press('ArrowDown')
      await page.evaluate(axeSource)
      const results = (await page.evaluate(() =>
        (
          window as unknown as { axe: { run(context: string, options: object): Promise<unknown> } }
        ).axe.run('.ssg-search', { resultTypes: ['violations'] }),
      )) as AxeResults
      const violations = results.violations.map(
        (v) =>
          `${theme}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      )
      expect(violations).toEqual([])
      await page.context().close()
    }
  })
})

describe('in the mobile menu', () => {
  test('opening the menu loads nothing; a tapped result navigates and closes the menu', async () => {
    const { page, fetched } = await open('/docs/', {
      viewport: { width: 390, height: 800 },
      hasTouch: true,
      isMobile: true,
    })
    await page.getByRole('button', { name: 'Open the main menu' }).tap()
    const dialog = page.getByRole('dialog', { name: 'Main menu' })
    await poll(() => dialog.isVisible()).toBe(true)
    // In the docs area the menu opens on the sidebar; the search box is in the main menu.
    await dialog.getByRole('button', { name: 'Back to main menu' }).tap()
    // Focus moved there by a script (as a menu may do on opening) is not use either.
    await dialog.getByRole('combobox', { name: 'Search' }).evaluate((el: HTMLElement) => el.focus())
    await page.waitForTimeout(300)
    expect(fetched).toEqual([])

    const input = dialog.getByRole('combobox', { name: 'Search' })
    await input.tap()
    await poll(() => input.getAttribute('placeholder')).toBe('Search')
    await input.fill('masks')
    const option = dialog.getByRole('option').first()
    await poll(() => option.count()).toBe(1)
    const width = await dialog
      .locator('.ssg-search__panel')
      .evaluate((el) => el.getBoundingClientRect().width)
    // The dialog is the menu's panel: the results take its width.
    const panelWidth = await dialog.evaluate((el) => el.getBoundingClientRect().width)
    expect(width).toBeGreaterThan(panelWidth - 40)
    const href = (await option.getAttribute('href'))!
    await option.tap()
    await page.waitForURL(served.site.url + href)
    await poll(() => dialog.count()).toBe(0)
    await page.context().close()
  })
})
