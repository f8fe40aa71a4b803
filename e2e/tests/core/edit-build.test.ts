import {
  cp,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises'
import path from 'node:path'
import { build } from '@ssg/core'
import { describe, expect, test } from 'vitest'
import { repoRoot } from '../../src/harness.js'

/**
 * Edit builds with the default theme, whose pages show of their sidebar only the top level and
 * the open folder (long lists cut): a page is rendered again when what it shows changed, and the
 * output is the output of a build without any cache.
 */

const now = () => new Date('2026-01-01T00:00:00Z')

/** Top-level pages, a short folder and a long one (cut in the pages' HTML). */
async function makeSite(): Promise<string> {
  // Inside the repository so that the default theme resolves from its node_modules.
  await mkdir(path.join(repoRoot, '.tmp'), { recursive: true })
  const root = await mkdtemp(path.join(repoRoot, '.tmp', 'edit-build-'))
  await put(root, 'content/docs/index.md', '# Home\n\nWelcome.\n')
  await put(root, 'content/docs/faq.md', '# FAQ\n\nAnswers.\n')
  for (const name of ['alpha', 'beta', 'gamma', 'delta'])
    await put(root, `content/docs/guide/${name}.md`, `# Guide ${name}\n\nText of ${name}.\n`)
  for (let i = 10; i < 60; i++)
    await put(root, `content/docs/ref/r${i}.md`, `# Reference ${i}\n\nEntry ${i}.\n`)
  return root
}

async function put(root: string, file: string, content: string) {
  await mkdir(path.dirname(path.join(root, file)), { recursive: true })
  await writeFile(path.join(root, file), content)
}

const run = (root: string, cache = true) => build({ root, workers: 0, now, cache })

/** Every file of a folder: relative path -> inode. */
async function inodes(dir: string): Promise<Map<string, number>> {
  const out = new Map<string, number>()
  for (const file of await readdir(dir, { recursive: true })) {
    const s = await stat(path.join(dir, file))
    if (s.isFile()) out.set(file.split(path.sep).join('/'), s.ino)
  }
  return out
}

/** Builds, edits, builds again: the pages' documents linked from the first build (kept). */
async function editBuild(root: string, edit: () => Promise<void>) {
  await run(root)
  const before = await inodes(path.join(root, 'build'))
  await edit()
  const report = await run(root)
  const after = await inodes(path.join(root, 'build'))
  const kept = [...after]
    .filter(([file, ino]) => file.endsWith('.html') && before.get(file) === ino)
    .map(([file]) => file)
    .sort()
  await expectSameAsColdBuild(root)
  return { kept, rendered: report.renderedPages, pages: report.pages }
}

/** The edit build's output is byte for byte a build of the same site without any cache. */
async function expectSameAsColdBuild(root: string) {
  const warm = path.join(root, 'build-warm')
  await rename(path.join(root, 'build'), warm)
  try {
    await run(root, false)
    const warmFiles = [...(await inodes(warm)).keys()].sort()
    expect(warmFiles).toEqual([...(await inodes(path.join(root, 'build'))).keys()].sort())
    for (const file of warmFiles)
      expect(
        (await readFile(path.join(warm, file))).equals(
          await readFile(path.join(root, 'build', file)),
        ),
        file,
      ).toBe(true)
  } finally {
    await rm(path.join(root, 'build'), { recursive: true, force: true })
    await rename(warm, path.join(root, 'build'))
  }
}

const guide = (name: string) => `docs/guide/${name}.html`

describe('edit builds render the pages whose view changed, and equal a cold build', () => {
  test('a page added to the long folder keeps the pages of the other folder', async () => {
    const root = await makeSite()
    const { kept, rendered } = await editBuild(root, () =>
      put(root, 'content/docs/ref/r60.md', '# Reference 60\n\nEntry 60.\n'),
    )
    expect(kept).toEqual(
      expect.arrayContaining([
        'docs/faq.html',
        'docs/index.html',
        ...['alpha', 'beta', 'gamma', 'delta'].map(guide),
      ]),
    )
    // The long folder's pages show its gap counts: they change, and the new page is rendered.
    expect(kept.filter((f) => f.startsWith('docs/ref/'))).toEqual([])
    expect(rendered).toBe(51)
    await rm(root, { recursive: true, force: true })
  })

  test('a page added to the short folder keeps the pages of the long folder', async () => {
    const root = await makeSite()
    const { kept } = await editBuild(root, () =>
      put(root, 'content/docs/guide/epsilon.md', '# Guide epsilon\n\nText.\n'),
    )
    expect(kept.filter((f) => f.startsWith('docs/ref/')).length).toBeGreaterThanOrEqual(49)
    expect(kept.filter((f) => f.startsWith('docs/guide/'))).toEqual([])
    await rm(root, { recursive: true, force: true })
  })

  const others = ['404.html', 'docs/faq.html', 'docs/index.html']
  // Each edit: the pages rendered again, and the other pages kept (besides the long folder's).
  const edits: Record<
    string,
    { edit: (root: string) => Promise<void>; rendered: number; kept: string[]; keptRef: number }
  > = {
    // The short folder's pages show all its items.
    'a page removed': {
      edit: (root) => rm(path.join(root, 'content/docs/guide/beta.md')),
      rendered: 3,
      kept: others,
      keptRef: 50,
    },
    'a page retitled': {
      edit: (root) => put(root, 'content/docs/guide/beta.md', '# Guide bravo\n\nText.\n'),
      rendered: 4,
      kept: others,
      keptRef: 50,
    },
    // Both folders change.
    'a page moved to another folder': {
      edit: (root) =>
        rename(
          path.join(root, 'content/docs/guide/beta.md'),
          path.join(root, 'content/docs/ref/beta.md'),
        ),
      rendered: 54,
      kept: others,
      keptRef: 0,
    },
    // Every page shows the top level.
    'a top-level page added': {
      edit: (root) => put(root, 'content/docs/about.md', '# About\n\nUs.\n'),
      rendered: 57,
      kept: ['404.html'],
      keptRef: 0,
    },
  }
  for (const [name, expected] of Object.entries(edits))
    test(name, async () => {
      const root = await makeSite()
      const { kept, rendered, pages } = await editBuild(root, () => expected.edit(root))
      expect(rendered).toBe(expected.rendered)
      expect(kept.filter((f) => !f.startsWith('docs/ref/'))).toEqual(expected.kept)
      expect(kept.filter((f) => f.startsWith('docs/ref/')).length).toBe(expected.keptRef)
      // The not-found page is not counted in the site's pages.
      expect(rendered + kept.length).toBe(pages + 1)
      await rm(root, { recursive: true, force: true })
    })
})
