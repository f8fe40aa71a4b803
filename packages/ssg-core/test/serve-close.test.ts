import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { expect, test } from 'vitest'
import { makeSite } from './helpers.js'
import { startQuietServer } from './serve-helpers.js'

test('a change still being applied when the server closes is dropped without an error', async () => {
  const root = await makeSite({
    files: { 'content/docs/index.md': '---\ntitle: Home\n---\n\nWelcome.\n' },
  })
  const server = await startQuietServer(root)
  const site = server.site!
  // The change is held at the start of its update until the server has closed.
  let started!: () => void
  let release!: () => void
  let finished!: () => void
  const inUpdate = new Promise<void>((resolve) => (started = resolve))
  const held = new Promise<void>((resolve) => (release = resolve))
  const done = new Promise<void>((resolve) => (finished = resolve))
  const update = site.update.bind(site)
  site.update = async (plan) => {
    started()
    await held
    try {
      return await update(plan)
    } finally {
      finished()
    }
  }
  await writeFile(path.join(root, 'content/docs/index.md'), '---\ntitle: Home\n---\n\nEdited.\n')
  await inUpdate
  await server.close()
  release()
  await done
  await new Promise((resolve) => setImmediate(resolve))
  expect(server.lines.filter((line) => /cannot apply/.test(line))).toEqual([])
})
