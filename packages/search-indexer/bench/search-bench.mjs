// Search benchmark: `node bench/search-bench.mjs [pages] [--max-postings=N] [--no-split]`. Builds dist/ and a browser bundle of
// the loader, indexes a synthetic corpus (bench/corpus.mjs: 10,000 pages x 5 sections), prints
// the build time, both files' sizes raw and gzip, then, in a fresh process (so that the build's
// garbage does not count), the load time and query latency p50/p95 over 200 queries.
// The files stay in the printed folder for the Chromium run (e2e/tests/search).
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'
import { makeCorpus, makeQueries } from './corpus.mjs'

const root = new URL('..', import.meta.url).pathname

if (process.argv[2] === '--query') {
  await queryBench(process.argv[3])
} else {
  const maxPostings = process.argv.find((arg) => arg.startsWith('--max-postings='))?.slice(15)
  const split = process.argv.includes('--no-split') ? false : undefined
  const pages = process.argv.slice(2).find((arg) => !arg.startsWith('--'))
  await buildBench(
    Number(pages ?? 10_000),
    maxPostings === undefined ? undefined : Number(maxPostings),
    split,
  )
}

async function buildBench(pageCount, maxPostings, split) {
  execFileSync('node', ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' })
  // SEARCH_BENCH_OUT names the folder to write (the Chromium run in e2e/tests/search reads it).
  const out = process.env.SEARCH_BENCH_OUT ?? mkdtempSync(join(tmpdir(), 'search-bench-'))
  mkdirSync(out, { recursive: true })
  await build({
    entryPoints: [join(root, 'src/browser.ts')],
    outfile: join(out, 'browser.mjs'),
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    minify: true,
    logLevel: 'warning',
  })
  const { buildSearchIndex } = await import(join(root, 'dist/index.js'))
  const corpus = makeCorpus({ pages: pageCount })
  const sections = corpus.pages.reduce((n, page) => n + page.sections.length, 0)
  const start = performance.now()
  const cpu = process.cpuUsage()
  const files = buildSearchIndex({ pages: corpus.pages, now: () => new Date(), maxPostings, split })
  const { user } = process.cpuUsage(cpu)
  const buildMs = performance.now() - start

  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`
  const size = (json) => ({ raw: Buffer.byteLength(json), gzip: gzipSync(json).byteLength })
  const doc = size(files.docJson)
  const index = size(files.indexJson)
  writeFileSync(join(out, files.docFile), files.docJson)
  writeFileSync(join(out, files.indexFile), files.indexJson)
  for (const part of files.parts) writeFileSync(join(out, part.file), part.json)
  const partBytes = files.parts.reduce((n, part) => n + gzipSync(part.json).byteLength, 0)
  writeFileSync(join(out, 'queries.json'), JSON.stringify(makeQueries(corpus)))
  writeFileSync(
    join(out, 'files.json'),
    JSON.stringify({
      docFile: files.docFile,
      indexFile: files.indexFile,
      parts: files.parts.length,
    }),
  )
  console.log(`corpus           ${pageCount} pages, ${sections} sections`)
  console.log(
    `buildSearchIndex ${(buildMs / 1000).toFixed(2)} s (${(user / 1e6).toFixed(2)} s CPU)`,
  )
  console.log(`doc file         ${kb(doc.raw)} raw, ${kb(doc.gzip)} gzip`)
  console.log(`index file       ${kb(index.raw)} raw, ${kb(index.gzip)} gzip`)
  if (files.parts.length > 0)
    console.log(`part files       ${files.parts.length}, ${kb(partBytes)} gzip in all`)
  else
    console.log(
      `both             ${kb(doc.raw + index.raw)} raw, ${kb(doc.gzip + index.gzip)} gzip`,
    )
  execFileSync('node', [new URL(import.meta.url).pathname, '--query', out], { stdio: 'inherit' })
  console.log(`files in         ${out}`)
}

async function queryBench(dir) {
  const { loadSearch } = await import(join(dir, 'browser.mjs'))
  const { docFile, indexFile, parts } = JSON.parse(readFileSync(join(dir, 'files.json'), 'utf8'))
  const queries = JSON.parse(readFileSync(join(dir, 'queries.json'), 'utf8'))
  // A fetch that reads the folder, and counts the gzip bytes a reader would download.
  const gzipped = new Map()
  const reader = () => {
    const state = { bytes: 0, files: 0 }
    const fetch = async (url) => {
      const text = readFileSync(join(dir, url), 'utf8')
      if (!gzipped.has(url)) gzipped.set(url, gzipSync(text).byteLength)
      state.bytes += gzipped.get(url)
      state.files++
      return { ok: true, status: 200, statusText: 'OK', text: async () => text }
    }
    return { state, fetch }
  }
  const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`

  let start = performance.now()
  const { state: total, fetch } = reader()
  const search = await loadSearch({ docUrl: docFile, indexUrl: indexFile, fetch })
  const loadMs = performance.now() - start
  const mainBytes = total.bytes
  if (parts > 0) {
    // First use: a fresh reader types one query; what does it download? (20 queries) Either the
    // query at once (pasted), or typed a character at a time with each prefix searched, as the
    // search box does while the reader types.
    const firstUse = { pasted: [], typed: [] }
    for (const query of queries.filter((_, k) => k % 10 === 0)) {
      for (const how of ['pasted', 'typed']) {
        const { state, fetch: counting } = reader()
        const fresh = await loadSearch({ docUrl: docFile, indexUrl: indexFile, fetch: counting })
        const prefixes = how === 'typed' ? [...query].map((_, k) => query.slice(0, k + 1)) : [query]
        for (const prefix of prefixes) await fresh.prepare(prefix, { limit: 10 })
        firstUse[how].push(state.bytes)
      }
    }
    const median = (list) => list.sort((a, b) => a - b)[list.length >> 1]
    const max = (list) => Math.max(...list)
    console.log(
      `split            ${parts} part files; main files ${kb(mainBytes)} gzip; first use ` +
        `(main files + the parts of one query) median ${kb(median(firstUse.pasted))}, max ` +
        `${kb(max(firstUse.pasted))} gzip; typed a letter at a time: median ` +
        `${kb(median(firstUse.typed))}, max ${kb(max(firstUse.typed))} (${firstUse.typed.length} queries)`,
    )
    // Load every query's parts before timing: the figures are for a warm index.
    for (const query of queries) await search.prepare(query, { limit: 10 })
  }
  for (const query of queries.slice(0, 20)) search.search(query) // warm up the JIT
  // Five runs of each of the 200 queries, wall time and this thread's CPU time. Every run
  // counts for "all runs"; "best of 5" keeps each query's fastest run, which leaves out the
  // pauses other processes cause on a busy machine.
  const wall = []
  const cpu = []
  const best = []
  let empty = 0
  // Every query in turn, five times over: a query searched twice in a row reuses its ranking.
  const fastest = queries.map(() => Infinity)
  for (let run = 0; run < 5; run++) {
    queries.forEach((query, k) => {
      start = performance.now()
      const before = process.cpuUsage()
      const results = search.search(query, { limit: 10 })
      const used = process.cpuUsage(before).user / 1000
      cpu.push(used)
      wall.push(performance.now() - start)
      fastest[k] = Math.min(fastest[k], used)
      if (run === 0 && results.length === 0) empty++
    })
  }
  best.push(...fastest)
  const at = (times, p) => {
    const sorted = [...times].sort((a, b) => a - b)
    return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))].toFixed(2)
  }
  console.log(`load (main files) ${loadMs.toFixed(0)} ms`)
  console.log(
    `query (Node)     all runs: wall p50 ${at(wall, 50)} ms, p95 ${at(wall, 95)} ms, ` +
      `CPU p50 ${at(cpu, 50)} ms, p95 ${at(cpu, 95)} ms; best of 5: CPU p50 ${at(best, 50)} ms, ` +
      `p95 ${at(best, 95)} ms (${queries.length} queries, ${empty} without results)`,
  )
}
