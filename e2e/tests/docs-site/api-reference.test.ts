// The API reference of the built Veilbox docs site, generated from sites/docs/openapi/veilbox.yaml
// by `::openapi` directives, as a reader uses it in headless Chromium: an operation's section
// (heading and anchor, endpoint, request table, code samples in the site's languages, synced with
// the other tabs of the page), nested fields that open and close from the keyboard, a schema's
// type linking to the page that documents it, and the errors table.
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { blockThirdParty, docsBuild, serveBuild } from '../../src/harness.js'

const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 })

const docs = serveBuild(docsBuild)

async function open(pathname: string): Promise<Page> {
  const context = await docs.browser.newContext({ viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  await blockThirdParty(page)
  await page.goto(docs.site.url + pathname)
  await page.waitForFunction(() => Boolean((history.state as { ssgKey?: string } | null)?.ssgKey))
  return page
}

/** What follows an h2 up to the next h2 (elements inside them, for `.locator`). */
function section(page: Page, id: string) {
  return page.locator(`h2#${id} ~ *:not(h2#${id} ~ h2 ~ *):not(h2)`)
}

describe('an operation generated from the spec', () => {
  test('has its heading anchor, endpoint, permission, request table and six code tabs', async () => {
    const page = await open('/docs/api/tokens/#create-a-token')
    const heading = page.getByRole('heading', { level: 2, name: 'Create a token' })
    expect(await heading.getAttribute('id')).toBe('create-a-token')
    await poll(() => heading.evaluate((h) => h.getBoundingClientRect().top)).toBeLessThan(200)
    const body = section(page, 'create-a-token')
    expect(await body.locator('pre').first().textContent()).toBe(
      'POST https://api.veilbox.example/tokens',
    )
    expect(await body.getByText('Authentication:').first().isVisible()).toBe(true)
    const request = page
      .locator('#create-a-token ~ h3', { hasText: 'Request' })
      .first()
      .locator('xpath=following-sibling::table[1]')
    const rows = await request.locator('tbody tr td:first-child').allTextContents()
    expect(rows.slice(0, 3)).toEqual(['Idempotency-Key', 'type', 'data'])
    const tabs = body.getByRole('tablist').first().getByRole('tab')
    expect(await tabs.allTextContents()).toEqual(['curl', 'Node', 'Python', 'C#', 'Java', 'Go'])
    await page.context().close()
  })

  test('choosing a language switches every operation of the page to it', async () => {
    const page = await open('/docs/api/tokens/')
    const python = page.getByRole('tab', { name: 'Python' })
    expect(await python.count()).toBe(5)
    await python.first().click()
    // The other operations' samples follow (one tab group, "lang").
    for (let i = 0; i < 5; i++)
      await poll(() => python.nth(i).getAttribute('aria-selected')).toBe('true')
    const panel = page.getByRole('tabpanel').filter({ hasText: 'client.tokens.list(' })
    expect(await panel.textContent()).toContain('import veilbox')
    await page.context().close()
  })
})

describe('nested fields', () => {
  test('are collapsed, and open and close from the keyboard', async () => {
    const page = await open('/docs/api/tokens/')
    const summary = page.locator('summary', { hasText: 'Fields of search_indexes[]' }).first()
    const details = summary.locator('xpath=..')
    expect(await details.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false)
    const table = details.locator('table')
    expect(await table.isVisible()).toBe(false)
    await summary.focus()
    await page.keyboard.press('Enter')
    await poll(() => table.isVisible()).toBe(true)
    expect(await table.locator('tbody tr td:first-child').allTextContents()).toEqual([
      'name',
      'expression',
    ])
    await page.keyboard.press('Space')
    await poll(() => table.isVisible()).toBe(false)
    await page.context().close()
  })
})

describe('schemas', () => {
  test('a type documented on another page links to its table there', async () => {
    const page = await open('/docs/api/tokens/search')
    const link = page.getByRole('link', { name: 'Token', exact: true }).first()
    expect(await link.getAttribute('href')).toBe('/docs/api/tokens/#the-token-object')
    await link.click()
    await page.waitForURL('**/docs/api/tokens/#the-token-object')
    const heading = page.getByRole('heading', { name: 'The token object' })
    await poll(() => heading.evaluate((h) => h.getBoundingClientRect().top)).toBeLessThan(200)
    await page.context().close()
  })
})

describe('errors', () => {
  test('statuses that share a type and an explanation are one row', async () => {
    const page = await open('/docs/api/reactors/#invoke-a-reactor')
    const errors = page.locator('h2#invoke-a-reactor ~ h3', { hasText: 'Errors' }).first()
    const table = errors.locator('xpath=following-sibling::table[1]')
    const rows = await table
      .locator('tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) => [...tr.querySelectorAll('td')].slice(0, 2).map((td) => td.textContent)),
      )
    expect(rows).toContainEqual(['400, 401, 429, 5xx', 'reactor-runtime-error'])
    expect(rows).toContainEqual(['504', 'reactor-timeout'])
    await page.context().close()
  })
})

describe('tables', () => {
  test('a field name in a cell wraps whole, never in the middle of the word', async () => {
    // The error document's fields (`status`, `detail`, `instance`, `errors`) were cut to
    // `statu`/`s` by a cell that let code break anywhere to keep its column narrow.
    const page = await open('/docs/api/errors')
    const broken = await page.evaluate(() =>
      [...document.querySelectorAll('[data-ssg-article] td code')]
        .filter((code) => /^\w+$/.test(code.textContent ?? '') && code.getClientRects().length > 1)
        .map((code) => code.textContent),
    )
    expect(broken).toEqual([])
    expect(await page.locator('[data-ssg-article] td code', { hasText: /^status$/ }).count()).toBe(
      1,
    )
    await page.context().close()
  })
})
