import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { docsBuild } from './harness.js'

/**
 * The built site the quality gates check: `sites/docs/build`, or the folder named by
 * `SSG_GATES_BUILD` (to try the gates on another build, e.g. a partial copy of the site).
 */
export const gatesBuild = process.env.SSG_GATES_BUILD
  ? path.resolve(process.env.SSG_GATES_BUILD)
  : docsBuild

/** Every file under `dir` whose name ends with `ext`, as paths relative to `dir`, sorted. */
export async function filesUnder(dir: string, ext: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries
    .filter((e) => e.isFile() && e.name.endsWith(ext))
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort()
}

/** The site path a built HTML file is served at: `docs/x.html` -> `/docs/x`, `docs/index.html` -> `/docs/`. */
export function routeOfFile(rel: string): string {
  const p = '/' + rel.split(path.sep).join('/')
  if (p.endsWith('/index.html')) return p.slice(0, -'index.html'.length)
  return p.replace(/\.html$/, '')
}

/** A fixed-width text table, for the figures the gates print. */
export function table(head: string[], rows: Array<Array<string | number>>): string {
  const cells = [head, ...rows.map((r) => r.map(String))]
  const widths = head.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)))
  const line = (r: string[]) =>
    r
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd()
  return [
    line(cells[0]!),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...cells.slice(1).map(line),
  ].join('\n')
}
