// Errors and accessibility: a page that crashes shows "This page crashed." with "Try again" and
// the chain of causes; a failed chunk shows its error with Retry; axe-core finds no serious
// violation on each kind of page in both colour modes.
import { createRequire } from 'node:module'
import type { AxeResults } from 'axe-core'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { crashSiteDir, startThemeSite, type ThemeSite } from './fixture.js'

const require = createRequire(import.meta.url)
const axeSource: string = (require('axe-core') as { source: string }).source

let site: ThemeSite
beforeAll(async () => {
  site = await startThemeSite()
})
afterAll(() => site?.close())

/** Serves the page data at `url` with `change` merged into it (data that breaks rendering). */
function changePageData(page: Page, url: string, change: Record<string, unknown>): Promise<void> {
  return page.route(url, async (route) => {
    const response = await route.fetch()
    const data = (await response.json()) as Record<string, unknown>
    await route.fulfill({ response, json: { ...data, ...change } })
  })
}

describe('errors', () => {
  test('a page whose data breaks rendering shows "This page crashed." with Try again', async () => {
    const { page } = await site.open('/docs/', {
      init: 'delete window.IntersectionObserver',
      before: (p) =>
        // A table of contents that is not a list: the docs layout throws while rendering.
        changePageData(p, '**/_ssg/data/docs/orphan.json', { toc: { broken: true } }),
    })
    await page.getByRole('link', { name: 'orphan' }).click()
    const alert = page.getByRole('alert')
    await alert.waitFor()
    expect(await alert.getByRole('heading', { level: 1 }).textContent()).toBe('This page crashed.')
    expect(await alert.locator('ol li').count()).toBeGreaterThan(0)
    await alert.getByRole('button', { name: 'Try again' }).click()
    expect(await page.getByRole('heading', { name: 'This page crashed.' }).isVisible()).toBe(true)
    // The rest of the site still works: navigate away.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API' }).click()
    await page.waitForURL('**/docs/api/')
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('API reference')
    await page.context().close()
  })

  test('a chunk that fails to load shows its error and a Retry button', async () => {
    let fail = true
    const { page } = await site.open('/docs/guide/tabs', {
      viewport: { width: 375, height: 740 },
      before: (p) =>
        p.route(/\/MobileMenu-\w+\.js$/, (route) =>
          fail ? route.abort('connectionreset') : route.continue(),
        ),
    })
    await page.getByRole('button', { name: 'Open the main menu' }).click()
    const retry = page.getByRole('button', { name: 'Retry' })
    await retry.waitFor()
    expect(await page.getByRole('alert').textContent()).toMatch(/MobileMenu|fetch|import/i)
    fail = false
    await retry.click()
    await page.getByRole('dialog', { name: 'Main menu' }).waitFor()
    await page.context().close()
  })
})

describe('a crash whose error has a cause', () => {
  // The crash site wraps DocFooter: a last-update date that is not a date throws
  // "Cannot show when this page was last updated" with the reason as its `cause`.
  let crashSite: ThemeSite
  beforeAll(async () => {
    crashSite = await startThemeSite({ dir: crashSiteDir })
  })
  afterAll(() => crashSite?.close())

  test('shows "This page crashed.", Try again, and the error message and its cause', async () => {
    const { page } = await crashSite.open('/docs/', {
      init: 'delete window.IntersectionObserver',
      before: (p) =>
        changePageData(p, '**/_ssg/data/docs/dated.json', { lastUpdated: 'yesterday' }),
    })
    await page.getByRole('link', { name: 'dated page', exact: true }).click()
    const alert = page.getByRole('alert')
    await alert.waitFor()
    expect(await alert.getByRole('heading', { level: 1 }).textContent()).toBe('This page crashed.')
    expect(await alert.getByRole('button', { name: 'Try again' }).isVisible()).toBe(true)
    const causes = alert.getByRole('listitem')
    expect(await causes.allTextContents()).toEqual([
      'Cannot show when this page was last updated',
      'Cause: Invalid date `yesterday` in the page data',
    ])
    expect(await causes.nth(1).isVisible()).toBe(true)
    await page.context().close()
  })

  test('the same page with good data renders (the crash comes from the bad date only)', async () => {
    const { page } = await crashSite.open('/docs/dated')
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Dated page')
    expect(await page.locator('.ssg-doc-footer').textContent()).toContain('Last updated on')
    expect(await page.getByRole('alert').count()).toBe(0)
    await page.context().close()
  })
})

describe('accessibility', () => {
  for (const theme of ['light', 'dark'] as const) {
    // Four pages, each loaded and run through axe: a minute per page (one minute for all four
    // timed out in a clean-clone CI run on this shared two-core machine at load 25).
    test(`axe-core finds no serious violation (${theme})`, { timeout: 240_000 }, async () => {
      const problems: string[] = []
      for (const path of ['/', '/docs/guide/tabs', '/docs/api/tokens', '/docs/missing']) {
        const { page } = await site.open(path, { theme, reducedMotion: 'reduce' })
        await page.addScriptTag({ content: axeSource })
        const results = await page.evaluate(() =>
          (window as unknown as { axe: { run(): Promise<AxeResults> } }).axe.run(),
        )
        for (const v of results.violations) {
          if (v.impact === 'serious' || v.impact === 'critical') {
            problems.push(`${path} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
          }
        }
        await page.context().close()
      }
      expect(problems).toEqual([])
    })
  }
})
