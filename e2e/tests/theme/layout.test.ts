// Layout: navbar (sticky at the top), announcement bar, footer, skip link (focus moves to main),
// landing, no-sidebar and not-found pages, hydration without warnings, hide on scroll, and the
// wrong-base-URL banner.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { serveStatic } from '../../src/harness.js'
import { buildThemeSite, ownMessages, startThemeSite, type ThemeSite } from './fixture.js'

let site: ThemeSite
beforeAll(async () => {
  site = await startThemeSite()
})
afterAll(() => site?.close())

describe('layout', () => {
  test.each(['/', '/docs/', '/docs/guide/tabs', '/docs/api/tokens', '/docs/orphan', '/nope'])(
    '%s hydrates without errors or warnings',
    async (pathname) => {
      const { page, console } = await site.open(pathname)
      await page.waitForTimeout(300)
      // An unknown path is served with status 404 (the browser logs it), and nothing else.
      const expected = pathname === '/nope' ? [/status of 404/] : []
      expect(ownMessages(console).map((m) => m.text)).toEqual(
        expected.map((re) => expect.stringMatching(re)),
      )
      await page.context().close()
    },
  )

  test('navbar: sections with the active one, Sign In in a new tab, named source link', async () => {
    const { page } = await site.open('/docs/api/tokens')
    const nav = page.getByRole('navigation', { name: 'Main' })
    await expect.poll(() => nav.locator('.ssg-navbar__link--active').textContent()).toBe('API')
    const signIn = nav.getByRole('link', { name: 'Sign In' })
    expect(await signIn.getAttribute('target')).toBe('_blank')
    expect(await signIn.getAttribute('rel')).toBe('noopener noreferrer')
    expect(await nav.getByRole('link', { name: 'Veilbox on GitHub' }).getAttribute('href')).toBe(
      'https://github.com/veilbox',
    )
    expect(await page.locator('.ssg-navbar__logo--dark').isVisible()).toBe(true)
    expect(await page.locator('.ssg-navbar__logo--light').isVisible()).toBe(false)
    await page.context().close()
  })

  test('the first Tab reaches the skip link, which moves focus to main', async () => {
    const { page } = await site.open('/docs/guide/first-steps')
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      'Skip to main content',
    )
    expect(await page.locator('.ssg-skip-link').isVisible()).toBe(true)
    await page.keyboard.press('Enter')
    expect(await page.evaluate(() => location.hash)).toBe('#ssg-main')
    await page.context().close()
  })

  test('the announcement bar is dismissed for good, without layout shift on the next visit', async () => {
    const { page } = await site.open('/docs/')
    await page.getByRole('button', { name: 'Dismiss announcement' }).click()
    expect(await page.evaluate(() => localStorage.getItem('ssg-announcement-dismissed'))).toBe(
      'theme-test-1',
    )
    await page.reload({ waitUntil: 'commit' })
    await page.waitForSelector('.ssg-navbar')
    // Hidden by CSS from the first paint on (the head script marks <html>).
    expect(await page.locator('.ssg-announcement').isVisible()).toBe(false)
    await page.context().close()
  })

  test('a bar with a new id shows again', async () => {
    const init = `localStorage.setItem('ssg-announcement-dismissed', 'an-older-announcement')`
    const { page } = await site.open('/docs/', { init })
    expect(await page.getByRole('region', { name: 'Announcement' }).isVisible()).toBe(true)
    await page.context().close()
  })

  test('footer shows the columns, copyright and version', async () => {
    const { page } = await site.open('/docs/')
    const footer = page.locator('footer')
    expect(await footer.getByRole('heading', { name: 'Docs' }).isVisible()).toBe(true)
    expect(await footer.textContent()).toContain('Copyright © 2026 Veilbox, Inc.')
    expect(await footer.textContent()).toContain('Version 9.9.9')
    await page.context().close()
  })

  test('landing page: hero, cards, Markdown', async () => {
    const { page } = await site.open('/')
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Theme test site')
    expect(await page.getByRole('link', { name: /Guide/ }).first().isVisible()).toBe(true)
    expect(await page.getByRole('heading', { name: 'Below the cards' }).isVisible()).toBe(true)
    await page.context().close()
  })

  test('a page in no sidebar renders without one; an unknown path shows the not-found page', async () => {
    const { page } = await site.open('/docs/orphan')
    expect(await page.locator('.ssg-sidebar').count()).toBe(0)
    await page.goto(site.url + '/docs/does-not-exist')
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(/not found/i)
    await page.context().close()
  })

  test('the navbar hides when scrolling down and shows when scrolling up', async () => {
    const { page } = await site.open('/docs/guide/first-steps')
    const navbar = page.locator('header.ssg-navbar')
    await page.mouse.wheel(0, 1200)
    await expect.poll(() => navbar.getAttribute('class')).toContain('ssg-navbar--hidden')
    await page.mouse.wheel(0, -300)
    await expect.poll(() => navbar.getAttribute('class')).not.toContain('ssg-navbar--hidden')
    await page.context().close()
  })

  test('served under another base URL, a banner suggests the right one', async () => {
    const dir = await buildThemeSite({ baseUrl: '/veilbox/', outDir: '.tmp/build-base' })
    const served = await serveStatic(dir)
    const context = await site.browser.newContext()
    const page = await context.newPage()
    await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort())
    await page.goto(served.url + '/docs/')
    const banner = page.getByRole('alert')
    expect(await banner.textContent()).toContain('did not load properly')
    expect(await banner.textContent()).toContain('baseUrl to /docs/')
    await context.close()
    await served.close()
  })

  test('the navbar stays at the top of the viewport after scrolling down a little and back up', async () => {
    const { page } = await site.open('/docs/guide/first-steps')
    const navbar = page.locator('header.ssg-navbar')
    const box = () =>
      navbar.evaluate((el) => ({
        top: el.getBoundingClientRect().top,
        bottom: el.getBoundingClientRect().bottom,
      }))
    const scrollY = () => page.evaluate(() => window.scrollY)
    expect(['sticky', 'fixed']).toContain(
      await navbar.evaluate((el) => getComputedStyle(el).position),
    )
    await page.mouse.move(640, 500)
    await page.mouse.wheel(0, 400)
    await expect.poll(scrollY, { timeout: 5000 }).toBeGreaterThanOrEqual(300)
    const down = await scrollY()
    await page.mouse.wheel(0, -200)
    await expect.poll(scrollY, { timeout: 5000 }).toBeLessThan(down)
    // Still scrolled past the announcement bar: the navbar sits at the very top, fully shown.
    await expect.poll(async () => (await box()).top, { timeout: 5000 }).toBe(0)
    expect(await scrollY()).toBeGreaterThan(100)
    expect((await box()).bottom).toBeGreaterThan(40)
    expect(await navbar.getByRole('link', { name: 'Documentation' }).isVisible()).toBe(true)
    // Back at the very top: right under the announcement bar.
    await page.mouse.wheel(0, -1000)
    await expect.poll(scrollY, { timeout: 5000 }).toBe(0)
    const bar = await page
      .locator('.ssg-announcement')
      .evaluate((el) => el.getBoundingClientRect().bottom)
    await expect.poll(async () => (await box()).top, { timeout: 5000 }).toBe(bar)
    await page.context().close()
  })

  test('Tab then Enter on the skip link puts keyboard focus in the main content', async () => {
    for (const path of ['/docs/guide/first-steps', '/', '/nope']) {
      const pageData: string[] = []
      const { page } = await site.open(path, {
        // No prefetching of links in view: any page-data request below is a (re)load.
        init: 'delete window.IntersectionObserver',
        before: async (p) => {
          p.on('request', (r) => {
            const { pathname } = new URL(r.url())
            if (pathname.startsWith('/_ssg/data/')) pageData.push(pathname)
          })
        },
      })
      await page.keyboard.press('Tab')
      const focused = await page.evaluate(() => ({
        text: document.activeElement?.textContent,
        className: document.activeElement?.className,
      }))
      expect(focused, path).toEqual({ text: 'Skip to main content', className: 'ssg-skip-link' })
      await page.keyboard.press('Enter')
      await expect
        .poll(() => page.evaluate(() => location.hash), { message: path, timeout: 5000 })
        .toBe('#ssg-main')
      // The page stays as it is: nothing is loaded again (a re-render of the page would move focus
      // back to its start). A later request reaching the test means earlier ones have.
      await Promise.all([
        page.waitForRequest('**/_ssg/test-sentinel'),
        page.evaluate(() => fetch('/_ssg/test-sentinel').catch(() => {})),
      ])
      expect(pageData, path).toEqual([])
      const inMain = () =>
        page.evaluate(() => {
          const main = document.querySelector('main')
          return main?.id === 'ssg-main' && main.contains(document.activeElement)
        })
      expect(await inMain(), path).toBe(true)
      // The next Tab continues from there: to a control inside the main content.
      await page.keyboard.press('Tab')
      expect(await inMain(), path).toBe(true)
      await page.context().close()
    }
  })
})
