// Docs pages: sidebar categories (animated for a time that grows with their height, 0 under
// reduced motion; independent of each other), a sidebar that cannot be hidden and stays in view,
// table of contents (h2-h3) with scroll-spy, breadcrumbs, previous/next, last update, edit link,
// tabs synced and remembered, copy buttons, heading anchors and diagrams in both colour modes.
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startThemeSite, type ThemeSite } from './fixture.js'

let site: ThemeSite
beforeAll(async () => {
  site = await startThemeSite()
})
afterAll(() => site?.close())

/** What one click on a category toggle did to the region it controls. */
interface Toggled {
  /** Full height of the region (its content), in px. */
  height: number
  /** Every `transition-duration` the region had (computed), in ms, in order. */
  durations: number[]
  /** Height of the region right after the click was handled (before any later frame). */
  heightAfterClick: number
}

/**
 * Clicks a category toggle and reports the transition durations its region had while it opened
 * or closed (a MutationObserver reads the computed style on each change of its inline style),
 * waiting until the change is over (the region has no inline style any more).
 */
async function toggle(page: Page, button: Locator): Promise<Toggled> {
  const id = (await button.getAttribute('aria-controls'))!
  const expanded = await button.getAttribute('aria-expanded')
  await page.evaluate((id) => {
    const el = document.getElementById(id)!
    const seen: Toggled = { height: 0, durations: [], heightAfterClick: -1 }
    const w = window as unknown as { __toggled: Toggled; __observer: MutationObserver }
    w.__toggled = seen
    w.__observer?.disconnect()
    w.__observer = new MutationObserver(() => {
      // The first change of the region after the click: its content is rendered by then.
      if (seen.heightAfterClick < 0) {
        seen.heightAfterClick = el.getBoundingClientRect().height
        seen.height = el.scrollHeight
      }
      const seconds = parseFloat(getComputedStyle(el).transitionDuration)
      if (seconds > 0) seen.durations.push(Math.round(seconds * 1000))
    })
    w.__observer.observe(el, { attributes: true, attributeFilter: ['style', 'data-collapsed'] })
  }, id)
  await button.click()
  // Flipped (the button's name flips too), and done animating: CSS owns the end state again.
  const same = page.locator(`[aria-controls="${id}"]`)
  await expect.poll(() => same.getAttribute('aria-expanded'), { timeout: 5000 }).not.toBe(expanded)
  await page.waitForFunction((id) => !document.getElementById(id)!.hasAttribute('style'), id)
  return page.evaluate(() => {
    const w = window as unknown as { __toggled: Toggled; __observer: MutationObserver }
    w.__observer.disconnect()
    return w.__toggled
  })
}

const regionHeight = (page: Page, button: Locator) =>
  button
    .getAttribute('aria-controls')
    .then((id) => page.locator(`[id="${id}"]`).evaluate((el) => el.getBoundingClientRect().height))

describe('docs page', () => {
  test('the category of the page is open; categories collapse with an animated height', async () => {
    const { page } = await site.open('/docs/guide/first-steps')
    const toggle = page.getByRole('button', { name: 'Collapse the category Guide' })
    expect(await toggle.getAttribute('aria-expanded')).toBe('true')
    const id = (await toggle.getAttribute('aria-controls'))!
    const full = await page
      .locator(`[id="${id}"]`)
      .evaluate((el) => el.getBoundingClientRect().height)
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
    const samples = await page.evaluate(
      () =>
        (window as unknown as { __samples: Array<{ height: number; transition: string }> })
          .__samples,
    )
    const between = samples.filter((s) => s.height > 0 && s.height < full)
    expect(between.length).toBeGreaterThan(2)
    // The duration follows the height (about 220 ms for this 67 px category).
    const duration = Number(
      /height (\d+)ms/.exec(samples.find((s) => s.transition)!.transition)?.[1],
    )
    expect(duration).toBeGreaterThan(100)
    expect(duration).toBeLessThan(400)
    expect(samples[samples.length - 1]!.height).toBe(0)
    await page.getByRole('button', { name: 'Expand the category Guide' }).click()
    await expect
      .poll(() => page.locator(`[id="${id}"]`).evaluate((el) => el.getBoundingClientRect().height))
      .toBe(full)
    await page.context().close()
  })

  test('collapsing is instant under prefers-reduced-motion', async () => {
    const { page } = await site.open('/docs/guide/first-steps', { reducedMotion: 'reduce' })
    await page.getByRole('button', { name: 'Collapse the category Guide' }).click()
    const height = await page
      .locator('.ssg-sidebar__collapsible')
      .first()
      .evaluate((el) => el.getBoundingClientRect().height)
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
    expect(await pager.getByRole('link', { name: /Previous/ }).textContent()).toContain(
      'First steps',
    )
    expect(await page.locator('.ssg-doc-footer time').getAttribute('datetime')).toMatch(
      /^\d{4}-\d\d-\d\d/,
    )
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
    expect(
      await page.getByRole('tabpanel').filter({ hasText: 'client.tokens.get' }).isVisible(),
    ).toBe(true)
    expect(await page.evaluate(() => localStorage.getItem('ssg-tabs:lang'))).toBe('Node')
    await page.reload()
    await expect
      .poll(() => page.getByRole('tab', { name: 'Node' }).first().getAttribute('aria-selected'))
      .toBe('true')
    await page.getByRole('tab', { name: 'Node' }).first().focus()
    await page.keyboard.press('ArrowRight')
    await expect
      .poll(() => page.getByRole('tab', { name: 'curl' }).nth(1).getAttribute('aria-selected'))
      .toBe('true')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('curl')
    await page.context().close()
  })

  test('the copy button copies the code', async () => {
    const { page } = await site.open('/docs/api/tokens', {
      permissions: ['clipboard-read', 'clipboard-write'],
    })
    const figure = page.locator('figure[data-rehype-pretty-code-figure]').first()
    await figure.hover()
    await figure.getByRole('button', { name: 'Copy code' }).click()
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe('POST https://api.veilbox.example/tokens')
    expect(await figure.getByRole('button', { name: 'Copied' }).isVisible()).toBe(true)
    await page.context().close()
  })

  test('headings have anchor links; diagrams follow the colour mode', async () => {
    const { page } = await site.open('/docs/guide/tabs', { theme: 'light' })
    expect(
      await page.getByRole('link', { name: 'Link to this section' }).first().getAttribute('href'),
    ).toBe('#create-a-token')
    const diagram = page.locator('.ssg-mermaid svg').first()
    expect(await diagram.isVisible()).toBe(true)
    const stroke = () =>
      diagram.evaluate((svg) => getComputedStyle(svg).getPropertyValue('--ssg-mermaid-fg').trim())
    const light = await stroke()
    await page.getByRole('button', { name: 'Switch to dark mode' }).click()
    expect(await stroke()).not.toBe(light)
    await page.context().close()
  })

  test('the sidebar cannot be hidden: categories open independently and it stays in view', async () => {
    const { page } = await site.open('/docs/guide/first-steps')
    const sidebar = page.getByRole('navigation', { name: 'Docs sidebar' })
    // The only controls of the sidebar column open and close its own categories; no control on
    // the page hides or collapses the sidebar.
    const controls = await page.locator('.ssg-doc__sidebar').evaluate((column) =>
      [...column.querySelectorAll('button, [role="button"], input, summary')].map((el) => ({
        expanded: el.getAttribute('aria-expanded'),
        controlsCategory: Boolean(
          document
            .getElementById(el.getAttribute('aria-controls') ?? '')
            ?.matches('.ssg-sidebar .ssg-sidebar__collapsible'),
        ),
      })),
    )
    expect(controls).toEqual([
      { expanded: 'true', controlsCategory: true },
      { expanded: 'false', controlsCategory: true },
    ])
    expect(await page.getByRole('button', { name: /sidebar|hide/i }).count()).toBe(0)
    const width = await sidebar.evaluate((el) => el.getBoundingClientRect().width)

    // Opening Reference leaves Guide open; opening Guide again leaves Reference open.
    const guide = sidebar.getByRole('button', { name: /the category Guide$/ })
    const reference = sidebar.getByRole('button', { name: 'Reference' })
    await reference.click()
    await sidebar.getByRole('link', { name: 'Errors' }).waitFor()
    expect(await reference.getAttribute('aria-expanded')).toBe('true')
    expect(await guide.getAttribute('aria-expanded')).toBe('true')
    expect(await sidebar.getByRole('link', { name: 'First steps' }).isVisible()).toBe(true)
    await guide.click()
    await expect.poll(() => guide.getAttribute('aria-expanded'), { timeout: 5000 }).toBe('false')
    await guide.click()
    await sidebar.getByRole('link', { name: 'First steps' }).waitFor()
    expect(await guide.getAttribute('aria-expanded')).toBe('true')
    expect(await reference.getAttribute('aria-expanded')).toBe('true')
    expect(await sidebar.getByRole('link', { name: 'Errors' }).isVisible()).toBe(true)
    expect(await sidebar.evaluate((el) => el.getBoundingClientRect().width)).toBe(width)

    // Scrolled far down (the wheel over the article), the sidebar is still on screen.
    await page.mouse.move(640, 500)
    await page.mouse.wheel(0, 2500)
    await expect
      .poll(() => page.evaluate(() => window.scrollY), { timeout: 5000 })
      .toBeGreaterThan(2000)
    const box = await page.locator('.ssg-doc__sidebar').evaluate((el) => {
      const rect = el.getBoundingClientRect()
      return {
        position: getComputedStyle(el).position,
        top: rect.top,
        bottom: rect.bottom,
        viewport: innerHeight,
      }
    })
    expect(box.position).toBe('sticky')
    expect(box.top).toBeGreaterThanOrEqual(0)
    expect(box.bottom).toBeLessThanOrEqual(box.viewport)
    const intro = await sidebar
      .getByRole('link', { name: 'Introduction' })
      .evaluate((el) => el.getBoundingClientRect())
    expect(intro.top).toBeGreaterThanOrEqual(0)
    expect(intro.bottom).toBeLessThanOrEqual(box.viewport)
    expect(await sidebar.getByRole('link', { name: 'Introduction' }).isVisible()).toBe(true)
    // Nor does going to another page collapse the categories the reader opened.
    await sidebar.getByRole('link', { name: 'Tabs and code' }).click()
    await page.waitForURL('**/docs/guide/tabs')
    await page.getByRole('heading', { level: 1, name: 'Tabs and code' }).waitFor()
    expect(await reference.getAttribute('aria-expanded')).toBe('true')
    expect(await sidebar.getByRole('link', { name: 'Errors' }).isVisible()).toBe(true)
    await page.context().close()
  })

  test('the collapse animation lasts longer for a taller category', async () => {
    const { page } = await site.open('/docs/guide/first-steps')
    const sidebar = page.getByRole('navigation', { name: 'Docs sidebar' })
    const reference = sidebar.getByRole('button', { name: 'Reference' })
    const opened = await toggle(page, reference)
    expect(opened.durations.length).toBeGreaterThan(0)
    const tall = await toggle(page, reference)
    const short = await toggle(
      page,
      page.getByRole('button', { name: 'Collapse the category Guide' }),
    )
    // Reference (eight pages) is several times as tall as Guide (two pages).
    expect(tall.height).toBeGreaterThan(3 * short.height)
    expect(short.durations.length).toBeGreaterThan(0)
    expect(tall.durations.length).toBeGreaterThan(0)
    // One duration per animation, computed from the height: the taller one is longer.
    expect(new Set(short.durations).size).toBe(1)
    expect(new Set(tall.durations).size).toBe(1)
    expect(tall.durations[0]).toBeGreaterThan(short.durations[0]! + 40)
    // Opening Reference takes about as long as closing it (the same height, within a pixel).
    expect(Math.abs(opened.durations[0]! - tall.durations[0]!)).toBeLessThanOrEqual(10)
    expect(await regionHeight(page, reference)).toBe(0)
    await page.context().close()
  })

  test('under prefers-reduced-motion categories open and close at once, with no transition', async () => {
    const { page } = await site.open('/docs/guide/first-steps')
    await page.emulateMedia({ reducedMotion: 'reduce' })
    const sidebar = page.getByRole('navigation', { name: 'Docs sidebar' })
    const reference = sidebar.getByRole('button', { name: 'Reference' })
    const opened = await toggle(page, reference)
    expect(opened.durations).toEqual([])
    expect(opened.heightAfterClick).toBe(opened.height)
    expect(opened.height).toBeGreaterThan(200)
    const closed = await toggle(page, reference)
    expect(closed.durations).toEqual([])
    expect(closed.heightAfterClick).toBe(0)
    const guide = await toggle(
      page,
      page.getByRole('button', { name: 'Collapse the category Guide' }),
    )
    expect(guide.durations).toEqual([])
    expect(guide.heightAfterClick).toBe(0)
    expect(
      await page
        .locator('[id="' + (await reference.getAttribute('aria-controls')) + '"]')
        .evaluate((el) => getComputedStyle(el).transitionDuration),
    ).toBe('0s')
    await page.context().close()
  })

  test('the table of contents lists h2 and h3 headings, not h4', async () => {
    const { page } = await site.open('/docs/guide/first-steps')
    // The h4 is in the article.
    expect(
      await page.getByRole('heading', { level: 4, name: /Install on Linux/ }).isVisible(),
    ).toBe(true)
    const toc = page.getByRole('complementary', { name: 'On this page' })
    const top = await toc
      .locator('.ssg-toc__list:not(.ssg-toc__list--nested) > li > a')
      .allTextContents()
    const nested = await toc.locator('.ssg-toc__list--nested a').allTextContents()
    expect(top).toEqual(['Install', 'Configure', 'Tokenize', 'Reveal', 'Clean up'])
    expect(nested).toEqual([
      'Install details',
      'Configure details',
      'Tokenize details',
      'Reveal details',
      'Clean up details',
    ])
    // The collapsed table of contents above the article (narrow screens) has the same entries.
    const mobile = await page.locator('.ssg-toc-mobile a').allTextContents()
    expect(mobile).toEqual(await toc.getByRole('link').allTextContents())
    expect(mobile).not.toContain('Install on Linux')
    await page.context().close()
  })

  test('a page with both neighbours shows Previous and Next; Next opens the next page', async () => {
    const { page } = await site.open('/docs/guide/first-steps')
    const pager = page.getByRole('navigation', { name: 'Docs pages' })
    const previous = pager.getByRole('link', { name: /Previous/ })
    const next = pager.getByRole('link', { name: /Next/ })
    expect(await previous.isVisible()).toBe(true)
    expect(await next.isVisible()).toBe(true)
    expect(await previous.textContent()).toBe('PreviousGuide')
    expect(await next.textContent()).toBe('NextTabs and code')
    await next.click()
    await page.waitForURL((url) => url.pathname === '/docs/guide/tabs')
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Tabs and code')
    // The next page's own neighbours.
    await expect
      .poll(() => pager.getByRole('link', { name: /Previous/ }).textContent(), { timeout: 5000 })
      .toBe('PreviousFirst steps')
    expect(await pager.getByRole('link', { name: /Next/ }).textContent()).toBe('NextErrors')
    await page.context().close()
  })
})
