import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import type { WatchEvent } from './invalidate.js'
import { SiteWatcher } from './watch.js'

let root: string
let watcher: SiteWatcher | undefined
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'ssg-watch-'))
  await mkdir(path.join(root, 'content/docs'), { recursive: true })
  await mkdir(path.join(root, 'static'), { recursive: true })
  await writeFile(path.join(root, 'ssg.config.ts'), 'export default {}\n')
  await writeFile(path.join(root, 'static/logo.svg'), '<svg/>')
  await writeFile(path.join(root, 'static/old.txt'), 'old')
  // Written before the server began: not a change.
  const before = new Date(Date.now() - 60_000)
  for (const file of ['ssg.config.ts', 'static/logo.svg', 'static/old.txt'])
    await utimes(path.join(root, file), before, before)
})
afterEach(async () => {
  await watcher?.close()
  await rm(root, { recursive: true, force: true })
})

function watchLater(since: number) {
  const batches: WatchEvent[][] = []
  let start!: () => void
  const later = new Promise<void>((resolve) => (start = resolve))
  watcher = new SiteWatcher({ root, themeDir: null }, async (events) => void batches.push(events), {
    later,
    since,
  })
  const seen = () => batches.flat().map((e) => `${e.event} ${path.relative(root, e.path)}`)
  return { start, seen }
}

describe('SiteWatcher started late (after the first page)', () => {
  test('the content folder is watched at once; the rest once `later` resolves', async () => {
    const { start, seen } = watchLater(Date.now())
    await watcher!.ready
    await writeFile(path.join(root, 'content/docs/a.md'), '# A\n')
    await expect.poll(seen).toContain('add content/docs/a.md')
    let started = false
    void watcher!.allReady.then(() => (started = true))
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(started).toBe(false)
    start()
    await watcher!.allReady
    await writeFile(path.join(root, 'static/new.txt'), 'new')
    await expect.poll(seen).toContain('add static/new.txt')
  })

  test('files changed between the start and `later` are changes; the others are not events', async () => {
    const { start, seen } = watchLater(Date.now() - 1000)
    await watcher!.ready
    await writeFile(path.join(root, 'ssg.config.ts'), 'export default { title: "B" }\n')
    await writeFile(path.join(root, 'static/logo.svg'), '<svg id="b"/>')
    start()
    await watcher!.allReady
    await watcher!.idle()
    await expect
      .poll(seen)
      .toEqual(expect.arrayContaining(['change ssg.config.ts', 'change static/logo.svg']))
    expect(seen().filter((e) => e.includes('old.txt'))).toEqual([])
    expect(seen().filter((e) => e.startsWith('add ') || e.startsWith('addDir '))).toEqual([])
  })
})
