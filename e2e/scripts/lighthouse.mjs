#!/usr/bin/env node
// Lighthouse scores of three pages of the built docs site (not a gate: a shared 2-core machine
// is too noisy for performance scores to fail a build). Serves the build with the core's static
// server, drives Debian's Chromium through chrome-launcher (CHROME_PATH, default
// /usr/bin/chromium) with the browser tests' flags and no network. Lighthouse's default mobile
// preset (emulated phone, simulated slow 4G and 4x CPU slowdown).
//
// Third-party hosts (the consent banner, the tag manager): by default every host but 127.0.0.1
// fails to resolve, as in the browser tests, and Chromium logs each failed load as a console
// error, which costs the "errors in console" audit of best practices. With --stub-third-party
// they are answered instead by a local HTTPS stub (a self-signed certificate made with openssl;
// Chromium ignores certificate errors) that serves an empty script: what the page does when
// they load, minus their own behaviour.
//
// Usage: node e2e/scripts/lighthouse.mjs [buildDir] [--json out.json] [--lhr-dir dir]
//                                        [--stub-third-party]
//        (buildDir default: $SSG_GATES_BUILD or sites/docs/build; pages: $LIGHTHOUSE_PAGES,
//        comma-separated, default /, /docs/concepts/what-are-tokens, /docs/api/tokens/tokenize;
//        --json writes the scores, metrics and failed audits; --lhr-dir writes each page's
//        whole Lighthouse report, <page>.json)
// Prints a table of the four category scores and the main metrics per page, and the load
// average before and after (performance depends on it: repeat a run made on a busy machine).
import { execFileSync } from 'node:child_process'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { createServer as createHttpsServer } from 'node:https'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { createStaticServer } from '@ssg/core'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const args = process.argv.slice(2)
const option = (name) => {
  const at = args.indexOf(name)
  return at >= 0 ? args.splice(at, 2)[1] : null
}
const flag = (name) => {
  const at = args.indexOf(name)
  return at >= 0 ? (args.splice(at, 1), true) : false
}
const jsonOut = option('--json')
const lhrDir = option('--lhr-dir')
const stubThirdParty = flag('--stub-third-party')
const buildDir = path.resolve(
  args[0] ?? process.env.SSG_GATES_BUILD ?? path.join(repoRoot, 'sites/docs/build'),
)
const pages = (
  process.env.LIGHTHOUSE_PAGES ?? '/,/docs/concepts/what-are-tokens,/docs/api/tokens/tokenize'
).split(',')

// The flags of e2e/src/harness.ts (CHROMIUM_ARGS), headless.
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

if (!existsSync(buildDir)) {
  console.error(`lighthouse: no build at ${buildDir}: run pnpm build first`)
  process.exit(2)
}

/** An HTTPS server on a free loopback port answering every request with an empty response. */
async function startThirdPartyStub() {
  const dir = await mkdtemp(path.join(tmpdir(), 'lighthouse-stub-'))
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=third-party-stub',
        '-keyout',
        'key.pem',
        '-out',
        'cert.pem',
      ],
      { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] },
    )
  } catch (error) {
    throw new Error(`--stub-third-party needs openssl to make a certificate: ${error.message}`)
  }
  const [key, cert] = await Promise.all([
    readFile(path.join(dir, 'key.pem')),
    readFile(path.join(dir, 'cert.pem')),
  ])
  await rm(dir, { recursive: true, force: true })
  const requests = []
  const stub = createHttpsServer({ key, cert }, (req, res) => {
    requests.push({ url: `${req.headers.host}${req.url}`, referer: req.headers.referer ?? '' })
    const script = /\.js(\?|$)/.test(req.url)
    res.writeHead(200, {
      'content-type': script ? 'text/javascript' : 'text/html; charset=utf-8',
      'cache-control': 'no-store',
    })
    res.end(script ? '/* third-party stub */\n' : '<!doctype html><title>stub</title>\n')
  })
  await new Promise((resolve) => stub.listen(0, '127.0.0.1', resolve))
  return { server: stub, port: stub.address().port, requests }
}

const stub = stubThirdParty ? await startThirdPartyStub() : null
const server = createStaticServer({ root: buildDir, host: '127.0.0.1', port: 0 })
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
const base = `http://127.0.0.1:${server.address().port}`
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    ...CHROME_FLAGS,
    ...(stub
      ? [
          `--host-resolver-rules=MAP * 127.0.0.1:${stub.port}, EXCLUDE 127.0.0.1`,
          '--ignore-certificate-errors',
        ]
      : ['--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1']),
  ],
  logLevel: 'error',
})
const loadBefore = loadavg()

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
    if (lhrDir) {
      await mkdir(lhrDir, { recursive: true })
      const name = page.replace(/^\/|\/$/g, '').replace(/\//g, '_') || 'index'
      await writeFile(path.join(lhrDir, `${name}.json`), JSON.stringify(result.lhr))
    }
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
  if (stub) await new Promise((resolve) => stub.server.close(resolve))
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
    `(mobile preset, simulated throttling) on ${buildDir}, ${((Date.now() - started) / 1000).toFixed(0)} s, ` +
    `load average ${loadBefore[0].toFixed(2)} -> ${loadavg()[0].toFixed(2)}, third-party hosts ` +
    (stub ? 'answered by a local stub' : 'unresolvable') +
    '\n' +
    [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n'),
)
for (const r of results)
  if (r.failedAudits.length) console.log(`${r.page}: audits under 90: ${r.failedAudits.join(', ')}`)
if (stub) {
  // Chromium's own background requests (updates, accounts) carry no referrer: not the page's.
  const fromPages = stub.requests.filter((r) => r.referer.startsWith(base))
  console.log(
    `third-party requests of the pages answered by the stub: ${[...new Set(fromPages.map((r) => r.url))].join(', ') || 'none'}` +
      ` (and ${stub.requests.length - fromPages.length} of Chromium itself)`,
  )
}
if (jsonOut) await writeFile(jsonOut, JSON.stringify(results, null, 2) + '\n')
