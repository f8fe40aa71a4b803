// Lighthouse scores of three pages, printed (not a gate: performance scores on a shared 2-core
// machine are noise). The test fails only when the script cannot produce scores at all (a broken
// script, Chromium or site). It takes about a minute; SSG_SKIP_LIGHTHOUSE=1 skips it.
// Run alone: `pnpm lighthouse`.
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { repoRoot } from '../../src/harness.js'
import { gatesBuild } from '../../src/gates.js'

const run = promisify(execFile)

describe.skipIf(process.env.SSG_SKIP_LIGHTHOUSE === '1')(
  'lighthouse (scores printed, not gated)',
  () => {
    it(
      'scores /, a concept page and an API page on the mobile preset',
      { timeout: 420_000 },
      async () => {
        expect(existsSync(gatesBuild), `no build at ${gatesBuild}: run pnpm build first`).toBe(true)
        const script = path.join(repoRoot, 'e2e/scripts/lighthouse.mjs')
        let out: string
        try {
          const { stdout, stderr } = await run(process.execPath, [script, gatesBuild], {
            timeout: 400_000,
            maxBuffer: 16 * 1024 * 1024,
          })
          out = stdout + stderr
        } catch (error) {
          const e = error as { code?: number; stdout?: string; stderr?: string; message: string }
          throw new Error(
            `lighthouse.mjs failed (${e.code ?? e.message}):\n${e.stdout ?? ''}${e.stderr ?? ''}`,
          )
        }
        console.log(out)
        expect(out).toMatch(/\/docs\/api\/tokens\/tokenize\s+\d+\s+\d+/)
      },
    )
  },
)
