// Partials (`_steps.mdx`, imported by pages: see markdown/mdx-partials.ts) in `ssg build`: not
// pages, and a page is built again when a partial it shows changes, its own file unchanged.
import { existsSync } from 'node:fs'
import { readFile, readdir, utimes, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { expect, test } from 'vitest'
import { makeSite } from '../../test/helpers.js'
import { build } from './build.js'

test('an edited partial (nested in another) rebuilds the pages that show it, from the cache', async () => {
  const root = await makeSite({
    files: {
      'content/docs/index.md': '# Home\n',
      'content/docs/setup.mdx': "import Steps from './_steps.mdx'\n\n# Setup\n\n<Steps />\n",
      'content/docs/other.md': '# Other\n',
      'content/docs/_steps.mdx': "import Last from './parts/_last.md'\n\n1. Install.\n\n<Last />\n",
      'content/docs/parts/_last.md': 'Then run it.\n',
    },
  })
  // Files older than discovery's 2 s: the second build takes the pages' hashes from the first's
  // (SourceStats), which must not keep a page whose partial changed.
  const past = new Date(Date.now() - 60_000)
  for (const file of await readdir(path.join(root, 'content'), { recursive: true }))
    await utimes(path.join(root, 'content', file), past, past)
  const page = () => readFile(path.join(root, 'build/docs/setup.html'), 'utf8')
  const first = await build({ root, workers: 0 })
  expect(first.pages).toBe(3)
  expect(await page()).toContain('Then run it.')
  expect(existsSync(path.join(root, 'build/docs/_steps.html'))).toBe(false)
  expect(existsSync(path.join(root, 'build/docs/parts.html'))).toBe(false)

  await writeFile(path.join(root, 'content/docs/parts/_last.md'), 'Then run it twice.\n')
  const second = await build({ root, workers: 0 })
  expect(await page()).toContain('Then run it twice.')
  // The other two pages come from the cache; the page with the partial is compiled again.
  expect(second.cacheHits).toBe(2)
})

test("an edited snippet file (Material for MkDocs' --8<--) rebuilds the pages that include it", async () => {
  const root = await makeSite({
    files: {
      'content/docs/index.md': '# Home\n\n--8<-- "includes/note.md"\n',
      'content/docs/other.md': '# Other\n',
      'includes/note.md': 'A shared note.\n',
    },
  })
  const page = () => readFile(path.join(root, 'build/docs/index.html'), 'utf8')
  await build({ root, workers: 0 })
  expect(await page()).toContain('A shared note.')
  await writeFile(path.join(root, 'includes/note.md'), 'An edited note.\n')
  const second = await build({ root, workers: 0 })
  expect(await page()).toContain('An edited note.')
  expect(second.cacheHits).toBe(1)
})
