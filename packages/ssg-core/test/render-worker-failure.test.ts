// A render worker's failure in `ssg build` as a user runs it (bin/ssg.js loads dist/, where the
// render worker is: from src/ the pages render on the test's thread).
import { spawn } from 'node:child_process'
import { readFile, writeFile, mkdir } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'
import { fixtureTheme, makeSite, readTree } from './helpers.js'

const bin = fileURLToPath(new URL('../bin/ssg.js', import.meta.url))

function ssgBuild(root: string) {
  return new Promise<{ code: number | null; out: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [bin, 'build', root], { cwd: root })
    let out = ''
    child.stdout.on('data', (chunk) => (out += chunk))
    child.stderr.on('data', (chunk) => (out += chunk))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, out }))
  })
}

test('a render worker that throws fails the build, naming the page, and the previous build stays', async () => {
  // 450 pages: three batches, the first rendered by the worker.
  const files: Record<string, string> = { 'content/docs/index.md': '# Home\n' }
  for (let i = 0; i < 450; i++) files[`content/docs/p${i}.md`] = `# Page ${i}\n\nText ${i}.\n`
  const root = await makeSite({ files })
  const first = await ssgBuild(root)
  expect(first.code, first.out).toBe(0)
  const before = await readTree(path.join(root, 'build'))
  expect(Object.keys(before).length).toBeGreaterThan(900)
  // The fixture theme, failing on a render worker only.
  const theme = path.join(root, 'theme')
  await mkdir(theme)
  const fixture = (name: string) => JSON.stringify(path.join(fixtureTheme, name))
  await writeFile(
    path.join(theme, 'package.json'),
    JSON.stringify({
      name: 'worker-failing-theme',
      type: 'module',
      exports: { './server': './server.js', './client': './client.js' },
    }),
  )
  await writeFile(path.join(theme, 'client.js'), `import ${fixture('client.js')}\n`)
  await writeFile(
    path.join(theme, 'server.js'),
    [
      "import { isMainThread } from 'node:worker_threads'",
      `import { renderPage as render } from ${fixture('server.js')}`,
      'export const contractVersion = 2',
      'export function renderPage(route) {',
      "  if (!isMainThread) throw new Error('this theme renders on the main thread only')",
      '  return render(route)',
      '}',
    ].join('\n'),
  )
  const config = await readFile(path.join(root, 'ssg.config.ts'), 'utf8')
  await writeFile(
    path.join(root, 'ssg.config.ts'),
    config.replace(JSON.stringify(fixtureTheme), JSON.stringify(theme)),
  )
  const second = await ssgBuild(root)
  expect(second.code, second.out).toBe(1)
  expect(second.out).toMatch(
    /Cannot render \/docs\/\S*: this theme renders on the main thread only/,
  )
  expect(await readTree(path.join(root, 'build'))).toEqual(before)
})
