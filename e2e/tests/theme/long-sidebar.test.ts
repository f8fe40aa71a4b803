// A folder of 120 pages: its sidebar list is cut in the page's HTML (its head, the pages around
// the one shown, the gaps counted and linking to the folder's page) and whole once hydrated,
// without a hydration mismatch, its link to the page shown scrolled into view; without
// JavaScript the cut list still leads up and around.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  blockThirdParty,
  buildSite,
  collectConsole,
  launchBrowser,
  serveStatic,
  type ServedSite,
} from '../../src/harness.js'
import { waitForRouter } from './fixture.js'

const PAGES = 120
let dir: string
let site: ServedSite
let browser: Browser

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ssg-long-sidebar-'))
  const folder = path.join(dir, 'content/docs/many')
  await mkdir(folder, { recursive: true })
  await mkdir(path.join(dir, 'content/pages'), { recursive: true })
  // A home page: the brand link leads to / (a docs-only site has none, and its prefetch 404s).
  await writeFile(path.join(dir, 'content/pages/index.md'), '# Welcome\n\nThe site.\n')
  await writeFile(path.join(dir, 'content/docs/index.md'), '# Home\n\nThe docs.\n')
  await writeFile(path.join(folder, 'index.md'), '---\ntitle: Many pages\n---\nAll of them.\n')
  for (let n = 0; n < PAGES; n++)
    await writeFile(
      path.join(folder, `page-${String(n).padStart(3, '0')}.md`),
      `---\ntitle: Page ${n}\nsidebar_position: ${n}\n---\nText of page ${n}.\n`,
    )
  const built = await buildSite(dir)
  expect(built.code, built.stderr).toBe(0)
  site = await serveStatic(path.join(dir, 'build'))
  browser = await launchBrowser()
}, 300_000)

afterAll(async () => {
  await browser?.close()
  await site?.close()
  if (dir) await rm(dir, { recursive: true, force: true })
})

const rows = '.ssg-sidebar__list--level-1 > li'

test('without JavaScript: the head of the list, the pages around, the gaps linking up', async () => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto(site.url + '/docs/many/page-080')
  const texts = await page.locator(rows).allInnerTexts()
  expect(texts.slice(0, 4)).toEqual(['Page 0', 'Page 1', 'Page 2', '67 more in Many pages'])
  expect(texts).toContain('Page 70')
  expect(texts).toContain('Page 90')
  expect(texts[texts.length - 1]).toBe('29 more in Many pages')
  await expect
    .poll(() => page.locator('.ssg-sidebar [aria-current="page"]').allInnerTexts())
    .toEqual(['Page 80'])
  await page.getByRole('link', { name: '67 more in Many pages' }).click()
  await page.waitForURL(/\/docs\/many\/$/)
  await context.close()
})

test('with JavaScript: the whole list once hydrated, without a mismatch', async () => {
  const page = await browser.newPage()
  await blockThirdParty(page)
  const messages = collectConsole(page)
  await page.goto(site.url + '/docs/many/page-080')
  await waitForRouter(page)
  await expect.poll(() => page.locator(rows).count()).toBe(PAGES)
  expect(await page.locator('.ssg-sidebar__more').count()).toBe(0)
  expect(await page.locator('.ssg-sidebar [aria-current="page"]').allInnerTexts()).toEqual([
    'Page 80',
  ])
  // The whole list put the link to the page shown far down: the sidebar (not the window) is
  // scrolled to it.
  const inView = () =>
    page.evaluate(() => {
      const link = document
        .querySelector('.ssg-sidebar [aria-current="page"]')!
        .getBoundingClientRect()
      const box = document.querySelector('.ssg-doc__sidebar')!.getBoundingClientRect()
      return link.top >= box.top && link.bottom <= box.bottom
    })
  await expect.poll(inView).toBe(true)
  expect(
    await page.evaluate(() => document.querySelector('.ssg-doc__sidebar')!.scrollTop),
  ).toBeGreaterThan(0)
  expect(await page.evaluate(() => window.scrollY)).toBe(0)
  // A page far from the one opened is a link of the list now; the router takes it.
  await page.locator('.ssg-sidebar').getByRole('link', { name: 'Page 5', exact: true }).click()
  await page.waitForURL(/page-005$/)
  await expect.poll(() => page.locator(rows).count()).toBe(PAGES)
  expect(messages.filter((m) => m.type === 'error')).toEqual([])
  await page.close()
})
