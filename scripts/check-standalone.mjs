#!/usr/bin/env node
// The repository stands alone: no source, test, script or build step may read a file beside it
// (a fresh clone has nothing there). Looks for such paths in every tracked file except prose, and
// exits 1 naming each place. Run by `pnpm test` first; `scripts/standalone-guard.mjs` catches, at
// run time, what a path built in pieces would hide from this check.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)))
/** Paths that climb out of the repository: the workspace's shared folder, or a sibling of the repository. */
const OUTSIDE = [/\.\.\/shared\b/, /(^|[^\w.])shared\/spec\//, /repoRoot,\s*['"]\.\.['"/]/]
const PROSE = /\.(md|txt)$/

const files = execFileSync(
  'git',
  ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
  { cwd: root, encoding: 'utf8' },
)
  .split('\0')
  .filter((f) => f && !PROSE.test(f) && f !== 'scripts/check-standalone.mjs')
const found = []
for (const file of files) {
  let text
  try {
    text = readFileSync(path.join(root, file), 'utf8')
  } catch {
    continue // deleted in the work tree
  }
  text.split('\n').forEach((line, i) => {
    if (OUTSIDE.some((re) => re.test(line))) found.push(`${file}:${i + 1}: ${line.trim()}`)
  })
}
if (found.length) {
  console.error(
    'check-standalone: these lines name a path outside the repository, which a fresh clone does not have;\n' +
      'copy what they need into the repository (the docs site keeps its spec lists in sites/docs/spec/):\n' +
      found.map((f) => '  ' + f).join('\n'),
  )
  process.exit(1)
}
console.log(`check-standalone: ${files.length} files, none reads outside the repository`)
