// Colour mode: default dark (whatever the system prefers: following it is off in the config),
// toggle flips and persists, no flash of the wrong mode, and a throwing localStorage logs one
// warning while the toggle keeps working.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ownMessages, startThemeSite, type ThemeSite } from './fixture.js'

let site: ThemeSite
beforeAll(async () => {
  site = await startThemeSite()
})
afterAll(() => site?.close())

const theme = (page: import('playwright-core').Page) =>
  page.evaluate(() => document.documentElement.dataset.theme)

describe('colour mode', () => {
  test('is dark by default and the toggle flips it, persisted across reloads', async () => {
    const { page } = await site.open('/docs/')
    expect(await theme(page)).toBe('dark')
    await page.getByRole('button', { name: 'Switch to light mode' }).click()
    expect(await theme(page)).toBe('light')
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light')
    await page.reload()
    expect(await theme(page)).toBe('light')
    await page.getByRole('button', { name: 'Switch to dark mode' }).click()
    expect(await theme(page)).toBe('dark')
    await page.context().close()
  })

  test('applies the stored mode before the body is parsed (no flash)', async () => {
    // Records the mode at the moment <body> starts: before any paint of the page's content.
    const init = `new MutationObserver((_, observer) => {
      if (document.body) { window.__modeAtBody = document.documentElement.dataset.theme; observer.disconnect() }
    }).observe(document, { childList: true, subtree: true })`
    const { page } = await site.open('/docs/guide/first-steps', { theme: 'light', init })
    expect(
      await page.evaluate(() => (window as unknown as { __modeAtBody: string }).__modeAtBody),
    ).toBe('light')
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor)
    expect(background).toBe('rgb(255, 255, 255)')
    await page.context().close()
  })

  test('a throwing localStorage logs one warning and the toggle still works', async () => {
    const init = `Object.defineProperty(window, 'localStorage', { get() { throw new DOMException('denied', 'SecurityError') } })`
    const { page, console } = await site.open('/docs/guide/tabs', { init })
    expect(await theme(page)).toBe('dark')
    await page.getByRole('button', { name: 'Switch to light mode' }).click()
    expect(await theme(page)).toBe('light')
    await page.getByRole('tab', { name: 'Node' }).first().click()
    await page.getByRole('button', { name: 'Dismiss announcement' }).click()
    await expect.poll(() => page.locator('.ssg-announcement').count()).toBe(0)
    const warnings = ownMessages(console).filter((m) => /storage/i.test(m.text))
    expect(warnings.map((m) => m.type)).toEqual(['warning'])
    expect(ownMessages(console).filter((m) => m.type !== 'warning')).toEqual([])
    await page.context().close()
  })

  test.each(['light', 'dark'] as const)(
    'with nothing stored and the system preferring %s, it is dark (the site default)',
    async (scheme) => {
      const { page } = await site.open('/docs/', {
        before: (p) => p.emulateMedia({ colorScheme: scheme }),
      })
      expect(
        await page.evaluate((s) => matchMedia(`(prefers-color-scheme: ${s})`).matches, scheme),
      ).toBe(true)
      expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull()
      expect(await theme(page)).toBe('dark')
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
        'rgb(13, 17, 23)',
      )
      expect(await page.getByRole('button', { name: 'Switch to light mode' }).isVisible()).toBe(
        true,
      )
      // Still dark after a reload: nothing was stored to get there.
      await page.reload()
      expect(await theme(page)).toBe('dark')
      expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull()
      await page.context().close()
    },
  )
})
