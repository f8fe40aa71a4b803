// Quality gate: every built HTML page is valid HTML for the Nu HTML Checker (vnu): 0 errors.
// One java process checks all files (JVM start-up dominates); its JSON report is parsed and
// printed per file. Run alone: `pnpm gate:html`.
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { filesUnder, gatesBuild } from '../../src/gates.js'

const run = promisify(execFile)
const require = createRequire(import.meta.url)
/** vnu-jar's main module exports the absolute path of vnu.jar. */
const vnuJar = String(require('vnu-jar'))

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error'
  subType?: string
  url?: string
  message: string
  extract?: string
  firstLine?: number
  lastLine?: number
  firstColumn?: number
  lastColumn?: number
}

async function checkHtml(dir: string, files: string[]): Promise<VnuMessage[]> {
  const args = [
    '-jar',
    vnuJar,
    '--format',
    'json',
    '--stdout',
    ...files.map((f) => path.join(dir, f)),
  ]
  let stdout: string
  try {
    ;({ stdout } = await run('java', args, { maxBuffer: 256 * 1024 * 1024 }))
  } catch (error) {
    const e = error as { code?: number | string; stdout?: string; stderr?: string }
    if (e.code === 'ENOENT')
      throw new Error(
        'java not found: install a JRE (Debian: apt-get install default-jre-headless)',
      )
    // vnu exits 1 when it found errors; its report is still on stdout.
    if (!e.stdout) throw new Error(`vnu failed (exit ${e.code}): ${e.stderr}`)
    stdout = e.stdout
  }
  return (JSON.parse(stdout) as { messages: VnuMessage[] }).messages
}

describe('HTML validity (Nu HTML Checker)', () => {
  it('finds 0 errors in every built page', { timeout: 600_000 }, async () => {
    expect(existsSync(gatesBuild), `no build at ${gatesBuild}: run pnpm build first`).toBe(true)
    const files = await filesUnder(gatesBuild, '.html')
    expect(files.length).toBeGreaterThan(0)
    const started = Date.now()
    const messages = await checkHtml(gatesBuild, files)
    const errors = messages.filter((m) => m.type !== 'info')
    const warnings = messages.filter((m) => m.type === 'info' && m.subType === 'warning')
    const byFile = new Map<string, VnuMessage[]>()
    for (const m of errors) {
      const file = m.url
        ? path.relative(gatesBuild, fileURLToPath(m.url.replace(/^file:(?!\/\/)/, 'file://')))
        : '(no file)'
      byFile.set(file, [...(byFile.get(file) ?? []), m])
    }
    const report = [...byFile].map(
      ([file, list]) =>
        `${file}: ${list.length} error(s)\n` +
        list
          .map(
            (m) =>
              `  ${m.lastLine ?? '?'}:${m.firstColumn ?? m.lastColumn ?? '?'}  ${m.message}${m.extract ? `\n      ${JSON.stringify(m.extract.slice(0, 160))}` : ''}`,
          )
          .join('\n'),
    )
    // The same markup error on every page (a theme component) reads best as one line.
    const byMessage = new Map<string, Set<string>>()
    for (const [file, list] of byFile)
      for (const m of list)
        byMessage.set(m.message, (byMessage.get(m.message) ?? new Set()).add(file))
    const summary = [...byMessage]
      .sort((a, b) => b[1].size - a[1].size)
      .map(([message, inFiles]) => `${inFiles.size} file(s): ${message}`)
    console.log(
      `vnu: ${files.length} HTML files checked in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
        `${errors.length} errors in ${byFile.size} files, ${warnings.length} warnings` +
        (summary.length ? `\nby message:\n  ${summary.join('\n  ')}` : '') +
        (report.length ? `\nby file:\n${report.join('\n')}` : ''),
    )
    expect(errors.length, `HTML errors:\n${summary.join('\n')}\n${report.join('\n')}`).toBe(0)
  })
})
