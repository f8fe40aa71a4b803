// `pnpm --filter @ssg/core bench:serve`: the authoring loop of `ssg serve`, in Chromium.
//
// 1. Launch -> page readable: `ssg serve` started cold (no .ssg-cache) as a process, a page asked
//    for (in a browser page open and idle already) as soon as the port answers, timed until its article is on screen with its styles;
//    median of BENCH_SERVE_STARTS starts, on the docs site and the generated corpora. With
//    BENCH_SERVE_VITEPRESS=1, VitePress dev (installed from npm into bench-out/vitepress) on the
//    same corpus pages, started cold too (no .vitepress/cache), for the ratio.
// 2. Edit -> screen: a page open in Chromium, its Markdown file written BENCH_SERVE_EDITS times,
//    timed until the new text is on screen (median, p95), and whether it was updated in place.
// 3. Memory: RSS after 10 edits and after BENCH_SERVE_MEMORY edits (edits pushed, no browser).
//
//   BENCH_SERVE_SITES=docs,2000,10000  BENCH_SERVE_STARTS=3  BENCH_SERVE_EDITS=50
//   BENCH_SERVE_MEMORY=1000  BENCH_SERVE_PARTS=launch,edit,memory  BENCH_SERVE_VITEPRESS=1
//   BENCH_SERVE_BASELINE=<another checkout's bin/ssg.js>: its launches alternate with this one's
//   (same corpus, same load), for a before/after ratio of a change.
//   BENCH_SERVE_KEEP_CA=1: the servers keep NODE_EXTRA_CA_CERTS (left out by default, see below).
// Uses dist/: build first. Timings drift on a busy machine: compare within one run.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { availableParallelism, loadavg } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { generateCorpus } from './corpus.mjs'
import { openEvents } from './serve-events.mjs'
import { editToScreen, launchChromium, launchToReadable, sleep } from './serve-browser.mjs'
import { vitepressSite } from './serve-vitepress.mjs'

// A GC before each memory sample (not --expose-gc: worker threads refuse that flag).
setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc')

const here = path.dirname(fileURLToPath(import.meta.url))
const repo = path.resolve(here, '../../..')
const out = path.join(repo, 'bench-out')
const ssgBin = path.join(repo, 'packages/ssg-core/bin/ssg.js')
const env = process.env
const sites = (env.BENCH_SERVE_SITES ?? 'docs,2000,10000').split(',')
const parts = (env.BENCH_SERVE_PARTS ?? 'launch,edit,memory').split(',')
const starts = Number(env.BENCH_SERVE_STARTS ?? 3)
const edits = Number(env.BENCH_SERVE_EDITS ?? 50)
const memoryEdits = Number(env.BENCH_SERVE_MEMORY ?? 1000)

const { startDevServer } = await import(path.join(here, '../dist/index.js')).catch(() => {
  console.error('bench:serve needs dist/: run `node scripts/build.mjs` in packages/ssg-core first')
  process.exit(1)
})

/** A copy of the docs site (the writers' files are never edited). */
async function docsSite() {
  const root = path.join(out, 'serve-docs')
  await rm(path.join(root, 'content'), { recursive: true, force: true })
  await mkdir(root, { recursive: true })
  for (const name of ['content', 'static', 'openapi', 'ssg.config.ts', 'package.json'])
    await cp(path.join(repo, 'sites/docs', name), path.join(root, name), { recursive: true })
  const file = 'content/docs/concepts/index.md'
  const heading = /^## (.+)$/m.exec(await readFile(path.join(root, file), 'utf8'))[1]
  return { name: 'docs site', root, file, route: '/docs/concepts/', heading }
}

/** The synthetic corpus, generated once per size; the page in its middle (with a diagram). */
async function corpusSite(pages) {
  const root = path.join(out, `serve-corpus-${pages}`)
  if (!existsSync(path.join(root, '.complete'))) {
    console.log(`generating a ${pages}-page corpus in ${path.relative(process.cwd(), root)} ...`)
    await generateCorpus(root, pages)
    await writeFile(path.join(root, '.complete'), String(pages))
  }
  const n = Math.floor(pages / 2)
  const route = `/docs/section-${Math.floor(n / 50)}/page-${n}`
  return {
    name: `corpus ${pages}`,
    root,
    pages,
    file: `content/docs/section-${Math.floor(n / 50)}/page-${n}.md`,
    route,
    heading: `Section 0 of page ${n}`,
  }
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
const median = (list) =>
  quantile(
    [...list].sort((a, b) => a - b),
    0.5,
  )
const seconds = (ms) => (ms / 1000).toFixed(2) + ' s'
/** Launch times, each with its first byte of HTML (the server's part) in brackets. */
const launches = (times) =>
  times
    .map((t) => seconds(t) + (t.html != null ? ` (html ${(t.html / 1000).toFixed(2)})` : ''))
    .join(', ')
const mib = (bytes) => Math.round(bytes / 1024 / 1024)

/**
 * The servers' environment. NODE_EXTRA_CA_CERTS makes every Node process read and parse those
 * certificates before its first line runs (a 220 KB bundle took 80-150 ms of each start on the
 * machine this bench was written on): a tax of the machine, not of the dev server, which makes no
 * TLS connection. Left out for every server alike (ssg and VitePress), said in the output, and
 * kept with BENCH_SERVE_KEEP_CA=1.
 */
const serverEnv = env.BENCH_SERVE_KEEP_CA ? {} : { NODE_EXTRA_CA_CERTS: undefined }

/** Median ms from a Node process's start to its first line, with `extra` in its environment. */
function nodeStart(extra) {
  const times = []
  for (let i = 0; i < 5; i++) {
    const out = execFileSync(process.execPath, ['-p', 'performance.now()'], {
      env: { ...process.env, ...extra },
    })
    times.push(Number(out))
  }
  return Math.round(median(times))
}

/** One cold start of `ssg serve` (the `bin` given), launch -> readable. */
async function serveStart(browser, site, bin, port) {
  await rm(path.join(site.root, '.ssg-cache'), { recursive: true, force: true })
  return launchToReadable(browser, {
    command: process.execPath,
    args: [bin, 'serve', site.root, '--port', String(port)],
    env: serverEnv,
    cwd: site.root,
    url: `http://127.0.0.1:${port}${site.route}`,
    selector: '[data-ssg-article] h2',
    text: site.heading,
  })
}

/** Cold starts of `ssg serve` (and of the baseline, and VitePress on a corpus), launch -> readable. */
async function launch(browser, site) {
  const ssg = []
  const base = []
  for (let i = 0; i < starts; i++) {
    ssg.push(await serveStart(browser, site, ssgBin, 4700 + i))
    if (env.BENCH_SERVE_BASELINE)
      base.push(await serveStart(browser, site, path.resolve(env.BENCH_SERVE_BASELINE), 4720 + i))
  }
  let line = `${site.name.padEnd(14)} ssg serve ${launches(ssg)}: median ${seconds(median(ssg))}`
  if (base.length)
    line +=
      `\n${''.padEnd(14)} baseline  ${launches(base)}: median ${seconds(median(base))}` +
      ` (this / baseline ${(median(ssg) / median(base)).toFixed(2)})`
  if (env.BENCH_SERVE_VITEPRESS && site.pages) {
    const vp = await vitepressSite(out, site)
    const times = []
    for (let i = 0; i < starts; i++) {
      await rm(vp.cache, { recursive: true, force: true })
      const port = 4750 + i
      times.push(
        await launchToReadable(browser, {
          ...vp.command(port),
          env: serverEnv,
          url: `http://127.0.0.1:${port}${vp.route}`,
          selector: '.vp-doc h2',
          text: site.heading,
        }),
      )
    }
    line +=
      `\n${''.padEnd(14)} VitePress ${vp.version} dev ${launches(times)}: median ${seconds(median(times))}` +
      ` (ssg / VitePress ${(median(ssg) / median(times)).toFixed(2)})`
  }
  console.log(line)
}

/** Edits of one page in Chromium, then the memory over many edits. */
async function editing(browser, site) {
  const lines = []
  const server = await startDevServer({
    root: site.root,
    port: 0,
    logger: { info: (l) => lines.push(l), error: (l) => lines.push(l) },
  })
  const absolute = path.join(site.root, site.file)
  const original = await readFile(absolute, 'utf8')
  const write = (marker) => writeFile(absolute, `${original}\nParagraph ${marker}.\n`)
  try {
    await server.site.warmUp
    // The background pass over: what follows measures the edits alone (its compiled pages, link
    // check and search index are part of the site's steady state, not of the edits).
    await server.site.settled()
    if (parts.includes('edit')) {
      const url = new URL(site.route.slice(1), server.url).href
      // Warm-up: the first edits make the compile thread's caches for this page.
      await editToScreen(browser, { url, write, count: 3 })
      const { times, inPlace } = await editToScreen(browser, { url, write, count: edits })
      times.sort((a, b) => a - b)
      console.log(
        `${site.name.padEnd(14)} edit -> on screen, ${edits} edits of ${site.file}: median ${quantile(times, 0.5)} ms, p95 ${quantile(times, 0.95)} ms (min ${times[0]}, max ${times.at(-1)}); ${inPlace ? 'in place (no reload)' : 'RELOADED'}`,
      )
    }
    if (parts.includes('memory') && memoryEdits > 0) {
      const stream = await openEvents(server.url)
      const route = site.route
      const pushed = (e) =>
        e.type === 'update' &&
        (e.refresh?.includes(route) || e.reload?.includes?.(route) || e.reload === 'all')
      // The page is served (it is in the outputs the edits update).
      await fetch(new URL(route.slice(1), server.url))
      const samples = []
      for (let i = 1; i <= memoryEdits; i++) {
        const next = stream.next(pushed)
        await write(`memory-${i}`)
        await next
        await sleep(70) // A second change of a file within chokidar's window would be merged.
        if (i === 10 || i === memoryEdits || i % Math.max(10, memoryEdits / 10) === 0) {
          gc()
          samples.push({ i, rss: process.memoryUsage().rss })
        }
      }
      stream.close()
      const at10 = samples.find((s) => s.i === 10).rss
      const last = samples.at(-1).rss
      console.log(
        `${site.name.padEnd(14)} RSS over ${memoryEdits} edits: ${samples.map((s) => `${s.i}: ${mib(s.rss)}`).join(', ')} MiB; after ${memoryEdits} / after 10 = ${(last / at10).toFixed(3)}`,
      )
    }
  } finally {
    await writeFile(absolute, original)
    await server.close()
  }
}

console.log(
  `ssg serve bench on ${availableParallelism()} cores, node ${process.version}, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
)
if (env.NODE_EXTRA_CA_CERTS)
  console.log(
    `NODE_EXTRA_CA_CERTS is set here: a Node process's first line ran after ${nodeStart({})} ms with it, ${nodeStart({ NODE_EXTRA_CA_CERTS: undefined })} ms without; ${env.BENCH_SERVE_KEEP_CA ? 'the servers keep it (BENCH_SERVE_KEEP_CA)' : 'the servers start without it (BENCH_SERVE_KEEP_CA=1 keeps it)'}`,
  )
console.log()
const browser = await launchChromium()
try {
  for (const name of sites) {
    const site = name === 'docs' ? await docsSite() : await corpusSite(Number(name))
    if (parts.includes('launch')) await launch(browser, site)
    if (
      (parts.includes('edit') || parts.includes('memory')) &&
      (name === 'docs' || name === '10000')
    )
      await editing(browser, site)
  }
} finally {
  await browser.close()
}
console.log(
  `\nload average at the end ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
)
