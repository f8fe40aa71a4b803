import { mkdir, mkdtemp, rename, rm, utimes, writeFile } from 'node:fs/promises'
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

describe("SiteWatcher and the files pages read out of content/ (a snippet's file)", () => {
  function watchNow(included: string[]) {
    const batches: WatchEvent[][] = []
    const places = { root, themeDir: null, included: new Set(included) }
    watcher = new SiteWatcher(places, async (events) => void batches.push(events))
    const seen = () => batches.flat().map((e) => `${e.event} ${path.relative(root, e.path)}`)
    return { seen, places }
  }

  test('a snippet at the top of the site and one beside it are watched; other files are not', async () => {
    await mkdir(path.join(root, 'includes'))
    await writeFile(path.join(root, 'includes/note.md'), 'one')
    await writeFile(path.join(root, 'includes/other.md'), 'other')
    const outside = `${root}-shared`
    await mkdir(outside)
    await writeFile(path.join(outside, 'terms.md'), 'one')
    try {
      const { seen } = watchNow([
        path.join(root, 'includes/note.md'),
        path.join(outside, 'terms.md'),
      ])
      await watcher!.allReady
      await writeFile(path.join(root, 'includes/note.md'), 'two')
      await writeFile(path.join(root, 'includes/other.md'), 'two')
      await writeFile(path.join(outside, 'terms.md'), 'two')
      await expect
        .poll(seen)
        .toEqual(
          expect.arrayContaining([
            'change includes/note.md',
            `change ${path.relative(root, path.join(outside, 'terms.md'))}`,
          ]),
        )
      await watcher!.idle()
      expect(seen().filter((e) => e.includes('other.md'))).toEqual([])
    } finally {
      await rm(outside, { recursive: true, force: true })
    }
  })

  test('a file read first after the start is watched once the places name it, saved in place or by rename', async () => {
    await mkdir(path.join(root, 'includes'))
    const note = path.join(root, 'includes/note.md')
    await writeFile(note, 'one')
    const { seen, places } = watchNow([])
    await watcher!.allReady
    watcher!.setPlaces({ ...places, included: new Set([note]) })
    await expect
      .poll(async () => {
        await writeFile(note, `in place ${Date.now()}`)
        return seen()
      })
      .toContain('change includes/note.md')
    // An editor's save: a new file renamed over the old one.
    const count = () => seen().filter((e) => e.endsWith('includes/note.md')).length
    for (const round of [1, 2]) {
      const before = count()
      await writeFile(`${note}.tmp`, `renamed ${round}`)
      await rename(`${note}.tmp`, note)
      await expect.poll(count).toBeGreaterThan(before)
    }
  })
})
