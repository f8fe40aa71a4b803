// `pnpm bench`: cold and warm builds of a synthetic corpus (N = 1,000 and 10,000) and of the docs
// site, and of the corpus after one page is edited; prints time, pages/s and peak RSS for each. Each build runs in a fresh Node process.
import { execFileSync } from 'node:child_process'
import { appendFileSync, existsSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { generateCorpus } from './corpus.mjs'

const here = path.dirname(fileURLToPath(import.meta.url))
const repo = path.resolve(here, '../../..')
const out = path.join(repo, 'bench-out')
const sizes = (process.env.BENCH_SIZES ?? '1000,10000').split(',').map(Number)

function timedBuild(root, label) {
  const script = `import { build } from '@ssg/core'
const t = performance.now()
const r = await build({ root: ${JSON.stringify(root)} })
const ms = performance.now() - t
console.log(JSON.stringify({ ms, pages: r.pages, hits: r.cacheHits, rendered: r.renderedPages, reused: r.reusedFiles, rssMb: process.resourceUsage().maxRSS / 1024, stages: r.timings.map((s) => s.name + ' ' + Math.round(s.ms)) }))`
  const file = path.join(repo, 'packages/ssg-core/bench/.run-build.mjs')
  writeFileSync(file, script)
  let stdout
  try {
    stdout = execFileSync(process.execPath, [file], {
      encoding: 'utf8',
      maxBuffer: 64 << 20,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
  } catch (error) {
    console.log(
      `${label.padEnd(22)} failed: ${String(error.stderr ?? error.message)
        .split('\n')
        .slice(-4)
        .join(' ')}`,
    )
    return null
  } finally {
    rmSync(file, { force: true })
  }
  const result = JSON.parse(stdout.trim().split('\n').pop())
  console.log(
    `${label.padEnd(22)} ${(result.ms / 1000).toFixed(2).padStart(7)} s  ${String(Math.round((result.pages / result.ms) * 1000)).padStart(6)} pages/s  peak RSS ${Math.round(result.rssMb)} MiB  (${result.hits} from cache, ${result.rendered} rendered, ${result.reused} files kept; ${result.stages.join(', ')})`,
  )
  return result
}

console.log(
  `ssg bench on ${(await import('node:os')).availableParallelism()} cores, node ${process.version}\n`,
)
const docs = path.join(repo, 'sites/docs')
if (existsSync(path.join(docs, 'content'))) {
  rmSync(path.join(docs, '.ssg-cache'), { recursive: true, force: true })
  timedBuild(docs, 'docs site cold')
  timedBuild(docs, 'docs site warm')
}
for (const n of sizes) {
  const dir = path.join(out, `corpus-${n}`)
  await generateCorpus(dir, n)
  timedBuild(dir, `${n} pages cold`)
  timedBuild(dir, `${n} pages warm`)
  // A typical edit: one page's text (its search text too, so every page gets new search URLs).
  appendFileSync(path.join(dir, 'content/docs/section-0/page-0.md'), '\nOne more sentence.\n')
  timedBuild(dir, `${n} pages, 1 edited`)
}
