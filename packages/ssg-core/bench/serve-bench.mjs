// `pnpm --filter @ssg/core bench:serve`: the authoring loop of `ssg serve`. Starts the dev server
// on a copy of the docs site and on a synthetic 10,000-page corpus, edits one page 50 times and
// measures the time from the file write to the reload push received by a server-sent events
// client (median and p95), then RSS and heap over 1,000 edits. Uses dist/: build first.
//
//   BENCH_SERVE_PAGES=10000  corpus size        BENCH_SERVE_EDITS=50     timed edits
//   BENCH_SERVE_MEMORY=1000  edits for memory   BENCH_SERVE_SITES=docs,corpus
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { request } from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { generateCorpus } from './corpus.mjs'

// A GC before each memory sample (not --expose-gc: worker threads refuse that flag).
setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc')

const here = path.dirname(fileURLToPath(import.meta.url))
const repo = path.resolve(here, '../../..')
const out = path.join(repo, 'bench-out')
const pages = Number(process.env.BENCH_SERVE_PAGES ?? 10000)
const timedEdits = Number(process.env.BENCH_SERVE_EDITS ?? 50)
const memoryEdits = Number(process.env.BENCH_SERVE_MEMORY ?? 1000)
const sites = (process.env.BENCH_SERVE_SITES ?? 'docs,corpus').split(',')
// chokidar drops a second change of a file within 50 ms of the first: a person saves less often.
const PAUSE_MS = 70

const { startDevServer } = await import(path.join(here, '../dist/index.js')).catch(() => {
  console.error('bench:serve needs dist/: run `node scripts/build.mjs` in packages/ssg-core first')
  process.exit(1)
})

/** A copy of the docs site (the writers' files are never edited), resolving the workspace's packages. */
async function docsCopy() {
  const dir = path.join(out, 'serve-docs')
  await rm(path.join(dir, 'content'), { recursive: true, force: true })
  await mkdir(dir, { recursive: true })
  for (const name of ['content', 'static', 'ssg.config.ts', 'package.json'])
    await cp(path.join(repo, 'sites/docs', name), path.join(dir, name), { recursive: true })
  return { root: dir, file: 'content/docs/concepts/index.md' }
}

/** The synthetic corpus, generated once per size (its page cache makes later starts warm). */
async function corpus() {
  const dir = path.join(out, `serve-corpus-${pages}`)
  const marker = path.join(dir, '.complete')
  if (!existsSync(marker)) {
    console.log(`generating a ${pages}-page corpus in ${path.relative(process.cwd(), dir)} ...`)
    await generateCorpus(dir, pages)
    await writeFile(marker, String(pages))
  }
  const n = Math.floor(pages / 2)
  return { root: dir, file: `content/docs/section-${Math.floor(n / 50)}/page-${n}.md` }
}

function events(url) {
  return new Promise((resolve, reject) => {
    const listeners = new Set()
    const req = request(new URL('/__ssg/events', url), (res) => {
      let buffer = ''
      res.setEncoding('utf8')
      res.on('data', (chunk) => {
        buffer += chunk
        let end
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          const line = block.split('\n').find((l) => l.startsWith('data: '))
          if (!line) continue
          const event = JSON.parse(line.slice(6))
          const at = performance.now()
          for (const listener of listeners) listener(event, at)
        }
      })
      resolve({
        /** Resolves with the next event that matches, with its arrival time as `at`. */
        next(match, timeoutMs = 30_000) {
          return new Promise((done, fail) => {
            const timer = setTimeout(() => {
              listeners.delete(listener)
              fail(new Error(`no reload push within ${timeoutMs} ms`))
            }, timeoutMs)
            const listener = (event, at) => {
              if (!match(event)) return
              clearTimeout(timer)
              listeners.delete(listener)
              done({ ...event, at })
            }
            listeners.add(listener)
          })
        },
        close: () => req.destroy(),
      })
    })
    req.on('error', reject)
    req.end()
  })
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms))
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
const mib = (bytes) => Math.round(bytes / 1024 / 1024)

function memory() {
  gc()
  const { rss, heapUsed } = process.memoryUsage()
  return { rss, heapUsed }
}

async function run(name, { root, file }) {
  const lines = []
  const started = performance.now()
  const server = await startDevServer({
    root,
    port: 0,
    logger: { info: (l) => lines.push(l), error: (l) => lines.push(l) },
  })
  await server.site.warmUp
  const ready = performance.now() - started
  const stream = await events(server.url)
  const absolute = path.join(root, file)
  const original = await readFile(absolute, 'utf8')
  const route = server.site.state.pages.find((p) => p.file === file)?.route
  if (!route) throw new Error(`${file} is not a page of ${root}`)
  const routeUrl = new URL(route.slice(1), server.url)
  const reloads = (event) =>
    event.type === 'update' && (event.reload === 'all' || event.reload?.includes(route))
  let edit = 0
  let unrelated = 0
  const showsMarker = async (marker) => (await (await fetch(routeUrl)).text()).includes(marker)
  /** One edit: write -> push, and write -> the new document received (what a reload fetches). */
  const editOnce = async (fetchPage = false) => {
    const marker = `bench-edit-${++edit}`
    const t0 = performance.now()
    let t1 = NaN
    const written = writeFile(absolute, `${original}\nParagraph ${marker}.\n`)
    // A push naming the page is the edit's. A push for every page may be an unrelated change
    // (the theme being rebuilt meanwhile): it counts only when the page shows the edit already.
    for (;;) {
      const event = await stream.next(reloads)
      t1 = event.at
      if (event.reload !== 'all' || (await showsMarker(marker))) break
      unrelated++
    }
    await written
    let served = NaN
    if (fetchPage) {
      if (!(await showsMarker(marker)))
        throw new Error(
          `${route} does not show ${marker} after its push\n${lines.slice(-8).join('\n')}`,
        )
      served = performance.now() - t0
    }
    await sleep(PAUSE_MS)
    return { ms: t1 - t0, served }
  }
  try {
    // Warm-up: the first edit creates the processor's caches.
    for (let i = 0; i < 3; i++) await editOnce()
    const times = []
    const served = []
    const handled = []
    const onLine = lines.length
    for (let i = 0; i < timedEdits; i++) {
      const result = await editOnce(true)
      times.push(result.ms)
      served.push(result.served)
    }
    for (const line of lines.slice(onLine)) {
      const match = /compiled 1 file, updated 1 page in (\d+) ms/.exec(line)
      if (match) handled.push(Number(match[1]))
    }
    const summary = (list) => {
      list.sort((a, b) => a - b)
      return `median ${quantile(list, 0.5).toFixed(1)} ms, p95 ${quantile(list, 0.95).toFixed(1)} ms (min ${list[0].toFixed(1)}, max ${list.at(-1).toFixed(1)})`
    }
    console.log(
      `${name.padEnd(14)} ${String(server.site.size).padStart(6)} pages, ready in ${(ready / 1000).toFixed(1)} s, editing ${file}\n` +
        `${''.padEnd(14)} write -> reload push, ${timedEdits} edits: ${summary(times)}\n` +
        `${''.padEnd(14)} write -> new page received: ${summary(served)}\n` +
        `${''.padEnd(14)} of which in the server (first watch event to push): ${summary(handled)}` +
        (unrelated
          ? `\n${''.padEnd(14)} (${unrelated} unrelated reloads of every page meanwhile: the theme changed)`
          : ''),
    )
    if (memoryEdits > 0) {
      const samples = [memory()]
      const every = Math.max(1, Math.floor(memoryEdits / 10))
      const mem = []
      for (let i = 1; i <= memoryEdits; i++) {
        mem.push((await editOnce()).ms)
        if (i % every === 0) samples.push(memory())
      }
      mem.sort((a, b) => a - b)
      const rss = samples.map((s) => mib(s.rss))
      const heap = samples.map((s) => mib(s.heapUsed))
      console.log(
        `${''.padEnd(14)} ${memoryEdits} edits, RSS ${rss.join(' ')} MiB; heap after GC ${heap.join(' ')} MiB ` +
          `(push median ${quantile(mem, 0.5).toFixed(1)} ms, p95 ${quantile(mem, 0.95).toFixed(1)} ms)`,
      )
    }
  } finally {
    await writeFile(absolute, original)
    stream.close()
    await server.close()
  }
}

console.log(
  `ssg serve bench on ${(await import('node:os')).availableParallelism()} cores, node ${process.version}` +
    '\n',
)
if (sites.includes('docs')) await run('docs site', await docsCopy())
if (sites.includes('corpus')) await run(`corpus ${pages}`, await corpus())
