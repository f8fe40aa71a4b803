// An edit's build puts its few new files into the output folder in place (`commitInPlace`):
// what it leaves must be what a cold build makes, files and folders, nothing else.
import {
  appendFile,
  cp,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from 'vitest'
import { makeSite } from '../../test/helpers.js'
import { build } from './build.js'
import { commitInPlace } from './write.js'

async function put(dir: string, files: Record<string, string>): Promise<void> {
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true })
    await writeFile(path.join(dir, file), text)
  }
}

/** Every entry of a folder: `file text` for a file, `dir/` for a folder. */
async function tree(dir: string): Promise<string[]> {
  const out: string[] = []
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name)
    const name = path.relative(dir, full).split(path.sep).join('/')
    out.push(entry.isDirectory() ? `${name}/` : `${name} ${await readFile(full, 'utf8')}`)
  }
  return out.sort()
}

test('the staged files replace theirs, the kept stay, anything else goes', async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'ssg-commit-'))
  const outDir = path.join(root, 'build')
  const staging = path.join(root, 'build.tmp-1')
  await put(outDir, {
    'kept/a.txt': 'a',
    'kept/b.txt': 'old b',
    'old.txt': 'of the previous build only',
    'stray/deep/x.txt': 'put there by hand',
    // A file where the new output has a folder, and a folder where it has a file.
    c: 'a file',
    'e/f.txt': 'in a folder',
  })
  await mkdir(path.join(outDir, 'empty/inner'), { recursive: true })
  await put(staging, { 'kept/b.txt': 'new b', 'c/d.txt': 'd', e: 'now a file', 'n/new.txt': 'n' })
  const inode = (await stat(path.join(outDir, 'kept/a.txt'))).ino
  const staged = ['kept/b.txt', 'c/d.txt', 'e', 'n/new.txt']
  commitInPlace(staging, outDir, staged, new Set(['kept/a.txt']))
  expect(await tree(outDir)).toEqual([
    'c/',
    'c/d.txt d',
    'e now a file',
    'kept/',
    'kept/a.txt a',
    'kept/b.txt new b',
    'n/',
    'n/new.txt n',
  ])
  expect((await stat(path.join(outDir, 'kept/a.txt'))).ino).toBe(inode)
  expect(await readdir(root)).toEqual(['build'])
})

/** 40 pages in 4 folders, each linking to the next. */
function siteFiles(): Record<string, string> {
  const files: Record<string, string> = {
    'content/docs/index.md': '# Home\n\nSee [one](./s0/p0.md).\n',
  }
  for (let p = 0; p < 40; p++)
    files[`content/docs/s${p % 4}/p${p}.md`] =
      `# Page ${p}\n\nText of page ${p} with word${p}.\n\n## Part\n\nMore words ${p}.\n`
  return files
}

/** A cold build of a copy of the site's content: its output's tree. */
async function coldTree(site: string, now: () => Date): Promise<string[]> {
  const cold = await makeSite({ files: {} })
  await cp(path.join(site, 'content'), path.join(cold, 'content'), {
    recursive: true,
    preserveTimestamps: true,
  })
  await build({ root: cold, workers: 0, now })
  return tree(path.join(cold, 'build'))
}

test("an edit's build changes its files in place, and leaves what a cold build leaves", async () => {
  const root = await makeSite({ files: siteFiles() })
  const at = (ms: number) => () => new Date(ms)
  await build({ root, workers: 0, now: at(1_000) })
  const outDir = path.join(root, 'build')
  const folder = (await stat(outDir)).ino
  const kept = (await stat(path.join(outDir, 'docs/s1/p1.html'))).ino

  // A sentence more, and things put in the output folder by hand.
  await appendFile(path.join(root, 'content/docs/s0/p4.md'), '\nOne more sentence.\n')
  await put(outDir, { 'by-hand.txt': 'x', 'docs/s2/by-hand.html': 'x', 'stray/a/b.txt': 'x' })
  let report = await build({ root, workers: 0, now: at(2_000) })
  expect(report.keptPages).toBe(40)
  // The same folder (no swap), the other pages' files as they were.
  expect((await stat(outDir)).ino).toBe(folder)
  expect((await stat(path.join(outDir, 'docs/s1/p1.html'))).ino).toBe(kept)
  expect(await readFile(path.join(outDir, 'docs/s0/p4.html'), 'utf8')).toContain('One more')
  expect(await tree(outDir)).toEqual(await coldTree(root, at(2_000)))
  expect((await readdir(root)).filter((f) => f.startsWith('build.'))).toEqual([])

  // A folder's pages deleted but one: the folder's other files go, the folder stays.
  for (let p = 3; p < 40; p += 4) if (p !== 3) await rm(path.join(root, `content/docs/s3/p${p}.md`))
  report = await build({ root, workers: 0, now: at(3_000) })
  expect(await tree(outDir)).toEqual(await coldTree(root, at(3_000)))

  // Then an edit again, in place.
  await appendFile(path.join(root, 'content/docs/s2/p6.md'), '\nAnother sentence.\n')
  report = await build({ root, workers: 0, now: at(4_000) })
  expect(report.keptPages).toBeGreaterThan(20)
  expect((await stat(outDir)).ino).toBe(folder)
  expect(await tree(outDir)).toEqual(await coldTree(root, at(4_000)))
}, 600_000)
