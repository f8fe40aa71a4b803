// `pnpm bench`: cold builds of the docs site and of the synthetic corpus (bench/corpus.mjs) at
// 130, 2,000 and 10,000 pages, each a median of BENCH_RUNS fresh-process builds, with Hugo's cold
// build of the same corpus beside each run when `hugo` is installed (the ratio is from the same
// run: timings drift on a busy machine, the ratio much less). Then a warm build (nothing changed)
// and builds after one page is edited. Prints pages/s, peak RSS, output bytes per page and what
// the first use of search downloads (gzip; a query pasted, and typed a letter at a time).
//
//   BENCH_SIZES=130,2000,10000   corpus sizes         BENCH_RUNS=3   builds per median
//   BENCH_DOCS=0                 skip the docs site   BENCH_HUGO=0   skip Hugo
//   BENCH_BIG_FOLDER=5000        put that many pages of each corpus in one folder
// Uses dist/: build first (`pnpm build`). Run it niced on a shared machine: `nice pnpm bench`.
import { execFileSync } from 'node:child_process'
import { appendFileSync, existsSync, rmSync, writeFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { corpusQueries, generateCorpus } from './corpus.mjs'
import { buildWithHugo, folderSize, hugoVersion, makeHugoSite } from './hugo.mjs'
import { searchFirstUse } from './search-first-use.mjs'

const here = path.dirname(fileURLToPath(import.meta.url))
const repo = path.resolve(here, '../../..')
const out = path.join(repo, 'bench-out')
const sizes = (process.env.BENCH_SIZES ?? '130,2000,10000').split(',').filter(Boolean).map(Number)
const runs = Number(process.env.BENCH_RUNS ?? 3)
const bigFolder = Number(process.env.BENCH_BIG_FOLDER ?? 0)
const hugo = process.env.BENCH_HUGO === '0' ? null : hugoVersion()

/** One `build()` in a fresh Node process: its report's figures and the process's peak RSS. */
function timedBuild(root) {
  const script = `import { build } from '@ssg/core'
const t = performance.now()
const r = await build({ root: ${JSON.stringify(root)} })
const ms = performance.now() - t
console.log(JSON.stringify({ ms, pages: r.pages, hits: r.cacheHits, rendered: r.renderedPages, reused: r.reusedFiles, rssMb: process.resourceUsage().maxRSS / 1024, cpuMs: (process.resourceUsage().userCPUTime + process.resourceUsage().systemCPUTime) / 1000, stages: r.timings.map((s) => [s.name, s.ms]) }))`
  // Beside this file, so that '@ssg/core' resolves to this package.
  const file = path.join(here, `.run-build-${process.pid}.mjs`)
  writeFileSync(file, script)
  try {
    const stdout = execFileSync(process.execPath, [file], {
      encoding: 'utf8',
      maxBuffer: 64 << 20,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    return JSON.parse(stdout.trim().split('\n').pop())
  } catch (error) {
    const tail = String(error.stderr ?? error.message)
      .split('\n')
      .slice(-6)
      .join('\n')
    throw new Error(`The build of ${root} failed:\n${tail}`)
  } finally {
    rmSync(file, { force: true })
  }
}

function coldBuild(root) {
  rmSync(path.join(root, '.ssg-cache'), { recursive: true, force: true })
  rmSync(path.join(root, 'build'), { recursive: true, force: true })
  return timedBuild(root)
}

const median = (list) => [...list].sort((a, b) => a - b)[list.length >> 1]
const s = (ms) => (ms / 1000).toFixed(2) + ' s'
const rate = (pages, ms) => Math.round((pages / ms) * 1000)
const kb = (bytes) => (bytes / 1024).toFixed(1) + ' KB'
/** The stages of the build of median time, longest first. */
const stagesOf = (result) =>
  result.stages
    .filter(([, ms]) => ms >= 50)
    .sort((a, b) => b[1] - a[1])
    .map(([name, ms]) => `${name} ${s(ms)}`)
    .join(', ')

function line(label, text) {
  console.log(`${label.padEnd(24)} ${text}`)
}

/** Cold builds (with Hugo's beside each), a warm build, and builds after one page is edited. */
async function benchSite(label, root, { hugoDir = null, editFile = null, queries = null } = {}) {
  const cold = []
  const hugos = []
  for (let run = 0; run < runs; run++) {
    cold.push(coldBuild(root))
    if (hugoDir) hugos.push(buildWithHugo(hugoDir))
  }
  const mid = cold.find((r) => r.ms === median(cold.map((c) => c.ms)))
  const pages = mid.pages
  const size = folderSize(path.join(root, 'build'))
  line(
    `${label} cold`,
    `${s(mid.ms)}  ${rate(pages, mid.ms)} pages/s  CPU ${s(median(cold.map((c) => c.cpuMs)))}  peak RSS ${Math.round(median(cold.map((c) => c.rssMb)))} MiB  ` +
      `${kb(size.bytes / pages)}/page  (median of ${runs}: ${cold.map((c) => s(c.ms)).join(', ')}; ${stagesOf(mid)})`,
  )
  const summary = {
    label,
    pages,
    coldMs: mid.ms,
    rssMb: median(cold.map((c) => c.rssMb)),
    bytesPerPage: size.bytes / pages,
  }
  if (hugos.length) {
    const h = median(hugos.map((r) => r.ms))
    const ratio = median(cold.map((c, i) => c.ms / hugos[i].ms))
    line(
      `  hugo ${label}`,
      `${s(h)}  ${rate(hugos[0].pages, h)} pages/s  CPU ${hugos[0].cpuMs === null ? '?' : s(median(hugos.map((r) => r.cpuMs)))}  peak RSS ${Math.round(median(hugos.map((r) => r.rssMb ?? 0)))} MiB  ` +
        `${kb(hugos[0].bytes / hugos[0].pages)}/page  ssg/hugo time ratio ${ratio.toFixed(2)} (per run: ${cold.map((c, i) => (c.ms / hugos[i].ms).toFixed(2)).join(', ')})`,
    )
    Object.assign(summary, { hugoMs: h, hugoPages: hugos[0].pages, ratio })
    if (hugos[0].cpuMs !== null)
      line(
        '',
        `CPU time ratio ${median(cold.map((c, i) => c.cpuMs / hugos[i].cpuMs)).toFixed(2)} (the load of other processes moves it less)`,
      )
  }
  if (queries) {
    const use = await searchFirstUse(path.join(root, 'build'), queries)
    if (use) {
      line(
        '  search first use',
        `${kb(use.pasted.median)} median, ${kb(use.pasted.max)} max (query pasted); typed a letter at a time ` +
          `${kb(use.typed.median)} median, ${kb(use.typed.max)} max; main files ${kb(use.main)} (gzip, ${queries.length} queries)`,
      )
      summary.searchKb = use.pasted.median / 1024
      summary.searchTypedKb = use.typed.median / 1024
    }
  }
  const warm = timedBuild(root)
  line(`${label} warm`, `${s(warm.ms)}  (nothing changed; ${warm.hits} pages from cache)`)
  summary.warmMs = warm.ms
  if (editFile) {
    const edits = []
    for (let run = 0; run < runs; run++) {
      // A typical edit: a sentence more in one page (its search text too).
      appendFileSync(editFile, `\nOne more sentence, edit ${run} of ${Date.now()}.\n`)
      edits.push(timedBuild(root))
    }
    const e = edits.find((r) => r.ms === median(edits.map((x) => x.ms)))
    line(
      `${label}, 1 edited`,
      `${s(e.ms)}  (median of ${runs}: ${edits.map((x) => s(x.ms)).join(', ')}; ${e.rendered} rendered; ${stagesOf(e)})`,
    )
    summary.editMs = e.ms
  }
  return summary
}

console.log(
  `ssg bench on ${availableParallelism()} cores, node ${process.version}, load ${(await import('node:os')).loadavg()[0].toFixed(1)}; ` +
    `${hugo ? hugo.split(' ').slice(0, 2).join(' ') : 'no hugo'}; medians of ${runs}\n`,
)
const results = []
const docs = path.join(repo, 'sites/docs')
if (process.env.BENCH_DOCS !== '0' && existsSync(path.join(docs, 'content')))
  results.push(
    await benchSite('docs site', docs, {
      editFile: null,
      queries: ['tokenize', 'vault proxy', 'rotate api key', 'webhook signature', 'detokenize'],
    }),
  )
for (const n of sizes) {
  const dir = path.join(out, `corpus-${n}`)
  await generateCorpus(dir, n, { bigFolder: Math.min(bigFolder, n) })
  let hugoDir = null
  if (hugo) makeHugoSite(dir, (hugoDir = path.join(out, `hugo-${n}`)))
  const editFile = path.join(
    dir,
    bigFolder ? 'content/docs/section-big/page-0.md' : 'content/docs/section-0/page-0.md',
  )
  results.push(
    await benchSite(`${n} pages`, dir, { hugoDir, editFile, queries: corpusQueries(20, n) }),
  )
}

console.log('\nsummary (medians)')
console.log(
  'site          pages  cold      pages/s  peak RSS  bytes/page  search 1st use  hugo pages/s  ratio  warm     1 edit',
)
for (const r of results)
  console.log(
    [
      r.label.padEnd(12),
      String(r.pages).padStart(6),
      s(r.coldMs).padStart(8),
      String(rate(r.pages, r.coldMs)).padStart(8),
      `${Math.round(r.rssMb)} MiB`.padStart(9),
      kb(r.bytesPerPage).padStart(11),
      (r.searchKb === undefined
        ? '-'
        : `${r.searchKb.toFixed(0)}/${r.searchTypedKb.toFixed(0)} KB`
      ).padStart(15),
      (r.hugoMs === undefined ? '-' : String(rate(r.hugoPages, r.hugoMs))).padStart(13),
      (r.ratio === undefined ? '-' : r.ratio.toFixed(2)).padStart(6),
      s(r.warmMs).padStart(8),
      (r.editMs === undefined ? '-' : s(r.editMs)).padStart(8),
    ].join(' '),
  )
