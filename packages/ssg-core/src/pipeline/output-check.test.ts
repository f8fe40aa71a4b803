// The previous build's files are checked (size and mtime) on a thread of their own at 10,000
// pages: a file changed by hand, or gone, must still be made again, whichever thread checked.
import { mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from 'vitest'
import { OutputCache } from './output-cache.js'
import { changedFiles } from './output-check.js'

async function previousBuild(): Promise<{ root: string; outDir: string; cacheDir: string }> {
  const root = await mkdtemp(path.join(tmpdir(), 'ssg-output-check-'))
  const outDir = path.join(root, 'build')
  const cacheDir = path.join(root, '.ssg-cache')
  const staging = path.join(root, 'build.tmp-1')
  const outputs = await OutputCache.open({ cacheDir, outDir, staging })
  await outputs.write(['a', 'b', 'c', 'd'].map((f) => ({ path: `${f}.html`, content: f, key: f })))
  await outputs.commit()
  await outputs.save({ inputKey: 'inputs', pages: 4, messages: [] })
  return { root, outDir, cacheDir }
}

for (const checkInWorker of [true, false])
  test(`files changed since the previous build are not reused (checked ${checkInWorker ? 'on a thread of their own' : 'here'})`, async () => {
    const { root, outDir, cacheDir } = await previousBuild()
    // Same size, another mtime; another size; gone; untouched.
    await utimes(path.join(outDir, 'a.html'), new Date(2000, 1, 1), new Date(2000, 1, 1))
    await writeFile(path.join(outDir, 'b.html'), 'changed by hand')
    await rm(path.join(outDir, 'c.html'))
    const staging = path.join(root, 'build.tmp-2')
    const outputs = await OutputCache.open({ cacheDir, outDir, staging, checkInWorker })
    await outputs.ready()
    expect(await outputs.unchanged('inputs')).toBeNull()
    expect(['a', 'b', 'c', 'd'].map((f) => outputs.reusable(`${f}.html`, f))).toEqual([
      false,
      false,
      false,
      true,
    ])
    // The key decides too.
    expect(outputs.reuse('d.html', 'another key')).toBe(false)
    expect(outputs.reuse('d.html', 'd')).toBe(true)
    await rm(root, { recursive: true, force: true })
  })

test('an untouched output stands; a file added to it is seen', async () => {
  const { root, outDir, cacheDir } = await previousBuild()
  const open = () =>
    OutputCache.open({
      cacheDir,
      outDir,
      staging: path.join(root, 'build.tmp-2'),
      checkInWorker: true,
    })
  expect(await (await open()).unchanged('inputs')).toEqual({ pages: 4, files: 4, messages: [] })
  expect(await (await open()).unchanged('other inputs')).toBeNull()
  await writeFile(path.join(outDir, 'e.html'), 'put there by hand')
  expect(await (await open()).unchanged('inputs')).toBeNull()
  await rm(root, { recursive: true, force: true })
})

test('the check on a thread of its own finds what the check here finds', async () => {
  const { root, outDir } = await previousBuild()
  const files = ['a.html', 'b.html', 'missing.html']
  const sizes = [1, 2, 1]
  const mtimes = await Promise.all(
    files.map(async (f) => (await stat(path.join(outDir, f)).catch(() => null))?.mtimeMs ?? 0),
  )
  const columns = { paths: files, sizes, mtimes }
  const expected = Uint8Array.from([0, 1, 1])
  expect((await changedFiles(outDir, columns, true)).changed).toEqual(expected)
  expect((await changedFiles(outDir, columns, false)).changed).toEqual(expected)
  await rm(root, { recursive: true, force: true })
})

test("the thread lists the output's other entries; an edit's commit removes them unwalked", async () => {
  const { root, outDir, cacheDir } = await previousBuild()
  await mkdir(path.join(outDir, 'docs/deep'), { recursive: true })
  await writeFile(path.join(outDir, 'docs/deep/by-hand.html'), 'x')
  await writeFile(path.join(outDir, 'by-hand.txt'), 'x')
  const columns = { paths: ['a.html', 'b.html', 'c.html', 'd.html'], sizes: [], mtimes: [] }
  const check = await changedFiles(outDir, columns, true)
  expect(check.others?.sort()).toEqual([
    'by-hand.txt',
    'docs/',
    'docs/deep/',
    'docs/deep/by-hand.html',
  ])
  expect((await changedFiles(outDir, columns, false)).others).toBeNull()

  // An edit: b made again, the others kept; what the folder held besides goes.
  const staging = path.join(root, 'build.tmp-2')
  const outputs = await OutputCache.open({ cacheDir, outDir, staging, checkInWorker: true })
  await outputs.ready()
  for (const f of ['a', 'c', 'd']) expect(outputs.reuse(`${f}.html`, f)).toBe(true)
  await outputs.write([{ path: 'b.html', content: 'new b', key: 'new b' }])
  const inode = (await stat(path.join(outDir, 'a.html'))).ino
  await outputs.commit()
  expect((await readdir(outDir)).sort()).toEqual(['a.html', 'b.html', 'c.html', 'd.html'])
  expect((await stat(path.join(outDir, 'a.html'))).ino).toBe(inode)
  expect(await readFile(path.join(outDir, 'b.html'), 'utf8')).toBe('new b')
  await rm(root, { recursive: true, force: true })
})
