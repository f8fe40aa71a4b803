#!/usr/bin/env node
// Lighthouse scores of three pages of the built docs site (not a gate: a shared 2-core machine
// is too noisy for performance scores to fail a build). Serves the build with the core's static
// server, drives Debian's Chromium through chrome-launcher (CHROME_PATH, default
// /usr/bin/chromium) with the browser tests' flags and no network: every host but 127.0.0.1
// fails to resolve, so the consent banner and the tag manager are not loaded. Lighthouse's
// default mobile preset (emulated phone, simulated slow 4G and 4x CPU slowdown).
//
// Usage: node e2e/scripts/lighthouse.mjs [buildDir] [--json out.json]
//        (buildDir default: $SSG_GATES_BUILD or sites/docs/build; pages: $LIGHTHOUSE_PAGES,
//        comma-separated, default /, /docs/concepts/what-are-tokens, /docs/api/tokens/tokenize)
// Prints a table of the four category scores and the main metrics per page.
import { writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { createStaticServer } from '@ssg/core'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const args = process.argv.slice(2)
const jsonAt = args.indexOf('--json')
const jsonOut = jsonAt >= 0 ? args.splice(jsonAt, 2)[1] : null
const buildDir = path.resolve(
  args[0] ?? process.env.SSG_GATES_BUILD ?? path.join(repoRoot, 'sites/docs/build'),
)
const pages = (
  process.env.LIGHTHOUSE_PAGES ?? '/,/docs/concepts/what-are-tokens,/docs/api/tokens/tokenize'
).split(',')

// The flags of e2e/src/harness.ts (CHROMIUM_ARGS), headless, and no name resolution but loopback.
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
]

if (!existsSync(buildDir)) {
  console.error(`lighthouse: no build at ${buildDir}: run pnpm build first`)
  process.exit(2)
}

const server = createStaticServer({ root: buildDir, host: '127.0.0.1', port: 0 })
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
const base = `http://127.0.0.1:${server.address().port}`
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: CHROME_FLAGS,
  logLevel: 'error',
})

const score = (category) =>
  category?.score == null ? '-' : String(Math.round(category.score * 100))
const metric = (audits, id) => audits[id]?.displayValue?.replace(/\u00a0/g, ' ') ?? '-'
const rows = []
const results = []
const started = Date.now()
try {
  for (const page of pages) {
    const t = Date.now()
    const result = await lighthouse(
      base + page,
      { port: chrome.port, output: 'json', logLevel: 'error' },
      // The default config: mobile form factor and simulated throttling.
      undefined,
    )
    if (!result) throw new Error(`lighthouse returned nothing for ${page}`)
    const { categories, audits, runtimeError, runWarnings } = result.lhr
    if (runtimeError) throw new Error(`${page}: ${runtimeError.code} ${runtimeError.message}`)
    rows.push([
      page,
      score(categories.performance),
      score(categories.accessibility),
      score(categories['best-practices']),
      score(categories.seo),
      metric(audits, 'first-contentful-paint'),
      metric(audits, 'largest-contentful-paint'),
      metric(audits, 'total-blocking-time'),
      metric(audits, 'cumulative-layout-shift'),
      `${((Date.now() - t) / 1000).toFixed(0)} s`,
    ])
    results.push({
      page,
      scores: Object.fromEntries(Object.entries(categories).map(([k, c]) => [k, c.score])),
      metrics: Object.fromEntries(
        [
          'first-contentful-paint',
          'largest-contentful-paint',
          'total-blocking-time',
          'cumulative-layout-shift',
          'speed-index',
        ].map((id) => [id, audits[id]?.numericValue ?? null]),
      ),
      failedAudits: Object.values(audits)
        .filter(
          (a) =>
            a.score !== null &&
            a.score < 0.9 &&
            a.scoreDisplayMode !== 'informative' &&
            a.scoreDisplayMode !== 'manual',
        )
        .map((a) => a.id),
      runWarnings,
    })
  }
} finally {
  await chrome.kill()
  await new Promise((resolve) => server.close(resolve))
}

const head = ['page', 'perf', 'a11y', 'best-pr.', 'SEO', 'FCP', 'LCP', 'TBT', 'CLS', 'took']
const cells = [head, ...rows]
const widths = head.map((_, i) => Math.max(...cells.map((r) => r[i].length)))
const line = (r) =>
  r
    .map((c, i) => c.padEnd(widths[i]))
    .join('  ')
    .trimEnd()
console.log(
  `lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version} ` +
    `(mobile preset, simulated throttling) on ${buildDir}, ${((Date.now() - started) / 1000).toFixed(0)} s\n` +
    [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n'),
)
for (const r of results)
  if (r.failedAudits.length) console.log(`${r.page}: audits under 90: ${r.failedAudits.join(', ')}`)
if (jsonOut) await writeFile(jsonOut, JSON.stringify(results, null, 2) + '\n')
