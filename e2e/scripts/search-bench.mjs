#!/usr/bin/env node
// Search at scale in headless Chromium: what the first use of search downloads and how long a
// query takes, on the synthetic 10,000-page corpus of packages/search-indexer/bench (50,000
// sections). A benchmark that prints figures, not a test.
//
//   node e2e/scripts/search-bench.mjs [dir ...] [--profile[=typed]] [--queries=N (the first N)]
//
// Each `dir` holds a corpus's search files, `browser.mjs` (the loader, bundled) and
// `queries.json`, as `node packages/search-indexer/bench/search-bench.mjs` writes them
// (SEARCH_BENCH_OUT names the folder). Without a dir, that script builds one in
// $TMPDIR/search-bench-10000 (kept for the next run). Several dirs (a checkout before and after a
// change) are measured in the same browser, in turn, so that their figures compare.
//
// For each of the 200 queries, a reader types it a letter at a time into a fresh search (each
// prefix prepared, then searched: what the search box does), which gives:
//   - first use: gzip bytes of every file fetched (main files and parts, not the code), for the
//     whole query typed, and pasted at once;
//   - typed: the time of `search(prefix)` for every prefix of 1 letter or more, just after its
//     parts arrived (p50/p95 over all prefixes; it reuses the ranking `prepare` made, where the
//     loader does), of the same query ranked anew (other options), and of `prepare(prefix)`
//     (loading and decoding parts, the files served from this machine, and ranking), and of the
//     `loadSearch` before (main files);
// then, with every query's parts loaded in one search, every prefix searched in turn, 5 times
// over (warm: p50/p95 over all runs). `--profile` records a CPU profile of the warm runs (Chrome DevTools
// Protocol; `--profile=typed`: of the typing) and prints the functions with the most self time.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { chromium } from 'playwright-core'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const args = process.argv.slice(2)
// --profile: the warm runs; --profile=typed: the typing into fresh searches (parts loading too).
const profile = args.find((arg) => arg.startsWith('--profile'))?.slice(10) ?? null
const only = Number(args.find((arg) => arg.startsWith('--queries='))?.slice(10) ?? Infinity)
let dirs = args.filter((arg) => !arg.startsWith('--'))
if (dirs.length === 0) {
  const out = path.join(tmpdir(), 'search-bench-10000')
  if (!existsSync(path.join(out, 'files.json'))) {
    execFileSync(
      process.execPath,
      [path.join(repoRoot, 'packages/search-indexer/bench/search-bench.mjs')],
      { env: { ...process.env, SEARCH_BENCH_OUT: out }, stdio: 'inherit' },
    )
  }
  dirs = [out]
}

// One server for all dirs: /<k>/<file> is dirs[k]/<file>; /bench.html runs nothing by itself.
const server = createServer((request, response) => {
  const url = new URL(request.url, 'http://x')
  if (url.pathname === '/bench.html') {
    response.writeHead(200, { 'content-type': 'text/html' })
    return response.end('<!doctype html><title>search bench</title>')
  }
  const [, k, ...rest] = url.pathname.split('/')
  const file = path.join(dirs[Number(k)] ?? '/nonexistent', ...rest)
  if (!existsSync(file)) {
    response.writeHead(404)
    return response.end()
  }
  const type = file.endsWith('.mjs') ? 'text/javascript' : 'application/json'
  response.writeHead(200, { 'content-type': type })
  response.end(readFileSync(file))
})
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
const origin = `http://127.0.0.1:${server.address().port}`

const gzipped = new Map()
const gzipBytes = (dir, file) => {
  const key = path.join(dir, file)
  if (!gzipped.has(key)) gzipped.set(key, gzipSync(readFileSync(key)).byteLength)
  return gzipped.get(key)
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
})

/** Runs in the page: types every query into fresh searches, then times a warm search. */
async function inPage({ base, queries, warmRuns }) {
  const files = await (await fetch(base + 'files.json')).json()
  const { loadSearch } = await import(base + 'browser.mjs')
  const urls = { docUrl: base + files.docFile, indexUrl: base + files.indexFile }
  const prefixesOf = (query) => [...query].map((_, k) => query.slice(0, k + 1))
  const counting = () => {
    const fetched = []
    const fetchFile = (url) => {
      fetched.push(url.slice(base.length))
      return fetch(url)
    }
    return { fetched, fetchFile }
  }
  const firstUse = []
  const typed = []
  const anew = []
  const prepared = []
  const loads = []
  for (const query of queries) {
    const typing = counting()
    const start = performance.now()
    const search = await loadSearch({ ...urls, fetch: typing.fetchFile })
    loads.push(performance.now() - start)
    for (const prefix of prefixesOf(query)) {
      let start = performance.now()
      await search.prepare(prefix, { limit: 10 })
      prepared.push(performance.now() - start)
      start = performance.now()
      search.search(prefix, { limit: 10 })
      typed.push({ length: prefix.trim().length, ms: performance.now() - start })
      // The same query ranked anew (other options: prepare's ranking not reused).
      start = performance.now()
      search.search(prefix, { limit: 10, sectionsPerPage: 2 })
      anew.push({ length: prefix.trim().length, ms: performance.now() - start })
    }
    const pasting = counting()
    const pasted = await loadSearch({ ...urls, fetch: pasting.fetchFile })
    await pasted.prepare(query, { limit: 10 })
    pasted.search(query, { limit: 10 })
    firstUse.push({ typed: typing.fetched, pasted: pasting.fetched })
  }
  const search = await loadSearch(urls)
  const all = queries.flatMap(prefixesOf)
  for (const query of all) await search.prepare(query, { limit: 10 })
  for (const query of all.slice(0, 50)) search.search(query, { limit: 10 })
  window.warm = async () => {
    const warm = []
    let empty = 0
    // Every prefix in turn, then again: a query searched twice in a row would reuse its ranking.
    for (let run = 0; run < warmRuns; run++) {
      for (const query of all) {
        const start = performance.now()
        const results = search.search(query, { limit: 10 })
        warm.push({ length: query.trim().length, ms: performance.now() - start })
        if (run === 0 && results.length === 0) empty++
      }
    }
    return { warm, empty }
  }
  return { firstUse, typed, anew, prepared, loads }
}

const at = (list, p) => {
  const sorted = [...list].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}
const ms = (value) => `${value.toFixed(2)} ms`
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`
const spread = (list) =>
  `p50 ${ms(at(list, 50))}, p95 ${ms(at(list, 95))}, max ${ms(at(list, 100))}`

console.log(
  `search bench: Chromium ${browser.version()}, load ${loadavg()[0].toFixed(1)}, ${dirs.length} checkout(s)`,
)
for (const [k, dir] of dirs.entries()) {
  const queries = JSON.parse(readFileSync(path.join(dir, 'queries.json'), 'utf8')).slice(0, only)
  const page = await browser.newPage()
  await page.goto(origin + '/bench.html')
  const cdp = profile === null ? null : await page.context().newCDPSession(page)
  const startProfile = async (phase) => {
    if (profile !== phase) return
    await cdp.send('Profiler.enable')
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 })
    await cdp.send('Profiler.start')
  }
  const stopProfile = async (phase) =>
    profile === phase ? (await cdp.send('Profiler.stop')).profile : null
  await startProfile('typed')
  const figures = await page.evaluate(inPage, { base: `/${k}/`, queries, warmRuns: 5 })
  const typedProfile = await stopProfile('typed')
  await startProfile('')
  const { warm, empty } = await page.evaluate(() => window.warm())
  const cpuProfile = (await stopProfile('')) ?? typedProfile
  await page.close()

  const bytes = (list) => list.reduce((n, file) => n + gzipBytes(dir, file), 0)
  const typedBytes = figures.firstUse.map((use) => bytes(use.typed))
  const pastedBytes = figures.firstUse.map((use) => bytes(use.pasted))
  const code = gzipBytes(dir, 'browser.mjs')
  const short = (list, max) => list.filter((t) => t.length <= max).map((t) => t.ms)
  console.log(`\n[${k}] ${dir}`)
  console.log(
    `  first use, gzip (files; + ${kb(code)} of code): typed a letter at a time median ${kb(at(typedBytes, 50))}, ` +
      `p95 ${kb(at(typedBytes, 95))}, max ${kb(at(typedBytes, 100))}; pasted median ${kb(at(pastedBytes, 50))}, max ${kb(at(pastedBytes, 100))} (${queries.length} queries)`,
  )
  console.log(
    `  typed, search() after its parts: ${spread(figures.typed.map((t) => t.ms))} (${figures.typed.length} prefixes); 1-4 letters: ${spread(short(figures.typed, 4))}`,
  )
  console.log(
    `  typed, search() ranked anew after its parts (sectionsPerPage 2): ${spread(figures.anew.map((t) => t.ms))}; 1-4 letters: ${spread(short(figures.anew, 4))}`,
  )
  console.log(`  typed, prepare() (parts from this machine): ${spread(figures.prepared)}`)
  console.log(`  loadSearch() (main files from this machine): ${spread(figures.loads)}`)
  console.log(
    `  warm, search(): ${spread(warm.map((t) => t.ms))} (${warm.length} runs, ${empty} prefixes without results); 1-4 letters: ${spread(short(warm, 4))}`,
  )
  if (cpuProfile) printProfile(cpuProfile)
}
await browser.close()
server.close()

/** The functions with the most self time in a CPU profile. */
function printProfile({ nodes, samples, timeDeltas }) {
  const byId = new Map(nodes.map((node) => [node.id, node]))
  const self = new Map()
  const lines = new Map()
  for (const node of nodes) {
    for (const { line, ticks } of node.positionTicks ?? []) {
      const where = `${node.callFrame.url.split('/').pop()}:${line}`
      lines.set(where, (lines.get(where) ?? 0) + ticks)
    }
  }
  let total = 0
  samples.forEach((id, k) => {
    const { functionName, url, lineNumber } = byId.get(id).callFrame
    const name = `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber + 1}`
    self.set(name, (self.get(name) ?? 0) + timeDeltas[k])
    total += timeDeltas[k]
  })
  console.log(
    `  CPU profile of the ${profile || 'warm'} runs, self time (${(total / 1000).toFixed(0)} ms):`,
  )
  for (const [name, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25))
    console.log(`    ${((us / total) * 100).toFixed(1).padStart(5)}%  ${name}`)
  const ticks = [...lines.values()].reduce((a, b) => a + b, 0)
  console.log(`  lines with the most samples:`)
  for (const [where, n] of [...lines].sort((a, b) => b[1] - a[1]).slice(0, 15))
    console.log(`    ${((n / ticks) * 100).toFixed(1).padStart(5)}%  ${where}`)
}
