// Mobile (below 996 px): the hamburger opens a menu with the main links, Sign In, the source link
// and, in the docs area, the sidebar with "Back to main menu"; it traps focus and closes on Escape,
// on navigation and when the window becomes desktop-wide.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startThemeSite, type ThemeSite } from './fixture.js'

let site: ThemeSite
beforeAll(async () => {
  site = await startThemeSite()
})
afterAll(() => site?.close())

const phone = { viewport: { width: 375, height: 740 } }

describe('mobile menu', () => {
  test('the navbar collapses into a hamburger below 996 px', async () => {
    const { page } = await site.open('/docs/guide/tabs', phone)
    expect(await page.getByRole('button', { name: 'Open the main menu' }).isVisible()).toBe(true)
    expect(await page.locator('.ssg-navbar__items').isVisible()).toBe(false)
    expect(await page.locator('.ssg-doc__sidebar').isVisible()).toBe(false)
    await page.setViewportSize({ width: 1100, height: 800 })
    expect(await page.getByRole('button', { name: 'Open the main menu' }).isVisible()).toBe(false)
    expect(await page.locator('.ssg-navbar__items').isVisible()).toBe(true)
    await page.context().close()
  })

  test('in the docs area it opens on the sidebar, with a way back to the main menu', async () => {
    const { page } = await site.open('/docs/guide/tabs', phone)
    await page.getByRole('button', { name: 'Open the main menu' }).click()
    const dialog = page.getByRole('dialog', { name: 'Main menu' })
    await dialog.waitFor()
    expect(await dialog.getByRole('navigation', { name: 'Docs sidebar' }).isVisible()).toBe(true)
    await dialog.getByRole('button', { name: 'Back to main menu' }).click()
    expect(await dialog.getByRole('link', { name: 'Documentation' }).isVisible()).toBe(true)
    expect(await dialog.getByRole('link', { name: 'Sign In' }).getAttribute('target')).toBe(
      '_blank',
    )
    expect(await dialog.getByRole('link', { name: 'Veilbox on GitHub' }).isVisible()).toBe(true)
    expect(await dialog.getByRole('button', { name: /Switch to/ }).isVisible()).toBe(true)
    await page.context().close()
  })

  test('it traps focus and closes on Escape, returning focus to the hamburger', async () => {
    const { page } = await site.open('/docs/', phone)
    await page.getByRole('button', { name: 'Open the main menu' }).click()
    await page.getByRole('dialog').waitFor()
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab')
      expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(
        true,
      )
    }
    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0)
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Open the main menu',
    )
    await page.context().close()
  })

  test('it closes on navigation and when the window becomes desktop-wide', async () => {
    const { page } = await site.open('/docs/guide/tabs', phone)
    await page.getByRole('button', { name: 'Open the main menu' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('link', { name: 'First steps' }).click()
    await page.waitForURL('**/docs/guide/first-steps')
    await expect.poll(() => dialog.count()).toBe(0)
    await page.getByRole('button', { name: 'Open the main menu' }).click()
    await dialog.waitFor()
    await page.setViewportSize({ width: 1200, height: 800 })
    await expect.poll(() => dialog.count()).toBe(0)
    await page.context().close()
  })

  test('the page fits 320 px without sideways scrolling', async () => {
    for (const path of ['/', '/docs/guide/tabs', '/docs/guide/first-steps']) {
      const { page } = await site.open(path, { viewport: { width: 320, height: 640 } })
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      )
      expect(overflow, path).toBeLessThanOrEqual(0)
      await page.context().close()
    }
  })

  test('the breakpoint is 996 px: hamburger up to 995 px, desktop items from 996 px', async () => {
    const { page } = await site.open('/docs/guide/tabs', { viewport: { width: 995, height: 800 } })
    const hamburger = page.getByRole('button', { name: 'Open the main menu' })
    const nav = page.getByRole('navigation', { name: 'Main' })
    const desktop = [
      nav.getByRole('link', { name: 'Documentation' }),
      nav.getByRole('link', { name: 'API' }),
      nav.getByRole('link', { name: 'Sign In' }),
    ]
    const visible = () => Promise.all([hamburger, ...desktop].map((l) => l.isVisible()))
    expect(await page.evaluate(() => window.innerWidth)).toBe(995)
    expect(await visible()).toEqual([true, false, false, false])
    await page.setViewportSize({ width: 996, height: 800 })
    await expect.poll(visible, { timeout: 5000 }).toEqual([false, true, true, true])
    await page.setViewportSize({ width: 995, height: 800 })
    await expect.poll(visible, { timeout: 5000 }).toEqual([true, false, false, false])
    await page.context().close()
  })

  test('Sign In in the open menu opens a new tab without opener or referrer', async () => {
    const { page } = await site.open('/docs/guide/tabs', { viewport: { width: 995, height: 800 } })
    await page.getByRole('button', { name: 'Open the main menu' }).click()
    const dialog = page.getByRole('dialog', { name: 'Main menu' })
    await dialog.getByRole('button', { name: 'Back to main menu' }).click()
    const signIn = dialog.getByRole('link', { name: 'Sign In' })
    expect(await signIn.isVisible()).toBe(true)
    expect(await signIn.getAttribute('href')).toBe('https://portal.veilbox.example')
    expect(await signIn.getAttribute('target')).toBe('_blank')
    const rel = (await signIn.getAttribute('rel'))?.split(/\s+/) ?? []
    expect(rel).toEqual(expect.arrayContaining(['noopener', 'noreferrer']))
    await page.context().close()
  })
})
