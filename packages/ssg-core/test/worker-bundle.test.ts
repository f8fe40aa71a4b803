// The compile worker as `pnpm build` makes it (dist/worker/, see scripts/build.mjs): a CommonJS
// bundle run with V8's code cache, shiki's grammars in files of their own.
import { spawn } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { makeSite } from './helpers.js'

const packageDir = fileURLToPath(new URL('..', import.meta.url))
const worker = path.join(packageDir, 'dist/worker')

function node(args: string[], cwd = packageDir) {
  return new Promise<{ code: number | null; out: string }>((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    child.stdout.on('data', (chunk) => (out += chunk))
    child.stderr.on('data', (chunk) => (out += chunk))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, out }))
  })
}

describe('the compile worker bundle', () => {
  test('its code cache is taken by V8 in a plain `node` (made by the same Node)', async () => {
    const check = [
      "const { readFileSync } = require('node:fs')",
      "const { Script } = require('node:vm')",
      "const Module = require('node:module')",
      `const file = ${JSON.stringify(path.join(worker, 'compile-worker-main.cjs'))}`,
      `const cachedData = readFileSync(${JSON.stringify(path.join(worker, 'compile-worker-main.code-cache'))})`,
      "const script = new Script(Module.wrap(readFileSync(file, 'utf8')), { filename: file, cachedData })",
      "console.log(script.cachedDataRejected ? 'rejected' : 'taken')",
    ].join('\n')
    const run = await node(['-e', check])
    expect(run.out.trim()).toBe('taken')
  })

  test('`ssg build` with a worker highlights code (grammars loaded from their files) and draws diagrams', async () => {
    const root = await makeSite({
      files: {
        'content/docs/index.md': [
          '# Home',
          '',
          '```python',
          'def f(x):',
          '    return x',
          '```',
          '',
          '```html',
          '<p onclick="go()">x</p>',
          '```',
          '',
          '```mermaid',
          'flowchart LR',
          '  A --> B',
          '```',
          '',
        ].join('\n'),
      },
    })
    const run = await node(
      [path.join(packageDir, 'bin/ssg.js'), 'build', root, '--workers', '1'],
      root,
    )
    expect(run.code, run.out).toBe(0)
    const html = await readFile(path.join(root, 'build/docs/index.html'), 'utf8')
    // Highlighted: `def` and `return` as keywords; in the HTML block, the embedded JavaScript too.
    expect(html).toMatch(/<span style="--shiki-light:#D73A49;--shiki-dark:#F97583">def<\/span>/)
    expect(html).toMatch(/--shiki-light:#6F42C1;--shiki-dark:#B392F0">go<\/span>/)
    expect(html).toMatch(/<svg[^>]*>[\s\S]*<\/svg>/)
  })
})
