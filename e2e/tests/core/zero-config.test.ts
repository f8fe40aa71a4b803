import { mkdtemp, mkdir, readFile, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'
import { buildSite, repoRoot } from '../../src/harness.js'

test('a folder with only content/docs/**/*.md builds with defaults', async () => {
  // Inside the repository so that the default theme resolves from its node_modules.
  await mkdir(path.join(repoRoot, '.tmp'), { recursive: true })
  const root = await mkdtemp(path.join(repoRoot, '.tmp', 'zero-config-'))
  await mkdir(path.join(root, 'content/docs/guide'), { recursive: true })
  await writeFile(path.join(root, 'content/docs/index.md'), '# Welcome\n\nStart with the [guide](./guide/first.md).\n')
  await writeFile(path.join(root, 'content/docs/guide/first.md'), '<!-- no front matter -->\n# First steps\n\nSee [the docs][home].\n\n[home]: /docs/\n')
  const result = await buildSite(root)
  expect(result.code, result.stdout).toBe(0)
  expect(result.stdout).toMatch(/^ssg: built 2 pages in .*: 0 errors, 0 warnings$/m)
  const html = await readFile(path.join(root, 'build/docs/guide/first.html'), 'utf8')
  expect(html).toContain('<title>First steps | ')
  expect(html).toContain('href="/docs/"')
  const index = await readFile(path.join(root, 'build/docs/index.html'), 'utf8')
  expect(index).toContain('href="/docs/guide/first"')
  expect(existsSync(path.join(root, 'build/404.html'))).toBe(true)
  expect(existsSync(path.join(root, 'build/sitemap.xml'))).toBe(true)
})

test('a large page (250 KB) and many pages build', async () => {
  await mkdir(path.join(repoRoot, '.tmp'), { recursive: true })
  const root = await mkdtemp(path.join(repoRoot, '.tmp', 'large-'))
  await mkdir(path.join(root, 'content/docs/many'), { recursive: true })
  const paragraph = 'Tokens keep sensitive values out of your systems, and the proxy forwards them. '.repeat(20)
  const big = Array.from({ length: 160 }, (_, i) => `## Section ${i}\n\n${paragraph}\n`).join('\n')
  expect(big.length).toBeGreaterThan(250_000)
  await writeFile(path.join(root, 'content/docs/index.md'), `# Big page\n\n${big}`)
  for (let i = 0; i < 300; i++) await writeFile(path.join(root, `content/docs/many/page-${i}.md`), `# Page ${i}\n\n[next](/docs/many/page-${(i + 1) % 300})\n`)
  const result = await buildSite(root)
  expect(result.code, result.stderr).toBe(0)
  expect(result.stdout).toMatch(/built 301 pages/)
})
