// `pnpm --filter @ssg/core bench:floor [contentDir ...]`: the least time a cold build of a site can
// take with this stack on this machine, from its two unavoidable parts measured alone:
//   - Markdown parsing: remark-parse with the same syntax extensions as `ssg build` (GFM, YAML
//     front matter, directives), to mdast only: no transform, no HTML;
//   - code tokenizing: shiki's TextMate tokenizer over every fenced block, one theme, no HTML.
// Each runs on all files three times in one thread: the first pass is what a cold build pays
// (JIT and grammar compilation included), the third is fully warm. Then both run in two worker
// threads at once on halves of the files (one cold pass each, timed from the workers' start), to
// measure what the second core adds here.
// Default content: the docs site. Prints MB/s, lines/s and the floor for a cold build.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads'
import { availableParallelism } from 'node:os'
import { unified } from 'unified'
import remarkParse from 'remark-parse'
import remarkFrontmatter from 'remark-frontmatter'
import remarkGfm from 'remark-gfm'
import remarkDirective from 'remark-directive'
import { bundledLanguages, createHighlighter } from 'shiki'

const here = path.dirname(fileURLToPath(import.meta.url))
const repo = path.resolve(here, '../../..')

function markdownFiles(dir) {
  const out = []
  for (const name of readdirSync(dir).sort()) {
    const p = path.join(dir, name)
    if (statSync(p).isDirectory()) out.push(...markdownFiles(p))
    else if (name.endsWith('.md')) out.push(p)
  }
  return out
}

const ALIASES = { ts: 'typescript', js: 'javascript', sh: 'bash', py: 'python', cs: 'csharp' }
/** Fenced blocks with a language shiki has, as [lang, code]. */
function codeBlocks(sources) {
  const blocks = []
  const fence = /^( *)(`{3,}|~{3,})([^\n`]*)\n([\s\S]*?)^\1\2\s*$/gm
  for (const source of sources)
    for (const m of source.matchAll(fence)) {
      const word = m[3].trim().split(/\s/)[0]
      const lang = ALIASES[word] ?? word
      if (lang in bundledLanguages) blocks.push([lang, m[4]])
    }
  return blocks
}

async function work(sources, blocks, passes = 3) {
  const parser = unified()
    .use(remarkParse)
    .use(remarkFrontmatter, ['yaml'])
    .use(remarkGfm)
    .use(remarkDirective)
    .freeze()
  const parse = []
  for (let pass = 0; pass < passes; pass++) {
    const t = performance.now()
    for (const source of sources) parser.parse(source)
    parse.push(performance.now() - t)
  }
  const t0 = performance.now()
  const shiki = await createHighlighter({
    themes: ['github-light'],
    langs: [...new Set(blocks.map(([lang]) => lang))],
  })
  const load = performance.now() - t0
  const tokenize = []
  for (let pass = 0; pass < passes; pass++) {
    const t = performance.now()
    for (const [lang, code] of blocks)
      shiki.codeToTokensBase(code, { lang, theme: 'github-light', tokenizeTimeLimit: 0 })
    tokenize.push(performance.now() - t)
  }
  return { parse, tokenize, load }
}

if (!isMainThread) {
  const { files } = workerData
  const sources = files.map((f) => readFileSync(f, 'utf8'))
  parentPort.postMessage(await work(sources, codeBlocks(sources), 1))
} else {
  const dirs = process.argv.slice(2)
  if (dirs.length === 0) dirs.push(path.join(repo, 'sites/docs/content'))
  console.log(`ssg bench:floor on ${availableParallelism()} cores, node ${process.version}\n`)
  for (const dir of dirs) {
    const files = markdownFiles(dir)
    const sources = files.map((f) => readFileSync(f, 'utf8'))
    const mb = sources.reduce((n, s) => n + Buffer.byteLength(s), 0) / 1e6
    const blocks = codeBlocks(sources)
    const lines = blocks.reduce((n, [, code]) => n + code.split('\n').length, 0)
    const one = await work(sources, blocks)
    // Two threads at once, each on half the files (one pass each is what a cold build does).
    const halves = [files.filter((_, i) => i % 2 === 0), files.filter((_, i) => i % 2 === 1)]
    const t = performance.now()
    await Promise.all(
      halves.map(
        (half) =>
          new Promise((resolve, reject) => {
            const w = new Worker(fileURLToPath(import.meta.url), { workerData: { files: half } })
            w.once('message', resolve)
            w.once('error', reject)
          }),
      ),
    )
    const s = (ms) => (ms / 1000).toFixed(2) + ' s'
    const cold = one.parse[0] + one.load + one.tokenize[0]
    const warm = one.parse[2] + one.tokenize[2]
    const twoThreads = performance.now() - t
    console.log(`${path.relative(repo, dir) || dir}: ${files.length} files, ${mb.toFixed(2)} MB`)
    console.log(
      `  parse to mdast      cold ${s(one.parse[0])}, warm ${s(one.parse[2])} (${(mb / (one.parse[2] / 1000)).toFixed(2)} MB/s warm)`,
    )
    console.log(
      `  tokenize code       ${blocks.length} blocks, ${lines} lines: cold ${s(one.load + one.tokenize[0])} (grammars ${s(one.load)}), warm ${s(one.tokenize[2])} (${Math.round(lines / (one.tokenize[2] / 1000))} lines/s warm)`,
    )
    console.log(
      `  both, one thread    cold ${s(cold)}, warm ${s(warm)}; two threads at once on halves, cold: ${s(twoThreads)} (${(cold / twoThreads).toFixed(2)}x one thread)`,
    )
    console.log(
      `  floor of a cold build (these two parts only, both cores): ${s(twoThreads)}; ${Math.round(files.length / (twoThreads / 1000))} pages/s at most\n`,
    )
  }
  process.exit(0)
}
