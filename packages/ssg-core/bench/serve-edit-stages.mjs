// `node bench/serve-edit-stages.mjs`: where an edit's time goes, from the file written to the new
// text on screen in Chromium, stage by stage (bench:serve's edit part measures only the whole).
// The server runs in this process (as in bench:serve): its stages are timed by wrapping the
// site's methods; the page's, by a script added before the dev client (its EventSource, its
// fetches, a MutationObserver on the article, the next animation frame). Both clocks are the
// wall clock (performance.timeOrigin + now()).
//
//   BENCH_STAGES_SITES=docs,10000  BENCH_STAGES_EDITS=30
//   BENCH_STAGES_TRACE=<file.json>: a Chromium trace of the last 5 edits of the first site.
//   BENCH_STAGES_PROFILE=<folder>: CPU profiles of the edits (this thread: <site>-server, the
//   page: <site>-page .cpuprofile).
// Sites are those of bench:serve (bench-out/serve-docs, bench-out/serve-corpus-N: run it once).
// Uses dist/: build first.
import { watch } from 'node:fs'
import { Server, ServerResponse } from 'node:http'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { Session } from 'node:inspector/promises'
import { loadavg } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { launchChromium, sleep } from './serve-browser.mjs'

const here = path.dirname(fileURLToPath(import.meta.url))
const out = path.resolve(here, '../../../bench-out')
const env = process.env
const sites = (env.BENCH_STAGES_SITES ?? 'docs,10000').split(',')
const edits = Number(env.BENCH_STAGES_EDITS ?? 30)
const { startDevServer } = await import(path.join(here, '../dist/index.js'))
const now = () => performance.timeOrigin + performance.now()

function siteOf(name) {
  if (name === 'docs')
    return {
      root: path.join(out, 'serve-docs'),
      file: 'content/docs/concepts/index.md',
      route: '/docs/concepts/',
    }
  const n = Math.floor(Number(name) / 2)
  const folder = `section-${Math.floor(n / 50)}`
  return {
    root: path.join(out, `serve-corpus-${name}`),
    file: `content/docs/${folder}/page-${n}.md`,
    route: `/docs/${folder}/page-${n}`,
  }
}

/** Added to the page before its scripts: marks of the client's stages, in `window.__stages`. */
function pageProbe() {
  const marks = (window.__stages = [])
  const mark = (name) => marks.push({ name, t: performance.timeOrigin + performance.now() })
  const Source = window.EventSource
  window.EventSource = class extends Source {
    constructor(...args) {
      super(...args)
      this.addEventListener('message', (e) => {
        if (e.data.includes('"update"')) mark('sse')
      })
    }
  }
  const fetch = window.fetch
  window.fetch = function (input, init) {
    const url = String(input?.url ?? input)
    const data = !url.includes('/__ssg/')
    if (data) mark('fetch')
    return fetch.call(this, input, init).then((response) => {
      if (data) {
        mark('response')
        const json = response.json
        response.json = () => json.call(response).then((v) => (mark('json'), v))
      }
      return response
    })
  }
  addEventListener('ssg:refresh', () => mark('refresh-event'))
  window.__watchFor = (marker) => {
    const article = document.querySelector('[data-ssg-article]')
    const observer = new MutationObserver(() => {
      const el = document.querySelector('[data-ssg-article]')
      if (!el?.textContent.includes(marker)) return
      mark('dom')
      observer.disconnect()
      requestAnimationFrame(() => {
        mark('raf')
        // After the frame's paint (a task queued from the frame runs after it).
        setTimeout(() => mark('after-frame'), 0)
      })
    })
    observer.observe(article.parentElement.parentElement ?? document.body, {
      childList: true,
      subtree: true,
      characterData: true,
    })
  }
}

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]
const p95 = (list) =>
  [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(list.length * 0.95))]

async function run(browser, name, trace) {
  const site = siteOf(name)
  const server = await startDevServer({
    root: site.root,
    port: 0,
    logger: { info: () => {}, error: (l) => console.error(l) },
  })
  const absolute = path.join(site.root, site.file)
  const original = await readFile(absolute, 'utf8')
  let marks = {}
  const markOnce = (n) => (marks[n] ??= now())
  const timed = (object, method, start, end) => {
    const call = object[method].bind(object)
    object[method] = async (...args) => {
      markOnce(start)
      try {
        return await call(...args)
      } finally {
        markOnce(end)
      }
    }
  }
  // The same kernel events DirWatcher gets, in this thread's loop.
  const fsWatcher = watch(path.dirname(absolute), (_type, f) => {
    if (f === path.basename(absolute)) markOnce('watch')
  })
  const dev = server.site
  // The page data's request, as the server's thread sees it arrive.
  const emit = Server.prototype.emit
  Server.prototype.emit = function (event, req, ...rest) {
    if (event === 'request' && req.url.startsWith('/_ssg/data/')) markOnce('request')
    return emit.call(this, event, req, ...rest)
  }
  // The push of the edit on the reload channel.
  const write = ServerResponse.prototype.write
  ServerResponse.prototype.write = function (chunk, ...rest) {
    if (typeof chunk === 'string' && chunk.includes('"refresh"')) markOnce('push')
    return write.call(this, chunk, ...rest)
  }
  try {
    await dev.warmUp
    await dev.settled()
    // Each of these marks when it starts and when its promise settles.
    timed(dev, 'update', 'update', 'updated')
    timed(dev.store, 'recompile', 'compile', 'compiled')
    const json = dev.outputs.json.bind(dev.outputs)
    dev.outputs.json = (route) => {
      markOnce('served')
      return json(route)
    }
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort())
    await page.addInitScript(pageProbe)
    await page.goto(new URL(site.route.slice(1), server.url).href)
    await page.waitForFunction(() => history.state?.ssgKey && window.__ssgServe?.connected)
    const rows = []
    const profile = env.BENCH_STAGES_PROFILE
    const inspector = profile ? new Session() : null
    const cdp = profile ? await page.context().newCDPSession(page) : null
    for (let i = 0; i < edits + 3; i++) {
      if (profile && i === 3) {
        inspector.connect()
        await inspector.post('Profiler.enable')
        await inspector.post('Profiler.start')
        await cdp.send('Profiler.enable')
        await cdp.send('Profiler.start')
      }
      if (trace && i === edits - 2)
        await browser.startTracing(page, { path: trace, screenshots: false })
      const marker = `stage-edit-${Date.now()}-${i}`
      await page.evaluate((m) => ((window.__stages.length = 0), window.__watchFor(m)), marker)
      marks = {}
      const t0 = now()
      await writeFile(absolute, `${original}\nParagraph ${marker}.\n`)
      marks.written = now()
      const handle = await page.waitForFunction(
        (m) => document.querySelector('[data-ssg-article]')?.textContent.includes(m) && Date.now(),
        marker,
        { polling: 'raf', timeout: 30_000 },
      )
      const screen = await handle.jsonValue()
      await sleep(150)
      const client = await page.evaluate(() => window.__stages)
      if (i < 3) continue // warm-up
      const row = { ...marks, screen }
      for (const m of client) row[m.name] ??= m.t
      for (const key of Object.keys(row)) row[key] = row[key] == null ? null : row[key] - t0
      rows.push(row)
    }
    if (trace) await browser.stopTracing()
    if (profile) {
      await mkdir(profile, { recursive: true })
      const server = await inspector.post('Profiler.stop')
      await writeFile(
        path.join(profile, `${name}-server.cpuprofile`),
        JSON.stringify(server.profile),
      )
      const client = await cdp.send('Profiler.stop')
      await writeFile(path.join(profile, `${name}-page.cpuprofile`), JSON.stringify(client.profile))
      inspector.disconnect()
    }
    await page.close()
    return rows
  } finally {
    fsWatcher.close()
    Server.prototype.emit = emit
    ServerResponse.prototype.write = write
    await writeFile(absolute, original)
    await server.close()
  }
}

const ORDER = [
  'written',
  'watch',
  'update',
  'compile',
  'compiled',
  'updated',
  'push',
  'sse',
  'refresh-event',
  'fetch',
  'request',
  'served',
  'response',
  'json',
  'dom',
  'raf',
  'screen',
  'after-frame',
]

console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
)
const browser = await launchChromium()
try {
  for (const [index, name] of sites.entries()) {
    const rows = await run(browser, name, index === 0 ? env.BENCH_STAGES_TRACE : undefined)
    console.log(
      `\n${name}: ${rows.length} edits, ms from the write (median / p95 of each mark, then of each step)`,
    )
    let previous = null
    for (const key of ORDER) {
      const values = rows.map((r) => r[key]).filter((v) => v != null)
      if (!values.length) continue
      let step = ''
      if (previous) {
        const deltas = rows
          .filter((r) => r[key] != null && r[previous] != null)
          .map((r) => r[key] - r[previous])
        step = `  step ${median(deltas).toFixed(1).padStart(6)} / ${p95(deltas).toFixed(1).padStart(6)}`
      }
      console.log(
        `  ${key.padEnd(14)} ${median(values).toFixed(1).padStart(6)} / ${p95(values).toFixed(1).padStart(6)}${step}`,
      )
      previous = key
    }
  }
} finally {
  await browser.close()
}
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
)
