// Quality gate: accessibility. axe-core runs in headless Chromium on every route of
// sites/docs/spec/routes.tsv in three settings: light and dark colour mode at a desktop width
// (localStorage `theme`, set before any page script runs) and the default mode at a 375 px mobile
// width. 0 serious or critical violations; every violation found is printed with its route,
// setting, rule and targets. One browser, one page per setting, third-party hosts blocked.
// Run alone: `pnpm gate:a11y`.
import { createRequire } from 'node:module'
import type { AxeResults, Result } from 'axe-core'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { blockThirdParty, serveBuild, specRoutes } from '../../src/harness.js'
import { gatesBuild, table } from '../../src/gates.js'

const require = createRequire(import.meta.url)
const axeSource: string = (require('axe-core') as { source: string }).source

interface Setting {
  name: string
  theme: 'light' | 'dark' | null
  viewport: { width: number; height: number }
  /** The `data-theme` the page must end up with (checks that the setting really applied). */
  expectTheme: 'light' | 'dark'
}

const SETTINGS: Setting[] = [
  { name: 'light', theme: 'light', viewport: { width: 1280, height: 800 }, expectTheme: 'light' },
  { name: 'dark', theme: 'dark', viewport: { width: 1280, height: 800 }, expectTheme: 'dark' },
  // No stored mode: the site default (dark), on a phone.
  { name: 'mobile-375', theme: null, viewport: { width: 375, height: 740 }, expectTheme: 'dark' },
]

const GATED = new Set(['serious', 'critical'])

const served = serveBuild(gatesBuild)

async function openPage(setting: Setting): Promise<Page> {
  const context = await served.browser.newContext({
    viewport: setting.viewport,
    reducedMotion: 'reduce',
  })
  if (setting.theme) {
    await context.addInitScript((theme) => {
      try {
        localStorage.setItem('theme', theme)
      } catch {
        // storage unavailable: the page falls back to its default and the theme check reports it
      }
    }, setting.theme)
  }
  const page = await context.newPage()
  await blockThirdParty(page)
  return page
}

interface Found {
  route: string
  setting: string
  rule: string
  impact: string
  help: string
  targets: string[]
  /** axe's message for the first element (colours and ratio for color-contrast). */
  message: string
}

async function checkRoute(
  page: Page,
  setting: Setting,
  route: string,
  found: Found[],
  problems: string[],
): Promise<void> {
  const response = await page.goto(served.site.url + route, { waitUntil: 'load' })
  if (!response || response.status() !== 200) {
    problems.push(`${route} [${setting.name}]: HTTP ${response?.status() ?? 'no response'}`)
    return
  }
  const theme = await page.evaluate(() => document.documentElement.getAttribute('data-theme'))
  if (theme !== setting.expectTheme)
    problems.push(
      `${route} [${setting.name}]: data-theme is ${theme}, expected ${setting.expectTheme}`,
    )
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
  const results = (await page.evaluate(() =>
    (window as unknown as { axe: { run(ctx: Document, o: object): Promise<unknown> } }).axe.run(
      document,
      {
        resultTypes: ['violations'],
      },
    ),
  )) as AxeResults
  for (const v of results.violations as Result[]) {
    found.push({
      route,
      setting: setting.name,
      rule: v.id,
      impact: v.impact ?? 'unknown',
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
      message:
        [...(v.nodes[0]?.any ?? []), ...(v.nodes[0]?.all ?? []), ...(v.nodes[0]?.none ?? [])][0]
          ?.message ?? '',
    })
  }
}

/** A route whose check has not finished by then is reported as a problem and the gate goes on. */
const ROUTE_LIMIT_MS = 180_000

/** `work`, or a rejection after `ms` (the page is left as it is; the next `goto` replaces it). */
function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`not checked within ${ms / 1000} s`)), ms)
  })
  return Promise.race([work, limit]).finally(() => clearTimeout(timer))
}

describe('accessibility (axe-core)', () => {
  it(
    'finds 0 serious or critical violations on every route, in light, dark and at 375 px',
    // The gate's duration follows the machine's load (312 axe runs: over 20 minutes on two
    // cores shared with other work), so the whole run has no short limit; each route has one
    // (ROUTE_LIMIT_MS), so a page that hangs fails the gate by name instead of stalling it.
    { timeout: 4 * 3600_000 },
    async () => {
      // `SSG_GATES_ROUTES=<regexp>` narrows the run to matching routes (while fixing a page).
      const only = process.env.SSG_GATES_ROUTES ? new RegExp(process.env.SSG_GATES_ROUTES) : null
      const routes = (await specRoutes()).map((r) => r.route).filter((r) => !only || only.test(r))
      expect(routes.length).toBeGreaterThan(0)
      const found: Found[] = []
      const problems: string[] = []
      const started = Date.now()
      // The three settings run side by side (one page each): the renderers use both cores while
      // the test process waits on one of them.
      await Promise.all(
        SETTINGS.map(async (setting) => {
          const page = await openPage(setting)
          for (const route of routes) {
            try {
              await within(ROUTE_LIMIT_MS, checkRoute(page, setting, route, found, problems))
            } catch (error) {
              problems.push(
                `${route} [${setting.name}]: ${(error as Error).message.split('\n')[0]}`,
              )
            }
          }
          await page.context().close()
        }),
      )
      found.sort(
        (a, b) =>
          a.route.localeCompare(b.route) ||
          SETTINGS.findIndex((s) => s.name === a.setting) -
            SETTINGS.findIndex((s) => s.name === b.setting),
      )
      const gated = found.filter((f) => GATED.has(f.impact))
      const byRule = new Map<string, Found[]>()
      for (const f of found)
        byRule.set(`${f.impact}\t${f.rule}`, [...(byRule.get(`${f.impact}\t${f.rule}`) ?? []), f])
      const summary = table(
        ['impact', 'rule', 'pages', 'elements', 'help'],
        [...byRule].map(([key, list]) => {
          const [impact, rule] = key.split('\t')
          return [
            impact!,
            rule!,
            list.length,
            list.reduce((n, f) => n + f.targets.length, 0),
            list[0]!.help,
          ]
        }),
      )
      const details = gated.map(
        (f) =>
          `${f.route} [${f.setting}] ${f.impact} ${f.rule}: ${f.targets.slice(0, 5).join(' | ')}${f.targets.length > 5 ? ` (+${f.targets.length - 5} more)` : ''}` +
          (f.message ? `\n      ${f.message}` : ''),
      )
      console.log(
        `axe-core ${(require('axe-core/package.json') as { version: string }).version}: ${routes.length} routes x ${SETTINGS.length} settings ` +
          `in ${((Date.now() - started) / 1000).toFixed(1)} s: ${gated.length} serious/critical violations, ` +
          `${found.length - gated.length} moderate/minor` +
          (found.length ? `\n${summary}` : '') +
          (details.length ? `\nserious/critical:\n  ${details.join('\n  ')}` : '') +
          (problems.length ? `\nproblems:\n  ${problems.join('\n  ')}` : ''),
      )
      expect(problems, 'pages that could not be checked').toEqual([])
      expect(
        details,
        `serious or critical accessibility violations:\n${details.join('\n')}`,
      ).toEqual([])
    },
  )
})
