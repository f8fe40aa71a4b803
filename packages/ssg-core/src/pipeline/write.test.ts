import { once } from 'node:events'
import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from 'vitest'
import { leftOldOutputs, removeInBackground, swapIntoPlace } from './write.js'

async function folderWith(dir: string, text: string): Promise<void> {
  await mkdir(path.join(dir, 'docs'), { recursive: true })
  await writeFile(path.join(dir, 'docs/a.html'), text)
}

test('the swap puts the new output in place and removes the old one before it resolves', async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'ssg-swap-'))
  const outDir = path.join(root, 'build')
  await folderWith(outDir, 'old')
  await folderWith(path.join(root, 'build.tmp-1'), 'new')
  await swapIntoPlace(path.join(root, 'build.tmp-1'), outDir)
  expect(await readFile(path.join(outDir, 'docs/a.html'), 'utf8')).toBe('new')
  expect(await readdir(root)).toEqual(['build'])
})

test('with a background removal, the old output is removed by a process of its own', async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'ssg-swap-'))
  const outDir = path.join(root, 'build')
  await folderWith(outDir, 'old')
  await folderWith(path.join(root, 'build.tmp-1'), 'new')
  const { removal } = await swapIntoPlace(path.join(root, 'build.tmp-1'), outDir, 'background')
  expect(await readFile(path.join(outDir, 'docs/a.html'), 'utf8')).toBe('new')
  await once(removal!, 'exit')
  expect(await readdir(root)).toEqual(['build'])
})

test("old outputs left by earlier builds are found, and only they (not other folders' names)", async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'ssg-swap-'))
  const outDir = path.join(root, 'build')
  for (const name of [
    'build',
    'build.old-12-34',
    'build.old-56-78',
    'build.old-x',
    'builder.old-1-2',
  ])
    await folderWith(path.join(root, name), name)
  const left = leftOldOutputs(outDir, path.join(root, 'build.old-56-78'))
  expect(left).toEqual([path.join(root, 'build.old-12-34')])
  await once(removeInBackground(left)!, 'exit')
  expect((await readdir(root)).sort()).toEqual([
    'build',
    'build.old-56-78',
    'build.old-x',
    'builder.old-1-2',
  ])
  expect(removeInBackground([])).toBeNull()
})
