// Docs pages: sidebar categories (animated, 0 under reduced motion), table of contents with
// scroll-spy, breadcrumbs, previous/next, last update, edit link, tabs synced and remembered,
// copy buttons, heading anchors and diagrams in both colour modes.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startThemeSite, type ThemeSite } from './fixture.js'

let site: ThemeSite
beforeAll(async () => {
  site = await startThemeSite()
})
afterAll(() => site?.close())

describe('docs page', () => {
  test('the category of the page is open; categories collapse with an animated height', async () => {
    const { page } = await site.open('/docs/guide/first-steps')
    const toggle = page.getByRole('button', { name: 'Collapse the category Guide' })
    expect(await toggle.getAttribute('aria-expanded')).toBe('true')
    const id = (await toggle.getAttribute('aria-controls'))!
    const full = await page.locator(`[id="${id}"]`).evaluate((el) => el.getBoundingClientRect().height)
    // Samples the height and the transition on every frame while the category collapses.
    await page.evaluate((id) => {
      const el = document.getElementById(id)!
      const samples: Array<{ height: number; transition: string }> = []
      ;(window as unknown as { __samples: typeof samples }).__samples = samples
      const tick = () => {
        samples.push({ height: el.getBoundingClientRect().height, transition: el.style.transition })
        if (samples.length < 120) requestAnimationFrame(tick)
      }
      requestAnimationFrame(tick)
    }, id)
    await toggle.click()
    await page.waitForTimeout(800)
    const samples = await page.evaluate(() => (window as unknown as { __samples: Array<{ height: number; transition: string }> }).__samples)
    const between = samples.filter((s) => s.height > 0 && s.height < full)
    expect(between.length).toBeGreaterThan(2)
    // The duration follows the height (about 220 ms for this 67 px category).
    const duration = Number(/height (\d+)ms/.exec(samples.find((s) => s.transition)!.transition)?.[1])
    expect(duration).toBeGreaterThan(100)
    expect(duration).toBeLessThan(400)
    expect(samples[samples.length - 1]!.height).toBe(0)
    await page.getByRole('button', { name: 'Expand the category Guide' }).click()
    await expect.poll(() => page.locator(`[id="${id}"]`).evaluate((el) => el.getBoundingClientRect().height)).toBe(full)
    await page.context().close()
  })

  test('collapsing is instant under prefers-reduced-motion', async () => {
    const { page } = await site.open('/docs/guide/first-steps', { reducedMotion: 'reduce' })
    await page.getByRole('button', { name: 'Collapse the category Guide' }).click()
    const height = await page.locator('.ssg-sidebar__collapsible').first().evaluate((el) => el.getBoundingClientRect().height)
    expect(height).toBe(0)
    await page.context().close()
  })

  test('table of contents (h2-h3) highlights the section in view', async () => {
    const { page } = await site.open('/docs/guide/first-steps')
    const toc = page.getByRole('complementary', { name: 'On this page' })
    expect(await toc.getByRole('link').count()).toBe(10)
    expect(await toc.locator('[aria-current="location"]').textContent()).toBe('Install')
    await page.evaluate(() => document.getElementById('tokenize')!.scrollIntoView())
    await expect.poll(() => toc.locator('[aria-current="location"]').textContent()).toBe('Tokenize')
    await page.context().close()
  })

  test('breadcrumbs, previous / next, last update and edit link', async () => {
    const { page } = await site.open('/docs/guide/tabs')
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' })
    expect(await crumbs.getByRole('link', { name: 'Guide' }).isVisible()).toBe(true)
    expect(await crumbs.locator('[aria-current="page"]').textContent()).toBe('Tabs and code')
    const pager = page.getByRole('navigation', { name: 'Docs pages' })
    expect(await pager.getByRole('link', { name: /Previous/ }).textContent()).toContain('First steps')
    expect(await page.locator('.ssg-doc-footer time').getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\d/)
    expect(await page.getByRole('link', { name: 'Edit this page' }).getAttribute('href')).toContain(
      'https://github.com/veilbox/docs/edit/main/',
    )
    await page.context().close()
  })

  test('tabs switch with click and arrow keys, sync by group, and are remembered', async () => {
    const { page } = await site.open('/docs/guide/tabs')
    const nodeTabs = page.getByRole('tab', { name: 'Node' })
    expect(await nodeTabs.count()).toBe(2)
    await nodeTabs.first().click()
    await expect.poll(() => nodeTabs.nth(1).getAttribute('aria-selected')).toBe('true')
    expect(await page.getByRole('tabpanel').filter({ hasText: 'client.tokens.get' }).isVisible()).toBe(true)
    expect(await page.evaluate(() => localStorage.getItem('ssg-tabs:lang'))).toBe('Node')
    await page.reload()
    await expect.poll(() => page.getByRole('tab', { name: 'Node' }).first().getAttribute('aria-selected')).toBe('true')
    await page.getByRole('tab', { name: 'Node' }).first().focus()
    await page.keyboard.press('ArrowRight')
    await expect.poll(() => page.getByRole('tab', { name: 'curl' }).nth(1).getAttribute('aria-selected')).toBe('true')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('curl')
    await page.context().close()
  })

  test('the copy button copies the code', async () => {
    const { page } = await site.open('/docs/api/tokens', { permissions: ['clipboard-read', 'clipboard-write'] })
    const figure = page.locator('figure[data-rehype-pretty-code-figure]').first()
    await figure.hover()
    await figure.getByRole('button', { name: 'Copy code' }).click()
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(
      'POST https://api.veilbox.example/tokens',
    )
    expect(await figure.getByRole('button', { name: 'Copied' }).isVisible()).toBe(true)
    await page.context().close()
  })

  test('headings have anchor links; diagrams follow the colour mode', async () => {
    const { page } = await site.open('/docs/guide/tabs', { theme: 'light' })
    expect(await page.getByRole('link', { name: 'Link to this section' }).first().getAttribute('href')).toBe('#create-a-token')
    const diagram = page.locator('.ssg-mermaid svg').first()
    expect(await diagram.isVisible()).toBe(true)
    const stroke = () => diagram.evaluate((svg) => getComputedStyle(svg).getPropertyValue('--ssg-mermaid-fg').trim())
    const light = await stroke()
    await page.getByRole('button', { name: 'Switch to dark mode' }).click()
    expect(await stroke()).not.toBe(light)
    await page.context().close()
  })
})
