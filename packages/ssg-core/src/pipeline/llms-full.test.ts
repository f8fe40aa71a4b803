// `llms-full.txt` is keyed by what its parts are made from (each page's URL and twin key), not
// hashed: the key must be the same whether a build kept its pages or made them, and a build
// whose twins are unchanged must leave the previous file in place rather than write 41 MB.
import { appendFile, cp, readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { expect, test } from 'vitest'
import { makeSite } from '../../test/helpers.js'
import { build } from './build.js'

const at = (ms: number) => () => new Date(ms)

function siteFiles(): Record<string, string> {
  const files: Record<string, string> = {
    'content/docs/index.md': '# Home\n\nSee [one](./p1.md).\n',
    'content/docs/hidden.md': '---\nsearch: false\n---\n\n# Hidden\n\nNo twin.\n',
  }
  for (let p = 0; p < 12; p++)
    files[`content/docs/p${p}.md`] = `# Page ${p}\n\nText of page ${p}.\n\n## Part\n\nMore ${p}.\n`
  return files
}

/** The key the manifest records for `llms-full.txt`. */
async function fullKey(root: string): Promise<string> {
  const manifest = JSON.parse(await readFile(path.join(root, '.ssg-cache/outputs.json'), 'utf8'))
  const { paths, keys } = manifest.files as { paths: string[]; keys: string[] }
  return keys[paths.indexOf('llms-full.txt')]!
}

test('llms-full.txt: one key whether its pages were kept or made; unchanged, it stays', async () => {
  const root = await makeSite({ files: siteFiles() })
  await build({ root, workers: 0, now: at(1_000) })
  const full = path.join(root, 'build/llms-full.txt')

  // A page edited: its part made, the others' copied from the previous file.
  await appendFile(path.join(root, 'content/docs/p5.md'), '\nOne more sentence.\n')
  const report = await build({ root, workers: 0, now: at(2_000) })
  expect(report.keptPages).toBe(13)
  const cold = await makeSite({ files: {} })
  await cp(path.join(root, 'content'), path.join(cold, 'content'), {
    recursive: true,
    preserveTimestamps: true,
  })
  await build({ root: cold, workers: 0, now: at(2_000) })
  expect(await readFile(full, 'utf8')).toBe(
    await readFile(path.join(cold, 'build/llms-full.txt'), 'utf8'),
  )
  expect(await readFile(full, 'utf8')).toContain('One more sentence.')
  // llms.txt lists the pages llms-full.txt holds, in its order (one list made for both).
  expect(await readFile(path.join(root, 'build/llms.txt'), 'utf8')).toBe(
    await readFile(path.join(cold, 'build/llms.txt'), 'utf8'),
  )
  expect(await fullKey(root)).toBe(await fullKey(cold))

  // A page without a twin edited: llms-full.txt is the previous build's file, left in place.
  const before = await stat(full)
  await appendFile(path.join(root, 'content/docs/hidden.md'), '\nStill no twin.\n')
  expect((await build({ root, workers: 0, now: at(3_000) })).keptPages).toBe(13)
  const after = await stat(full)
  expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs])
}, 300_000)
