// What `pnpm build` bundles with a V8 code cache (see scripts/build.mjs): the compile worker
// (dist/worker/: a CommonJS bundle, shiki's grammars in files of their own) and `yaml`.
import { spawn } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { makeSite } from './helpers.js'

const packageDir = fileURLToPath(new URL('..', import.meta.url))
const dist = path.join(packageDir, 'dist')

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
  test.each([
    ['the compile worker', 'worker/compile-worker-main'],
    ['yaml', 'yaml'],
  ])(
    'the code cache of %s is taken by V8 in a plain `node` (made by the same Node)',
    async (_, name) => {
      const check = [
        "const { readFileSync } = require('node:fs')",
        "const { Script } = require('node:vm')",
        "const Module = require('node:module')",
        `const file = ${JSON.stringify(path.join(dist, name + '.cjs'))}`,
        `const cachedData = readFileSync(${JSON.stringify(path.join(dist, name + '.code-cache'))})`,
        "const script = new Script(Module.wrap(readFileSync(file, 'utf8')), { filename: file, cachedData })",
        "console.log(script.cachedDataRejected ? 'rejected' : 'taken')",
      ].join('\n')
      const run = await node(['-e', check])
      expect(run.out.trim()).toBe('taken')
    },
  )

  test('dist/yaml.cjs reads YAML as the package does', async () => {
    const sample =
      'hero:\n  title: A # note\n  actions:\n    - {text: B, link: /c}\nn: 0x1F\nd: 2024-01-02\n'
    const read = (load: string) =>
      node([
        '-e',
        `console.log(JSON.stringify(${load}.parseDocument(${JSON.stringify(sample)}).toJS()))`,
      ])
    const bundled = await read(`require(${JSON.stringify(path.join(dist, 'yaml.cjs'))})`)
    const parsed = JSON.parse(bundled.out)
    expect(parsed.hero.actions).toEqual([{ text: 'B', link: '/c' }])
    expect(parsed.n).toBe(31)
    expect(bundled.out).toBe((await read("require('yaml')")).out)
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
  test('the bundle parses Markdown as the packages do (its rewritten dependencies, scripts/worker-plugins.mjs)', async () => {
    const page = [
      '---',
      'title: Every construct',
      '---',
      '',
      '# Every construct',
      '',
      'Text with *emphasis*, __strong__, `code`, [a link][ref], <https://example.com>, www.example.com and a note[^1].',
      '',
      '1. one',
      '   - nested *a*',
      '',
      '   - nested b, loose',
      '2. two',
      '   > quoted **in** a list',
      '',
      '- [x] done',
      '- [ ] to do',
      '',
      '| Left | Center | Right |',
      '| :--- | :----: | ----: |',
      '| `a|b` | **c** | 1 |',
      '',
      ':::note[A title]',
      'Inside a *directive* with a [link](./other.md).',
      ':::',
      '',
      '<details><summary>More</summary>',
      '',
      'Hidden ~~struck~~ text.',
      '',
      '</details>',
      '',
      '[ref]: https://example.com/ref "Title"',
      '[^1]: The note.',
      '',
    ].join('\n')
    const html: string[] = []
    for (const workers of ['1', '0']) {
      const root = await makeSite({
        files: { 'content/docs/index.md': page, 'content/docs/other.md': '# Other\n' },
      })
      const run = await node(
        [path.join(packageDir, 'bin/ssg.js'), 'build', root, '--workers', workers],
        root,
      )
      expect(run.code, run.out).toBe(0)
      // The article (the page data after it holds the build's own id).
      const built = await readFile(path.join(root, 'build/docs/index.html'), 'utf8')
      html.push(built.slice(built.indexOf('<article'), built.indexOf('</article>')))
    }
    expect(html[0]).toContain('<li class="task-list-item">')
    expect(html[0]).toBe(html[1])
  })

  test('pages a worker compiled come back as the JSON the page cache keeps: the next build takes them all', async () => {
    const root = await makeSite({
      files: {
        'content/docs/index.md':
          '# Home\n\nSee [the other page](./other.md).\n\n```js\nconst a = "<b>"\n```\n',
        'content/docs/other.md': '---\ntitle: Other\ndescription: A "quoted" word\n---\n\nText.\n',
      },
    })
    const built: string[] = []
    const runs: string[] = []
    for (let i = 0; i < 2; i++) {
      const run = await node(
        [path.join(packageDir, 'bin/ssg.js'), 'build', root, '--workers', '1'],
        root,
      )
      expect(run.code, run.out).toBe(0)
      runs.push(run.out)
      built.push(await readFile(path.join(root, 'build/docs/other.html'), 'utf8'))
    }
    expect(runs[0]).not.toMatch(/from cache/)
    expect(runs[1]).toMatch(/built 2 pages \(2 from cache\)/)
    expect(built[1]).toBe(built[0])
  })
})
