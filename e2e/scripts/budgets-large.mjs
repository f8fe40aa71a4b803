#!/usr/bin/env node
// Weight budgets at scale (a gate, slow: a cold build of 10,000 pages). Generates the synthetic
// corpus of packages/ssg-core/bench/corpus.mjs with 10,000 pages, 5,000 of them in one folder
// (the rest 50 to a folder), builds it with `ssg build`, and checks every docs page:
//
//   initial JS               gzip, as in budgets.mjs                                    <= 70 KB
//   HTML beyond the article  raw bytes of the page minus its article (page-data `html`) <= 40 KB
//   flat                     the median page of the 5,000-page folder carries at most
//                            25% more beyond its article than the median of the 50-page
//                            folders
//   search main files        gzip, what a reader downloads before the first query       <= 150 KB
//
// Usage: node e2e/scripts/budgets-large.mjs [--pages N] [--big N] [--keep]
// The site goes to bench-out/budgets-large (kept with --keep, for a look). Exits 1 when a
// budget is exceeded.
import { existsSync, rmSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { checkBudgets } from './budgets.mjs'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const arg = (name, fallback) => {
  const at = process.argv.indexOf(name)
  return at > 0 ? Number(process.argv[at + 1]) : fallback
}
const pages = arg('--pages', 10_000)
const big = arg('--big', Math.floor(pages / 2))
const FLAT = 1.25

const core = path.join(repoRoot, 'packages/ssg-core/dist/index.js')
if (!existsSync(core)) {
  console.error('budgets-large: @ssg/core is not built: run pnpm build first')
  process.exit(2)
}
const { generateCorpus } = await import(path.join(repoRoot, 'packages/ssg-core/bench/corpus.mjs'))
const { build } = await import(core)

const dir = path.join(repoRoot, 'bench-out/budgets-large')
await generateCorpus(dir, pages, { bigFolder: big })
const start = performance.now()
const report = await build({ root: dir, cache: false })
console.log(
  `budgets-large: built ${report.pages} pages (${big} in one folder) in ` +
    `${((performance.now() - start) / 1000).toFixed(1)} s\n`,
)

const { text, failures, pages: measured } = checkBudgets(path.join(dir, 'build'))
console.log(text)
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[sorted.length >> 1] ?? 0
}
const inBig = measured.filter((p) => p.route.startsWith('/docs/section-big/'))
const inSmall = measured.filter((p) => /^\/docs\/section-\d+\/./.test(p.route))
const bigMedian = median(inBig.map((p) => p.aboveArticle))
const smallMedian = median(inSmall.map((p) => p.aboveArticle))
const ratio = bigMedian / Math.max(1, smallMedian)
console.log(
  `flat: beyond the article, median ${(bigMedian / 1024).toFixed(1)} KB in the ${big}-page ` +
    `folder (${inBig.length} pages), ${(smallMedian / 1024).toFixed(1)} KB in the 50-page folders ` +
    `(${inSmall.length} pages): ${ratio.toFixed(2)}x (limit ${FLAT}x)`,
)
if (!inBig.length || !inSmall.length)
  failures.push('no pages found in the big or the small folders')
else if (ratio > FLAT)
  failures.push(
    `a page of the ${big}-page folder carries ${ratio.toFixed(2)}x what one of a 50-page folder does`,
  )

if (!process.argv.includes('--keep')) rmSync(dir, { recursive: true, force: true })
if (failures.length) {
  console.error(
    `\nbudgets-large: ${failures.length} budget(s) exceeded:\n  ${failures.join('\n  ')}`,
  )
  process.exit(1)
}
console.log('\nbudgets-large: all within budget')
