// Markdown for machines on the built Veilbox docs site (sites/docs/build), in headless Chromium:
// the twins, llms.txt and the alternate link in each page (kept by client navigation), and the
// "Copy page" and section copy buttons with the keyboard, with the clipboard allowed and refused
// (by a permissions policy: a dialog holds the Markdown, selected, and gives focus back).
import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { markdownSections } from '@ssg/core/markdown-sections'
import { blockThirdParty, docsBuild, serveBuild } from '../../src/harness.js'

const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 })
const docs = serveBuild(docsBuild)
const PAGE = '/docs/api/reactors/'
const TWIN = '/docs/api/reactors/index.md'

/** Opens a page in a fresh context, the clipboard allowed or refused, once hydrated. */
async function open(
  pathname: string,
  clipboard: 'granted' | 'denied',
): Promise<{ page: Page; context: BrowserContext }> {
  const context = await docs.browser.newContext({ viewport: { width: 1280, height: 800 } })
  const origin = docs.site.url
  const page = await context.newPage()
  if (clipboard === 'granted')
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin })
  else
    // Refused for real by the browser: the page is served with a permissions policy that forbids
    // clipboard writes (as a host may send, or an iframe without `allow` imposes). A denied
    // permission alone does not stop Chromium, which lets a click write anyway.
    await page.route(
      (url) => url.origin === origin,
      async (route) => {
        if (route.request().resourceType() !== 'document') return route.continue()
        const response = await route.fetch()
        await route.fulfill({
          response,
          headers: { ...response.headers(), 'permissions-policy': 'clipboard-write=()' },
        })
      },
    )
  await blockThirdParty(page)
  await page.goto(origin + pathname)
  await page.waitForFunction(() => Boolean((history.state as { ssgKey?: string } | null)?.ssgKey))
  return { page, context }
}

const announced = (page: Page) => page.locator('#ssg-announcer').textContent()
const clipboardText = (page: Page) => page.evaluate(() => navigator.clipboard.readText())

async function fetchText(pathname: string): Promise<{ type: string; text: string }> {
  const response = await fetch(docs.site.url + pathname)
  expect(response.status, pathname).toBe(200)
  return { type: response.headers.get('content-type') ?? '', text: await response.text() }
}

describe('Markdown output', () => {
  test('a twin beside each page, linked from its head, as clean Markdown', async () => {
    const twin = await fetchText(TWIN)
    expect(twin.type).toBe('text/markdown; charset=utf-8')
    expect(twin.text.startsWith('# Reactors API\n\n> Create, list, retrieve')).toBe(true)
    // Directives, tabs and HTML are gone; links are absolute.
    expect(twin.text).not.toMatch(/^:::|<div|<button|class="/m)
    expect(twin.text).toContain('### curl\n')
    // Links to pages go to their twins, other links are absolute.
    expect(twin.text).toContain('(https://docs.veilbox.example/docs/concepts/what-are-reactors.md)')
    // The operations generated from the OpenAPI file are in it, as tables and fences.
    expect(twin.text).not.toContain('::openapi')
    expect(twin.text).toContain('\n```http\nPOST https://api.veilbox.example/reactors\n```\n')
    expect(twin.text).not.toMatch(/\]\(\/docs/)
    const html = (await fetchText(PAGE)).text
    expect(html).toContain(`<link rel="alternate" type="text/markdown" href="${TWIN}">`)
  })

  test('llms.txt lists every page by sidebar; llms-full.txt holds them all', async () => {
    const llms = await fetchText('/llms.txt')
    expect(llms.type).toBe('text/plain; charset=utf-8')
    expect(llms.text).toMatch(/^# Veilbox Docs\n\n> .+\n/)
    expect(llms.text).toContain('\n## Documentation\n')
    expect(llms.text).toContain('\n## API\n')
    expect(llms.text).toContain(
      '\n- [Reactors API](https://docs.veilbox.example/docs/api/reactors/index.md): Create, list,',
    )
    const full = await fetchText('/llms-full.txt')
    expect(full.text).toContain(
      '# Reactors API\n\nSource: https://docs.veilbox.example/docs/api/reactors/\n',
    )
  })

  test('client navigation keeps the alternate link of the page shown', async () => {
    const { page, context } = await open(PAGE, 'granted')
    await page.locator('.ssg-pagination__link--next').click()
    await poll(() => page.evaluate(() => location.pathname)).not.toBe(PAGE)
    const path = await page.evaluate(() => location.pathname)
    const expected = path.endsWith('/') ? path + 'index.md' : path + '.md'
    await poll(() =>
      page.locator('link[rel="alternate"][type="text/markdown"]').getAttribute('href'),
    ).toBe(expected)
    await context.close()
  })
})

describe('copy buttons', () => {
  test('"Copy page" copies the twin, from the keyboard, and says so', async () => {
    const { page, context } = await open(PAGE, 'granted')
    const button = page.getByRole('button', { name: 'Copy page' })
    await button.focus()
    await page.keyboard.press('Enter')
    await poll(() => announced(page)).toBe('Page copied as Markdown')
    expect(await clipboardText(page)).toBe((await fetchText(TWIN)).text)
    await context.close()
  })

  test('a section copy button copies its section: heading to the next `##`', async () => {
    const { page, context } = await open(PAGE, 'granted')
    const button = page.getByRole('button', {
      name: 'Copy the section “Create a reactor” as Markdown',
    })
    await button.focus()
    // Shown while focused (it is faint until hovered or focused).
    await poll(() => button.evaluate((b) => getComputedStyle(b).opacity)).toBe('1')
    await page.keyboard.press(' ')
    await poll(() => announced(page)).toBe('Section copied as Markdown')
    const copied = await clipboardText(page)
    expect(copied.startsWith('## Create a reactor\n')).toBe(true)
    expect(copied).toContain('### Request\n')
    expect(copied).not.toContain('\n## ')
    const sections = markdownSections((await fetchText(TWIN)).text)
    expect(sections).toContain(copied)
    await context.close()
  })

  test('refused clipboard: a dialog holds the Markdown selected, Escape gives focus back', async () => {
    const { page, context } = await open(PAGE, 'denied')
    const button = page.getByRole('button', { name: 'Copy page' })
    await button.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Copy the page as Markdown' })
    await poll(() => dialog.isVisible()).toBe(true)
    const area = dialog.getByRole('textbox', { name: 'Markdown' })
    const twin = (await fetchText(TWIN)).text
    expect(await area.inputValue()).toBe(twin)
    // Focused, all selected and shown from its start: Ctrl+C copies it.
    expect(
      await area.evaluate(
        (a: HTMLTextAreaElement) =>
          document.activeElement === a &&
          a.selectionStart === 0 &&
          a.selectionEnd === a.value.length &&
          a.scrollTop === 0,
      ),
    ).toBe(true)
    expect(await dialog.getAttribute('aria-describedby')).toBe('ssg-copy-dialog-help')
    await page.keyboard.press('Escape')
    await poll(() => dialog.count()).toBe(0)
    expect(await button.evaluate((b) => document.activeElement === b)).toBe(true)
    await context.close()
  })
})
