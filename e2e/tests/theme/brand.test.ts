// The theme as a package other sites extend without forking it: the brand site (./brand-site)
// wraps the theme's Footer, fills the `doc.after` slot and brands colours, fonts, logo, navbar
// and footer from its config and CSS custom properties. Compared with the default test site.
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { repoRoot } from '../../src/harness.js'
import { brandSiteDir, ownMessages, startThemeSite, type ThemeSite } from './fixture.js'

let brand: ThemeSite
let plain: ThemeSite
beforeAll(async () => {
  // Own output folders: other test files build the default site into build/ meanwhile.
  ;[brand, plain] = await Promise.all([
    startThemeSite({ dir: brandSiteDir, outDir: 'build' }),
    startThemeSite({ outDir: '.tmp/build-brand-compare' }),
  ])
})
afterAll(async () => {
  await brand?.close()
  await plain?.close()
})

const shotsDir = path.join(repoRoot, 'e2e/.tmp/screenshots')

/** What a reader sees of the brand: colours, fonts, logo, the Sign In label. */
async function looks(page: Page) {
  return page.evaluate(() => {
    const style = (selector: string) => getComputedStyle(document.querySelector(selector)!)
    return {
      primary: getComputedStyle(document.documentElement)
        .getPropertyValue('--ssg-color-primary')
        .trim(),
      bodyFont: style('body').fontFamily,
      headingFont: style('h1').fontFamily,
      signInBackground: style('.ssg-signin').backgroundColor,
      logo:
        [...document.querySelectorAll<HTMLImageElement>('.ssg-navbar img')]
          .find((img) => getComputedStyle(img).display !== 'none')
          ?.getAttribute('src') ?? '',
      signIn: document.querySelector('.ssg-signin')?.firstChild?.textContent ?? '',
      themeColors: [...document.querySelectorAll('meta[name="theme-color"]')].map((m) =>
        m.getAttribute('content'),
      ),
    }
  })
}

describe('a second brand on the same theme', () => {
  test('its config and CSS custom properties change colours, fonts, logo and navbar', async () => {
    await mkdir(shotsDir, { recursive: true })
    const seen: Record<string, Awaited<ReturnType<typeof looks>>> = {}
    for (const [name, site] of [
      ['brand', brand],
      ['plain', plain],
    ] as const) {
      const { page } = await site.open('/docs/', { theme: 'light' })
      seen[name] = await looks(page)
      await page.screenshot({ path: path.join(shotsDir, `brand-compare-${name}-light.png`) })
      await page.context().close()
    }
    expect(seen.brand).toEqual({
      primary: '#6d28d9',
      bodyFont: 'Georgia, "Times New Roman", serif',
      headingFont: '"Trebuchet MS", Verdana, sans-serif',
      signInBackground: 'rgb(109, 40, 217)',
      logo: '/img/orbitra-light.svg',
      signIn: 'Console',
      themeColors: ['#faf5ff', '#140f1f'],
    })
    expect(seen.plain!.primary).not.toBe(seen.brand!.primary)
    expect(seen.plain!.bodyFont).not.toContain('Georgia')
    expect(seen.plain!.signInBackground).not.toBe(seen.brand!.signInBackground)
  })

  test('dark mode takes the brand dark palette and logo', async () => {
    const { page } = await brand.open('/docs/guide/setup', { theme: 'dark' })
    const dark = await looks(page)
    expect(dark.primary).toBe('#c4b5fd')
    expect(dark.logo).toBe('/img/orbitra-dark.svg')
    await page.screenshot({ path: path.join(shotsDir, 'brand-dark.png') })
    await page.context().close()
  })
})

describe('component override and slot', () => {
  test('the wrapped Footer shows the brand line and the theme footer, without hydration warnings', async () => {
    const { page, console } = await brand.open('/docs/')
    await expect
      .poll(() => page.getByTestId('brand-status').textContent())
      .toBe('Ground stations: all systems nominal')
    const footer = page.getByRole('contentinfo')
    await expect.poll(() => footer.textContent()).toContain('Copyright © 2026 Orbitra Ltd.')
    await expect.poll(() => footer.textContent()).toContain('2.3.0')
    await page.waitForTimeout(300)
    expect(ownMessages(console)).toEqual([])
    await page.context().close()
  })

  test('the doc.after slot renders under the article, is interactive, and follows navigation', async () => {
    const { page } = await brand.open('/docs/')
    const feedback = page.getByRole('complementary', { name: 'Page feedback' })
    // Below the article, above the doc footer.
    const order = await page.evaluate(() => {
      const article = document.querySelector('[data-ssg-article]')!
      const box = document.querySelector('.orbitra-feedback')!
      return article.compareDocumentPosition(box) & Node.DOCUMENT_POSITION_FOLLOWING
    })
    expect(order).toBeTruthy()
    await feedback.getByRole('button', { name: 'Yes' }).click()
    await expect
      .poll(() => feedback.getByRole('status').textContent())
      .toBe('Thanks: your answer about “Introduction” was recorded.')
    // A client navigation renders the slot for the next page, with fresh state.
    await page.getByRole('link', { name: 'Set up a ground station' }).first().click()
    await page.waitForURL('**/docs/guide/setup')
    await expect.poll(() => feedback.getByRole('button', { name: 'Yes' }).count()).toBe(1)
    await page.context().close()
  })

  test('pages without the docs layout have no slot box; the override still applies', async () => {
    const { page } = await brand.open('/')
    expect(await page.locator('.orbitra-feedback').count()).toBe(0)
    expect(await page.getByTestId('brand-status').count()).toBe(1)
    await page.context().close()
  })
})
