#!/usr/bin/env node
// Weight budgets of the built docs site (a quality gate). Reads the built files, no browser:
//
//   initial JS   per docs page: the entry script (`<script type="module" src>`) plus every chunk
//                it imports statically (the page's `modulepreload` links, and the static-import
//                closure of the entry, in case a preload is missing), gzip        <= 70 KB
//   CSS          per docs page: its local stylesheets, gzip                          <= 15 KB
//   HTML         the page itself, gzip: median of the docs pages                    <= 30 KB
//                                       and every docs page                         <= 60 KB
//   page chrome  the page's HTML minus its article's HTML (the `html` of its page
//                data), raw bytes: what a page carries besides its content         <= 40 KB
//   search       the two `search-*.json` files at the root together, gzip           <= 150 KB
//
// "Docs pages" are the HTML pages under /docs/ that are not redirect pages. Sizes are gzip at
// level 6 (what a server compresses on the fly), in KB of 1024 bytes.
//
// Usage: node e2e/scripts/budgets.mjs [buildDir]   (default: $SSG_GATES_BUILD or sites/docs/build)
// Prints the figures as a table; exits 1 when a budget is exceeded, 2 when the site is missing.
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

export const BUDGETS = {
  initialJs: 70 * 1024,
  css: 15 * 1024,
  htmlMedian: 30 * 1024,
  htmlMax: 60 * 1024,
  aboveArticle: 40 * 1024,
  search: 150 * 1024,
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

const gzipCache = new Map()
/** gzip size of a file of the build, cached. */
function gz(file) {
  let size = gzipCache.get(file)
  if (size === undefined) {
    size = gzipSync(readFileSync(file), { level: 6 }).length
    gzipCache.set(file, size)
  }
  return size
}

const kb = (bytes) => (bytes / 1024).toFixed(1)

function htmlFiles(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => path.join(e.parentPath, e.name))
    .sort()
}

function routeOf(buildDir, file) {
  const rel = '/' + path.relative(buildDir, file).split(path.sep).join('/')
  return rel.endsWith('/index.html')
    ? rel.slice(0, -'index.html'.length)
    : rel.replace(/\.html$/, '')
}

/** The file of the build a site-absolute URL points to (query and hash dropped), or null. */
function localFile(buildDir, url) {
  if (!url.startsWith('/') || url.startsWith('//')) return null
  const file = path.join(buildDir, decodeURIComponent(url.split(/[?#]/)[0]))
  return existsSync(file) ? file : null
}

const attr = (tag, name) => tag.match(new RegExp(`\\s${name}\\s*=\\s*"([^"]*)"`, 'i'))?.[1]

/** Specifiers of the static `import`/`export ... from` statements of an ES module (not `import()`). */
function staticImports(code) {
  const out = []
  for (const m of code.matchAll(/\bimport\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["']([^"']+)["']/g))
    out.push(m[1])
  for (const m of code.matchAll(
    /\bexport\s*(?:\*(?:\s*as\s+[\w$]+)?|\{[^}]*\})\s*from\s*["']([^"']+)["']/g,
  ))
    out.push(m[1])
  return out
}

/** The entry module and every module it imports statically, transitively (files of the build). */
function staticClosure(entry) {
  const seen = new Set()
  const walk = (file) => {
    if (seen.has(file) || !existsSync(file)) return
    seen.add(file)
    for (const spec of staticImports(readFileSync(file, 'utf8'))) {
      if (spec.startsWith('.')) walk(path.resolve(path.dirname(file), spec))
    }
  }
  walk(entry)
  return seen
}

/** The page-data file of a route (as `dataFileOf` in @ssg/core). */
function dataFileOf(buildDir, route) {
  const rel = route.replace(/^\//, '')
  return path.join(
    buildDir,
    '_ssg/data',
    (rel === '' || rel.endsWith('/') ? rel + 'index' : rel) + '.json',
  )
}

/** Raw bytes of a page's HTML beyond its article's (null when it has no page data). */
function aboveArticle(buildDir, route, html) {
  const data = dataFileOf(buildDir, route)
  if (!existsSync(data)) return null
  const article = JSON.parse(readFileSync(data, 'utf8')).html ?? ''
  return Buffer.byteLength(html) - Buffer.byteLength(article)
}

/** Measures one HTML page: its gzip size, its initial JS and its CSS. */
function measurePage(buildDir, file) {
  const html = readFileSync(file, 'utf8')
  const tags = html.match(/<(?:script|link)\b[^>]*>/gi) ?? []
  const entries = []
  const preloads = []
  const css = []
  for (const tag of tags) {
    const lower = tag.toLowerCase()
    if (lower.startsWith('<script') && attr(tag, 'type') === 'module' && attr(tag, 'src'))
      entries.push(attr(tag, 'src'))
    if (lower.startsWith('<link')) {
      const rel = (attr(tag, 'rel') ?? '').toLowerCase().split(/\s+/)
      if (rel.includes('modulepreload')) preloads.push(attr(tag, 'href'))
      if (rel.includes('stylesheet')) css.push(attr(tag, 'href'))
    }
  }
  const js = new Set()
  const missingPreloads = []
  for (const url of entries) {
    const f = localFile(buildDir, url)
    if (!f) continue
    for (const m of staticClosure(f)) {
      js.add(m)
      if (m !== f && !preloads.some((p) => localFile(buildDir, p) === m))
        missingPreloads.push(path.relative(buildDir, m))
    }
  }
  for (const url of preloads) {
    const f = localFile(buildDir, url)
    if (f) js.add(f)
  }
  const cssFiles = new Set(css.map((u) => localFile(buildDir, u)).filter(Boolean))
  const route = routeOf(buildDir, file)
  return {
    route,
    redirect: /<meta\s+http-equiv="refresh"/i.test(html),
    html: gz(file),
    aboveArticle: aboveArticle(buildDir, route, html) ?? 0,
    js: [...js].reduce((n, f) => n + gz(f), 0),
    jsFiles: js.size,
    css: [...cssFiles].reduce((n, f) => n + gz(f), 0),
    missingPreloads,
  }
}

function median(values) {
  const s = [...values].sort((a, b) => a - b)
  if (!s.length) return 0
  const mid = Math.floor(s.length / 2)
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2
}

function table(head, rows) {
  const cells = [head, ...rows.map((r) => r.map(String))]
  const widths = head.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)))
  const line = (r) =>
    r
      .map((c, i) => c.padEnd(widths[i]))
      .join('  ')
      .trimEnd()
  return [
    line(cells[0]),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...cells.slice(1).map(line),
  ].join('\n')
}

/**
 * Measures a built site against the budgets. Returns the figures, the table and the failures.
 * `search: false` leaves out the search files (a site checked for its pages only).
 */
export function checkBudgets(buildDir, budgets = BUDGETS, { search = true } = {}) {
  const pages = htmlFiles(buildDir).map((f) => measurePage(buildDir, f))
  const docs = pages.filter((p) => p.route.startsWith('/docs/') && !p.redirect)
  const failures = []
  if (!docs.length) failures.push(`no docs pages found under ${buildDir}/docs`)
  const worst = (key) =>
    docs.reduce((a, b) => (b[key] > a[key] ? b : a), docs[0] ?? { route: '-', [key]: 0 })
  const over = (key, limit) => docs.filter((p) => p[key] > limit)

  const rows = []
  const metric = (name, budget, values, worstPage, failed) => {
    rows.push([
      name,
      `${kb(budget)} KB`,
      `${kb(median(values))} KB`,
      `${kb(worstPage.value)} KB`,
      worstPage.route,
      failed ? 'OVER' : 'ok',
    ])
  }

  for (const [key, name, budget] of [
    ['js', 'initial JS per docs page', budgets.initialJs],
    ['css', 'CSS per docs page', budgets.css],
    ['aboveArticle', 'HTML beyond the article, raw', budgets.aboveArticle],
  ]) {
    const bad = over(key, budget)
    const w = worst(key)
    metric(
      name,
      budget,
      docs.map((p) => p[key]),
      { value: w[key], route: w.route },
      bad.length > 0,
    )
    if (bad.length)
      failures.push(
        `${name} over ${kb(budget)} KB gzip on ${bad.length} page(s): ${bad
          .slice(0, 10)
          .map((p) => `${p.route} (${kb(p[key])} KB)`)
          .join(', ')}${bad.length > 10 ? ', ...' : ''}`,
      )
  }

  const notes = []
  let searchSize = 0
  const htmlSizes = docs.map((p) => p.html)
  const wHtml = worst('html')
  const htmlMedian = median(htmlSizes)
  rows.push([
    'HTML per docs page, median',
    `${kb(budgets.htmlMedian)} KB`,
    `${kb(htmlMedian)} KB`,
    '',
    '',
    htmlMedian > budgets.htmlMedian ? 'OVER' : 'ok',
  ])
  if (htmlMedian > budgets.htmlMedian)
    failures.push(
      `median HTML of the docs pages is ${kb(htmlMedian)} KB gzip, over ${kb(budgets.htmlMedian)} KB`,
    )
  const bigHtml = over('html', budgets.htmlMax)
  rows.push([
    'HTML per docs page, max',
    `${kb(budgets.htmlMax)} KB`,
    `${kb(htmlMedian)} KB`,
    `${kb(wHtml?.html ?? 0)} KB`,
    wHtml?.route ?? '-',
    bigHtml.length ? 'OVER' : 'ok',
  ])
  if (bigHtml.length)
    failures.push(
      `HTML over ${kb(budgets.htmlMax)} KB gzip: ${bigHtml.map((p) => `${p.route} (${kb(p.html)} KB)`).join(', ')}`,
    )

  if (!search) return finish()

  // A large site's index is split (search-indexer/src/split.ts): the two main files load on first
  // use, and a query then loads the parts of its terms and results (search-*-<ts>-<k>.json).
  const allSearch = readdirSync(buildDir).filter((f) => /^search-.*\.json$/.test(f))
  const searchFiles = allSearch.filter((f) => /^search-(doc|index)-\d+\.json$/.test(f)).sort()
  const partFiles = allSearch.filter((f) => !searchFiles.includes(f))
  searchSize = searchFiles.reduce((n, f) => n + gz(path.join(buildDir, f)), 0)
  rows.push([
    partFiles.length ? 'search main files together' : 'search files together',
    `${kb(budgets.search)} KB`,
    '',
    `${kb(searchSize)} KB`,
    searchFiles.join(' + ') || '(none)',
    searchSize > budgets.search ? 'OVER' : 'ok',
  ])
  if (searchSize > budgets.search)
    failures.push(
      `search files ${searchFiles.join(' + ')}: ${kb(searchSize)} KB gzip together, over ${kb(budgets.search)} KB`,
    )
  if (searchFiles.length !== 2)
    failures.push(
      `expected a search-doc-<time>.json and a search-index-<time>.json at the root of ${buildDir}, found ${searchFiles.join(', ') || 'none'}`,
    )
  const searchParts = partFiles.length
    ? (() => {
        const sizes = partFiles.map((f) => ({ f, size: gz(path.join(buildDir, f)) }))
        const largest = sizes.reduce((a, b) => (b.size > a.size ? b : a))
        return `search index split into ${partFiles.length} parts loaded by query, largest ${largest.f} ${kb(largest.size)} KB (not gated)`
      })()
    : null

  if (searchParts) notes.push(searchParts)
  return finish()

  function finish() {
    const missing = [...new Set(docs.flatMap((p) => p.missingPreloads))]
    if (missing.length)
      notes.push(`statically imported but not preloaded (counted anyway): ${missing.join(', ')}`)
    const landing = pages.find((p) => p.route === '/')
    if (landing)
      notes.push(
        `landing page /: initial JS ${kb(landing.js)} KB, CSS ${kb(landing.css)} KB, HTML ${kb(landing.html)} KB (not gated)`,
      )
    const heaviest = [...docs].sort((a, b) => b.html - a.html).slice(0, 5)
    notes.push(
      `heaviest docs pages (HTML gzip): ${heaviest.map((p) => `${p.route} ${kb(p.html)} KB`).join(', ')}`,
    )

    const text =
      `budgets: ${docs.length} docs pages of ${buildDir} (gzip level 6)\n` +
      table(['budget', 'limit', 'median', 'max', 'max at', 'status'], rows) +
      '\n' +
      notes.join('\n')
    return { docsPages: docs.length, pages: docs, searchSize, htmlMedian, failures, text }
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const buildDir = path.resolve(
    process.argv[2] ?? process.env.SSG_GATES_BUILD ?? path.join(repoRoot, 'sites/docs/build'),
  )
  if (!existsSync(buildDir)) {
    console.error(`budgets: no build at ${buildDir}: run pnpm build first`)
    process.exit(2)
  }
  const { text, failures } = checkBudgets(buildDir)
  console.log(text)
  if (failures.length) {
    console.error(`\nbudgets: ${failures.length} budget(s) exceeded:\n  ${failures.join('\n  ')}`)
    process.exit(1)
  }
  console.log('\nbudgets: all within budget')
}
