// Quality gate: links. linkinator crawls the built site served by our static server (the
// production-host behaviour: `/x` -> `x.html`, `/x/` -> `x/index.html`), starting from every
// built HTML file, with fragments checked and external links skipped: 0 broken links or anchors.
// Then every redirect of sites/docs/spec/redirects.tsv is opened in Chromium and must land on its
// target, keeping query and hash. Run alone: `pnpm gate:links`.
import { existsSync } from 'node:fs'
import path from 'node:path'
import { LinkChecker, LinkState, type LinkResult } from 'linkinator'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  blockThirdParty,
  launchBrowser,
  serveStatic,
  specRedirects,
  type ServedSite,
} from '../../src/harness.js'
import { filesUnder, gatesBuild, routeOfFile } from '../../src/gates.js'

let site: ServedSite

beforeAll(async () => {
  expect(existsSync(gatesBuild), `no build at ${gatesBuild}: run pnpm build first`).toBe(true)
  site = await serveStatic(gatesBuild)
})
afterAll(async () => {
  await site?.close()
})

const local = (url: string) => url.replace(site.url, '') || '/'

function describeFailure(r: LinkResult): string {
  const details = (r.failureDetails ?? [])
    .map((d) => (d instanceof Error ? d.message : `HTTP ${d.status}`))
    .filter(Boolean)
  return `${decodeURIComponent(local(r.url))}  (status ${r.status ?? '-'}${details.length ? `: ${[...new Set(details)].join('; ')}` : ''})  linked from ${r.parent ? local(r.parent) : r.url.includes('#') ? `${local(r.url.split('#')[0]!)} (same page)` : '(start page)'}`
}

/** Runs `task` over `items`, `limit` at a time. */
async function pool<T, R>(items: T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length)
  let next = 0
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const i = next++
        out[i] = await task(items[i]!)
      }
    }),
  )
  return out
}

describe('links (linkinator)', () => {
  it('finds 0 broken links or anchors', { timeout: 600_000 }, async () => {
    // Every built HTML page (orphans included) and stylesheet is a start page, checked on its own
    // without recursion: linkinator 7.6 validates a `#fragment` only when the link to it is
    // seen before the target page is fetched, which a recursive crawl of many start pages does
    // not guarantee (a link to an already-crawled page has its fragment silently dropped).
    // Checked page by page, every link of the page is collected first, then each target is
    // fetched and its fragments checked, and each failure names the page that links to it.
    const pages = (await filesUnder(gatesBuild, '.html')).map(routeOfFile)
    const stylesheets = (await filesUnder(gatesBuild, '.css')).map(
      (f) => '/' + f.split(path.sep).join('/'),
    )
    const redirects = new Set<string>()
    const started = Date.now()
    const results = await pool([...pages, ...stylesheets], 8, async (p) => {
      const checker = new LinkChecker()
      checker.on('redirect', (r) =>
        redirects.add(`${local(r.url)} -> ${r.targetUrl ? local(r.targetUrl) : '?'}`),
      )
      return checker.check({
        path: site.url + p,
        recurse: false,
        checkFragments: true,
        checkCss: true,
        // Resolve relative links as a browser does (`#x` on `/docs/a` is `/docs/a#x`); without
        // it linkinator treats an extension-less page URL as a folder. Our server serves the files.
        cleanUrls: true,
        concurrency: 8,
        timeout: 30_000,
        // External hosts (the portal, GitHub, the consent banner, the tag manager, canonical
        // URLs) are not ours and the machine has no network: skipped.
        linksToSkip: async (link: string) => !link.startsWith(site.url),
      })
    })
    const result = { links: results.flatMap((r) => r.links) }
    const broken = result.links.filter((l) => l.state === LinkState.BROKEN)
    const ok = result.links.filter((l) => l.state === LinkState.OK)
    const skipped = new Set(
      result.links.filter((l) => l.state === LinkState.SKIPPED).map((l) => l.url),
    )
    const targets = new Set(ok.map((l) => l.url.split('#')[0]))
    const report = [...new Set(broken.map(describeFailure))].sort()
    console.log(
      `linkinator: ${pages.length} pages and ${stylesheets.length} stylesheets checked in ` +
        `${((Date.now() - started) / 1000).toFixed(1)} s: ${result.links.length} links (${targets.size} distinct ` +
        `local targets), ${report.length} broken, ${skipped.size} distinct external links skipped, ` +
        `${redirects.size} served through an HTTP redirect` +
        (report.length ? `\nbroken:\n  ${report.join('\n  ')}` : '') +
        (redirects.size
          ? `\nHTTP redirects (allowed):\n  ${[...redirects].sort().join('\n  ')}`
          : ''),
    )
    expect(report, `broken links or anchors:\n${report.join('\n')}`).toEqual([])
  })
})

describe('redirects of the specification (Chromium)', () => {
  let browser: Browser
  let page: Page

  beforeAll(async () => {
    browser = await launchBrowser()
    page = await browser.newPage()
    await blockThirdParty(page)
  })
  afterAll(async () => {
    await browser?.close()
  })

  it(
    'every old path lands on its target, keeping query and hash',
    { timeout: 600_000 },
    async () => {
      const redirects = await specRedirects()
      expect(redirects.length).toBeGreaterThan(0)
      const trim = (p: string) => (p.length > 1 ? p.replace(/\/$/, '') : p)
      const failures: string[] = []
      for (const { from, to } of redirects) {
        const query = '?ref=old-link&x=1'
        const hash = '#gate-hash'
        try {
          await page.goto(site.url + from + query + hash, { waitUntil: 'commit' })
          await page.waitForURL((u) => trim(u.pathname) !== trim(from), { timeout: 15_000 })
          await page.waitForLoadState('load')
          const landed = new URL(page.url())
          const title = await page.title()
          const problems: string[] = []
          if (trim(landed.pathname) !== trim(to)) problems.push(`landed on ${landed.pathname}`)
          if (landed.search !== query) problems.push(`query ${JSON.stringify(landed.search)}`)
          if (landed.hash !== hash) problems.push(`hash ${JSON.stringify(landed.hash)}`)
          if (/not found/i.test(title)) problems.push(`target is the not-found page (${title})`)
          if (problems.length) failures.push(`${from} -> ${to}: ${problems.join(', ')}`)
        } catch (error) {
          failures.push(
            `${from} -> ${to}: ${(error as Error).message.split('\n')[0]} (at ${page.url()})`,
          )
        }
      }
      console.log(
        `redirects: ${redirects.length} checked, ${failures.length} failed${failures.length ? '\n  ' + failures.join('\n  ') : ''}`,
      )
      expect(failures).toEqual([])
    },
  )
})
