// What a reader sees on the built Veilbox docs site (sites/docs/build), in headless Chromium:
// the navbar sections and the active one, the sidebar of each section, the announcement bar and
// its dismissal, the footer's site version, an admonition, the head tags (before and after a
// client navigation, with the consent banner and tag manager requested), the preferred docs
// version in localStorage, and the default colour mode.
import type { BrowserContextOptions, Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { blockThirdParty, docsBuild, serveBuild } from '../../src/harness.js'

/** The configured site URL (`url` of sites/docs/ssg.config.ts): canonical links are on it. */
const SITE_URL = 'https://docs.veilbox.example'
const CONSENT_SCRIPT = 'https://consent.veilbox.example/banner.js'
const TAG_MANAGER = 'https://www.googletagmanager.com/gtm.js?id=GTM-XXXXXXX'
const ANNOUNCEMENT_ID = 'react-elements-3-4'
const PREFERRED_VERSION_KEY = 'docs-preferred-version-default'

/** `expect.poll` with room for a busy machine (two cores shared with Chromium and builds). */
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 })

const docs = serveBuild(docsBuild)

interface Opened {
  page: Page
  /** URLs of every request the page made (third-party ones included: they are aborted). */
  requested: string[]
}

/** Opens a page in a fresh context (empty storage) and waits until the client router runs. */
async function open(pathname: string, options: BrowserContextOptions = {}): Promise<Opened> {
  const context = await docs.browser.newContext({
    viewport: { width: 1280, height: 800 },
    ...options,
  })
  const page = await context.newPage()
  const requested: string[] = []
  page.on('request', (request) => requested.push(request.url()))
  await blockThirdParty(page)
  await page.goto(docs.site.url + pathname)
  await hydrated(page)
  return { page, requested }
}

/** The client router has taken over (after hydration) once it tags the history entry. */
function hydrated(page: Page): Promise<unknown> {
  return page.waitForFunction(() => Boolean((history.state as { ssgKey?: string } | null)?.ssgKey))
}

/** Sets a marker on `window` that survives client navigation but not a document load. */
async function markWindow(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { __mark: number }).__mark = 1))
}
const stillMarked = (page: Page) =>
  page.evaluate(() => (window as unknown as { __mark?: number }).__mark === 1)

const storageItem = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key)

describe('navbar', () => {
  test('shows Documentation, API and SDKs, exactly one active per section', async () => {
    const { page } = await open('/docs/concepts/')
    const links = page.getByRole('navigation', { name: 'Main' }).locator('.ssg-navbar__items a')
    for (const [pathname, active] of [
      ['/docs/concepts/', 'Documentation'],
      ['/docs/api/tokens/', 'API'],
      ['/docs/sdks/', 'SDKs'],
    ] as const) {
      if (new URL(page.url()).pathname !== pathname) {
        await page.goto(docs.site.url + pathname)
        await hydrated(page)
      }
      expect(await links.allTextContents(), pathname).toEqual(['Documentation', 'API', 'SDKs'])
      for (const link of await links.all()) expect(await link.isVisible(), pathname).toBe(true)
      // The theme marks the section with a class, and the section's own page with aria-current.
      const marks = await links.evaluateAll((anchors) =>
        anchors.map((a) => ({
          label: a.textContent,
          active: a.classList.contains('ssg-navbar__link--active'),
          current: a.getAttribute('aria-current'),
        })),
      )
      const marked = marks.filter((m) => m.active || m.current !== null)
      expect(
        marked.map((m) => m.label),
        pathname,
      ).toEqual([active])
      // Shown as active (the class styles it), whether or not it is the section's own page.
      expect(marked[0]?.active, pathname).toBe(true)
    }
    await page.context().close()
  })
})

describe('sidebar', () => {
  test('each section shows its own sidebar landmark, and a page outside every sidebar none', async () => {
    const { page } = await open('/docs/concepts/what-are-tokens')
    const sidebars = () =>
      page
        .getByRole('navigation')
        .evaluateAll((navs) =>
          navs
            .map((nav) => nav.getAttribute('aria-label') ?? '')
            .filter((name) => /sidebar$/i.test(name)),
        )
    for (const [pathname, expected] of [
      ['/docs/concepts/what-are-tokens', ['Docs sidebar']],
      ['/docs/api/tokens/tokenize', ['API sidebar']],
      ['/docs/sdks/web/javascript/', ['SDK sidebar']],
      ['/docs/guides/collect/collect-cards-with-your-inputs', []],
    ] as const) {
      if (new URL(page.url()).pathname !== pathname) {
        await page.goto(docs.site.url + pathname)
        await hydrated(page)
      }
      expect(await sidebars(), pathname).toEqual(expected)
      if (expected.length) {
        const nav = page.getByRole('navigation', { name: expected[0] })
        expect(await nav.isVisible(), pathname).toBe(true)
        // The page shown is marked in its sidebar.
        const current = nav.locator('a[aria-current="page"]')
        expect(await current.count(), pathname).toBe(1)
        expect(new URL((await current.getAttribute('href'))!, docs.site.url).pathname).toBe(
          pathname,
        )
      } else {
        // The article still shows, at full width.
        expect(await page.locator('main#ssg-main h1').isVisible(), pathname).toBe(true)
      }
    }
    await page.context().close()
  })
})

describe('announcement bar', () => {
  test('is shown, and a dismissal stores the bar id and survives a reload', async () => {
    const { page } = await open('/docs/')
    const bar = page.getByRole('region', { name: 'Announcement' })
    expect(await bar.isVisible()).toBe(true)
    expect(await bar.textContent()).toContain('React Elements 3.4 is out')
    expect(
      await bar.getByRole('link', { name: 'Read the upgrade notes' }).getAttribute('href'),
    ).toBe('/docs/sdks/web/react/deprecations')
    expect(await storageItem(page, 'ssg-announcement-dismissed')).toBeNull()

    await bar.getByRole('button', { name: 'Dismiss announcement' }).click()
    await poll(() => bar.count()).toBe(0)
    expect(await storageItem(page, 'ssg-announcement-dismissed')).toBe(ANNOUNCEMENT_ID)

    await page.reload()
    // Hidden before hydration (head script + CSS), gone after it.
    expect(
      await page.evaluate(() =>
        document.documentElement.hasAttribute('data-announcement-dismissed'),
      ),
    ).toBe(true)
    expect(await bar.isVisible()).toBe(false)
    await hydrated(page)
    await poll(() => bar.count()).toBe(0)
    expect(await storageItem(page, 'ssg-announcement-dismissed')).toBe(ANNOUNCEMENT_ID)
    await page.context().close()
  })
})

describe('footer', () => {
  test('shows the site version 1.41.0', async () => {
    const { page } = await open('/docs/concepts/')
    const footer = page.getByRole('contentinfo')
    const version = footer.getByText(/^Version /)
    expect(await version.textContent()).toBe('Version 1.41.0')
    await version.scrollIntoViewIfNeeded()
    expect(await version.isVisible()).toBe(true)
    await page.context().close()
  })
})

describe('admonition', () => {
  test('a :::warning with a title renders as a note with its title visible', async () => {
    // sites/docs/content/docs/expressions/masks.md: :::warning[Masks are not encrypted]
    const { page } = await open('/docs/expressions/masks')
    const note = page
      .getByRole('note', { name: 'Warning' })
      .filter({ hasText: 'Masks are not encrypted' })
    expect(await note.count()).toBe(1)
    const title = note.getByText('Masks are not encrypted', { exact: true })
    await title.scrollIntoViewIfNeeded()
    expect(await title.isVisible()).toBe(true)
    expect(await note.textContent()).toContain('Treat a mask as low-sensitivity data')
    // Styled as a warning, not as plain text.
    expect(await note.getAttribute('class')).toContain('ssg-admonition--warning')
    await page.context().close()
  })
})

/** The head tags a test reads (null when missing). */
function readHead(page: Page) {
  return page.evaluate(() => {
    const attr = (selector: string, name: string) =>
      document.head.querySelector(selector)?.getAttribute(name) ?? null
    const meta = (selector: string) => attr(selector, 'content')
    return {
      title: document.title,
      description: meta('meta[name="description"]'),
      canonical: attr('link[rel="canonical"]', 'href'),
      ogTitle: meta('meta[property="og:title"]'),
      ogDescription: meta('meta[property="og:description"]'),
      ogUrl: meta('meta[property="og:url"]'),
      ogType: meta('meta[property="og:type"]'),
      twitterCard: meta('meta[name="twitter:card"]'),
      icon: attr('link[rel="icon"]', 'href'),
      themeColors: [...document.head.querySelectorAll('meta[name="theme-color"]')].map(
        (m) => `${m.getAttribute('media')} ${m.getAttribute('content')}`,
      ),
      entry: document.querySelector('script[type="module"][src]')?.getAttribute('src') ?? null,
      modulepreloads: [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) =>
        l.getAttribute('href'),
      ),
      scripts: [...document.querySelectorAll('script[src]')].map((s) => s.getAttribute('src')),
    }
  })
}

/** `<title>`, description and `og:title` of a page as the server wrote it. */
async function servedHead(pathname: string) {
  const html = await (await fetch(docs.site.url + pathname)).text()
  const decode = (s: string | undefined) =>
    s
      ?.replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&')
  return {
    title: decode(/<title>([^<]*)<\/title>/.exec(html)?.[1]),
    description: decode(/<meta name="description" content="([^"]*)"/.exec(html)?.[1]),
    ogTitle: decode(/<meta property="og:title" content="([^"]*)"/.exec(html)?.[1]),
  }
}

describe('head tags', () => {
  test('a docs page has its title, metas, links and third-party scripts; a client navigation updates them', async () => {
    const pathname = '/docs/concepts/what-are-tokens'
    const { page, requested } = await open(pathname)
    const head = await readHead(page)
    expect(head.title).toBe('What Are Tokens | Veilbox Docs')
    expect(head.description).toMatch(/^Tokens replace sensitive values/)
    expect(head.canonical).toBe(SITE_URL + pathname)
    expect(head.ogTitle).toBe('What Are Tokens')
    expect(head.ogDescription).toBe(head.description)
    expect(head.ogUrl).toBe(SITE_URL + pathname)
    expect(head.ogType).toBe('article')
    expect(head.twitterCard).toBe('summary')
    expect(head.icon).toBe('/img/favicon.svg')
    expect(head.themeColors.sort()).toEqual([
      '(prefers-color-scheme: dark) #0d1117',
      '(prefers-color-scheme: light) #ffffff',
    ])
    expect(head.entry).toMatch(/^\/_ssg\/assets\/main-[\w-]+\.js$/)
    expect(head.modulepreloads).toContain(head.entry)
    expect(requested).toContain(docs.site.url + head.entry)

    // The consent banner and the tag manager load once the page is idle (the harness aborts them:
    // the request is what the page does).
    await poll(() =>
      requested.filter((url) => url === CONSENT_SCRIPT || url === TAG_MANAGER).sort(),
    ).toEqual([CONSENT_SCRIPT, TAG_MANAGER])
    const after = await readHead(page)
    expect(after.scripts).toEqual(expect.arrayContaining([CONSENT_SCRIPT, TAG_MANAGER]))
    expect(await page.locator(`script[src="${CONSENT_SCRIPT}"]`).getAttribute('data-domain')).toBe(
      'docs.veilbox.example',
    )
    expect(
      await page.evaluate(() =>
        (window as unknown as { dataLayer?: Array<{ event?: string }> }).dataLayer?.some(
          (entry) => entry.event === 'gtm.js',
        ),
      ),
    ).toBe(true)

    // Client navigation through the sidebar: no document load, the head follows the new page.
    await markWindow(page)
    const link = page
      .getByRole('navigation', { name: 'Docs sidebar' })
      .getByRole('link', { name: 'Containers', exact: true })
    const target = new URL((await link.getAttribute('href'))!, docs.site.url).pathname
    expect(target).toBe('/docs/concepts/what-are-containers')
    const served = await servedHead(target)
    await link.click()
    await page.waitForURL(docs.site.url + target)
    await poll(() => page.title()).toBe(served.title)
    const next = await readHead(page)
    expect(next.title).not.toBe(head.title)
    expect(next.canonical).toBe(SITE_URL + target)
    expect(next.ogUrl).toBe(SITE_URL + target)
    expect(next.ogTitle).toBe(served.ogTitle)
    expect(next.description).toBe(served.description)
    expect(next.ogDescription).toBe(served.description)
    expect(await stillMarked(page)).toBe(true)
    await page.context().close()
  })
})

describe('preferred docs version', () => {
  test('a docs page stores "current" for the default docs plugin', async () => {
    const { page } = await open('/docs/concepts/what-are-tokens')
    await poll(() => storageItem(page, PREFERRED_VERSION_KEY)).toBe('current')
    await page.context().close()
  })

  test('the landing page alone stores nothing; a client navigation into the docs does', async () => {
    const { page } = await open('/')
    // The effect runs in the hydration commit, before the router chunk (awaited by `open`) loads.
    expect(await storageItem(page, PREFERRED_VERSION_KEY)).toBeNull()
    expect(await page.evaluate(() => Object.keys(localStorage))).not.toContain(
      PREFERRED_VERSION_KEY,
    )
    await markWindow(page)
    // The hero's first action (the page also links it further down).
    await page
      .getByRole('main')
      .getByRole('link', { name: 'Get started', exact: true })
      .first()
      .click()
    await page.waitForURL(docs.site.url + '/docs/')
    await poll(() => storageItem(page, PREFERRED_VERSION_KEY)).toBe('current')
    expect(await stillMarked(page)).toBe(true)
    await page.context().close()
  })
})

describe('colour mode', () => {
  test('a first visit with nothing stored is dark, even when the system prefers light', async () => {
    const { page } = await open('/docs/', { colorScheme: 'light' })
    // The emulation is in effect: the page could have followed the system.
    expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: light)').matches)).toBe(
      true,
    )
    expect(await storageItem(page, 'theme')).toBeNull()
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark')
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
      'rgb(13, 17, 23)',
    )
    // After hydration the toggle offers the other mode.
    await poll(() =>
      page.getByRole('button', { name: 'Switch to light mode' }).locator('visible=true').count(),
    ).toBe(1)
    await page.context().close()
  })
})
