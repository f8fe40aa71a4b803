// Layout: navbar, announcement bar, footer, skip link, landing, no-sidebar and not-found pages,
// hydration without warnings, hide on scroll, and the wrong-base-URL banner.
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
      expect(ownMessages(console).map((m) => m.text)).toEqual(expected.map((re) => expect.stringMatching(re)))
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
    expect(await nav.getByRole('link', { name: 'Veilbox on GitHub' }).getAttribute('href')).toBe('https://github.com/veilbox')
    expect(await page.locator('.ssg-navbar__logo--dark').isVisible()).toBe(true)
    expect(await page.locator('.ssg-navbar__logo--light').isVisible()).toBe(false)
    await page.context().close()
  })

  test('the first Tab reaches the skip link, which moves focus to main', async () => {
    const { page } = await site.open('/docs/guide/first-steps')
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to main content')
    expect(await page.locator('.ssg-skip-link').isVisible()).toBe(true)
    await page.keyboard.press('Enter')
    expect(await page.evaluate(() => location.hash)).toBe('#ssg-main')
    await page.context().close()
  })

  test('the announcement bar is dismissed for good, without layout shift on the next visit', async () => {
    const { page } = await site.open('/docs/')
    await page.getByRole('button', { name: 'Dismiss announcement' }).click()
    expect(await page.evaluate(() => localStorage.getItem('ssg-announcement-dismissed'))).toBe('theme-test-1')
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
})
