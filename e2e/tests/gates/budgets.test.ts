// Quality gate: weight budgets of the built docs site (initial JS, CSS, HTML, search files), by
// running e2e/scripts/budgets.mjs as CI and a developer would. Run alone: `pnpm gate:budgets`.
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { repoRoot } from '../../src/harness.js'
import { gatesBuild } from '../../src/gates.js'

const run = promisify(execFile)
const script = path.join(repoRoot, 'e2e/scripts/budgets.mjs')

async function budgets(buildDir: string): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [script, buildDir])
    return { code: 0, out: stdout + stderr }
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string }
    return {
      code: typeof e.code === 'number' ? e.code : 1,
      out: (e.stdout ?? '') + (e.stderr ?? ''),
    }
  }
}

describe('budgets', () => {
  it('every docs page and the search files are within their budgets', async () => {
    expect(existsSync(gatesBuild), `no build at ${gatesBuild}: run pnpm build first`).toBe(true)
    const { code, out } = await budgets(gatesBuild)
    console.log(out)
    expect(code, out).toBe(0)
  })

  describe('the script itself', () => {
    let dir = ''
    afterAll(async () => {
      if (dir) await rm(dir, { recursive: true, force: true })
    })

    it('fails, naming the page, when a docs page or the search files are over budget', async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'ssg-budgets-'))
      // Random bytes do not compress: their gzip size is about their size.
      const noise = (kb: number) =>
        Buffer.from(
          Array.from({ length: kb * 1024 }, () => Math.floor(Math.random() * 256)),
        ).toString('base64')
      await mkdir(path.join(dir, '_ssg/assets/chunks'), { recursive: true })
      await mkdir(path.join(dir, 'docs'), { recursive: true })
      await writeFile(
        path.join(dir, '_ssg/assets/main.js'),
        `import{a}from"./chunks/big.js";import("./chunks/lazy.js");console.log(a)`,
      )
      await writeFile(
        path.join(dir, '_ssg/assets/chunks/big.js'),
        `export const a=${JSON.stringify(noise(80))}`,
      )
      await writeFile(
        path.join(dir, '_ssg/assets/chunks/lazy.js'),
        `export const b=${JSON.stringify(noise(200))}`,
      )
      await writeFile(path.join(dir, '_ssg/assets/main.css'), `body{}`)
      const page = (body: string) =>
        `<!doctype html><html><head><link rel="stylesheet" href="/_ssg/assets/main.css"><script type="module" src="/_ssg/assets/main.js"></script></head><body>${body}</body></html>`
      await writeFile(path.join(dir, 'docs/index.html'), page('small'))
      await writeFile(path.join(dir, 'docs/small.html'), page('small'))
      await writeFile(path.join(dir, 'docs/huge.html'), page(noise(90)))
      await writeFile(path.join(dir, 'search-doc-1.json'), JSON.stringify(noise(100)))
      await writeFile(path.join(dir, 'search-index-1.json'), JSON.stringify(noise(100)))
      const { code, out } = await budgets(dir)
      expect(code, out).toBe(1)
      // The entry's static import is counted (not the dynamic one), though no modulepreload names it.
      expect(out).toMatch(/initial JS per docs page over 70\.0 KB gzip on 3 page\(s\)/)
      expect(out).not.toMatch(/initial JS[^\n]*[23]\d\d\.\d KB/)
      expect(out).toMatch(/HTML over 60\.0 KB gzip: \/docs\/huge \(/)
      expect(out).toMatch(
        /search files search-doc-1\.json \+ search-index-1\.json: \d+\.\d KB gzip together, over 150\.0 KB/,
      )
      expect(out).not.toMatch(/median HTML/)
    })

    it('gates the two main files of a split search index, not the parts a query loads', async () => {
      const split = await mkdtemp(path.join(tmpdir(), 'ssg-budgets-split-'))
      try {
        await mkdir(path.join(split, 'docs'), { recursive: true })
        await writeFile(path.join(split, 'docs/index.html'), '<!doctype html><p>small</p>')
        await writeFile(path.join(split, 'search-doc-7.json'), '{"pages":[]}')
        await writeFile(path.join(split, 'search-index-7.json'), '{"index":{}}')
        const part = (k: number) =>
          Buffer.from(Array.from({ length: 90 * 1024 }, () => (k * 31 + Math.random() * 256) | 0))
        for (let k = 0; k < 3; k++) {
          await writeFile(path.join(split, `search-index-7-${k}.json`), part(k))
          await writeFile(path.join(split, `search-doc-7-${k}.json`), part(k))
        }
        const { code, out } = await budgets(split)
        expect(code, out).toBe(0)
        expect(out).toMatch(
          /search main files together[^\n]*search-doc-7\.json \+ search-index-7\.json/,
        )
        expect(out).toMatch(/search index split into 6 parts loaded by query, largest/)
      } finally {
        await rm(split, { recursive: true, force: true })
      }
    })
  })
})
