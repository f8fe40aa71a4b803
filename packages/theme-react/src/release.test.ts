// `changeset version` on a copy of the workspace's manifests: a recorded change releases the theme
// with a changelog entry and bumps what depends on it.
import { execFile } from 'node:child_process'
import { cp, mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { expect, test } from 'vitest'

const run = promisify(execFile)
const repo = fileURLToPath(new URL('../../..', import.meta.url))

const files = [
  'package.json',
  'pnpm-workspace.yaml',
  '.changeset/config.json',
  'packages/theme-react/package.json',
  'packages/theme-react/CHANGELOG.md',
  'packages/ssg-core/package.json',
  'packages/search-indexer/package.json',
  'sites/docs/package.json',
  'e2e/package.json',
]

const versionOf = async (dir: string, pkg: string) =>
  (JSON.parse(await readFile(path.join(dir, pkg, 'package.json'), 'utf8')) as { version: string })
    .version

test('a major changeset releases the theme with its changelog and bumps the docs site', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'ssg-release-'))
  for (const file of files) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true })
    await cp(path.join(repo, file), path.join(dir, file))
  }
  await writeFile(
    path.join(dir, '.changeset/rename-navbar.md'),
    "---\n'@ssg/theme-react': major\n---\n\nRenamed `Navbar` to `TopNav`: import `TopNav` instead.\n",
  )
  const themeBefore = await versionOf(dir, 'packages/theme-react')
  const siteBefore = await versionOf(dir, 'sites/docs')
  await run(process.execPath, [path.join(repo, 'node_modules/@changesets/cli/bin.js'), 'version'], {
    cwd: dir,
    env: { ...process.env, CI: 'true' },
  })
  const major = Number(themeBefore.split('.')[0]) + 1
  expect(await versionOf(dir, 'packages/theme-react')).toBe(`${major}.0.0`)
  const changelog = await readFile(path.join(dir, 'packages/theme-react/CHANGELOG.md'), 'utf8')
  expect(changelog).toMatch(
    new RegExp(
      `^# @ssg/theme-react\\n\\n## ${major}\\.0\\.0\\n\\n### Major Changes\\n\\n- Renamed \`Navbar\` to \`TopNav\`: import \`TopNav\` instead\\.\\n`,
    ),
  )
  // The earlier releases stay below.
  expect(changelog).toContain(`## ${themeBefore}`)
  // The docs site depends on the theme: patch release.
  const [a, b, c] = siteBefore.split('.').map(Number)
  expect(await versionOf(dir, 'sites/docs')).toBe(`${a}.${b}.${c! + 1}`)
  // The changeset is used up.
  expect(await readdir(path.join(dir, '.changeset'))).toEqual(['config.json'])
}, 60_000)
