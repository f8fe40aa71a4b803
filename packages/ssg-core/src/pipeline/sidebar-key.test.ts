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
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { build } from './build.js'

const customTheme = fileURLToPath(new URL('../../test/fixture-theme-custom', import.meta.url))
const now = () => new Date('2026-01-01T00:00:00Z')

/**
 * A theme (with customisation points) whose page shows of its sidebar the top level and the items
 * of the folder holding the page, and says so with `sidebarView` when `view` is set.
 */
const server = (view: boolean) => `
import { Banner } from './components/Banner.js'
export const contractVersion = 2
export const customization = {
  components: { Banner: { module: './components/Banner.js', stability: 'stable' } },
  slots: { names: [], module: './slot-registry.js' },
}
const holds = (item, path) =>
  item.type === 'link' ? item.href === path : item.items.some((i) => holds(i, path))
${view ? 'export ' : ''}function sidebarView(sidebar, path) {
  return sidebar.items.map((item) =>
    item.type === 'link'
      ? [item.label, item.href]
      : [item.label, holds(item, path) ? item.items.map((i) => [i.label, i.href]) : null],
  )
}
const esc = (s) => String(s).replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c])
export function renderPage({ site, page, sidebar }) {
  return {
    head: '',
    htmlAttributes: {},
    body:
      Banner({ title: site.title }) +
      \`<nav>\${sidebar ? esc(JSON.stringify(sidebarView(sidebar, page.path))) : ''}</nav>\` +
      \`<main><article data-ssg-article="">\${page.html}</article></main>\` +
      \`<footer>\${page.prev ? esc(page.prev.href) : ''} \${page.next ? esc(page.next.href) : ''}</footer>\`,
  }
}
`

/** A site of two folders of three pages; `components` replaces the theme's banner. */
async function makeSite(options: { view: boolean; components?: boolean }): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'ssg-sidebar-key-'))
  await cp(customTheme, path.join(root, 'theme'), { recursive: true })
  await writeFile(path.join(root, 'theme/server.js'), server(options.view))
  await writeFile(
    path.join(root, 'override.js'),
    'export function Banner({ title }) {\n  return `<header>${title}!</header>`\n}\n',
  )
  const config = {
    title: 'Sidebar key',
    url: 'https://example.com',
    theme: {
      package: './theme',
      ...(options.components ? { components: ['./override.js'] } : {}),
    },
  }
  await writeFile(path.join(root, 'ssg.config.ts'), `export default ${JSON.stringify(config)}\n`)
  await put(root, 'content/docs/index.md', '# Home\n\nWelcome.\n')
  for (const folder of ['alpha', 'beta'])
    for (const n of [1, 2, 3])
      await put(root, `content/docs/${folder}/p${n}.md`, `# ${folder} ${n}\n\nText ${n}.\n`)
  return root
}

async function put(root: string, file: string, content: string) {
  await mkdir(path.dirname(path.join(root, file)), { recursive: true })
  await writeFile(path.join(root, file), content)
}

const run = (root: string) => build({ root, workers: 0, now })

/** The HTML files of the output folder: relative path -> inode. */
async function htmlInodes(root: string, folder = 'build'): Promise<Map<string, number>> {
  const out = new Map<string, number>()
  for (const file of await readdir(path.join(root, folder), { recursive: true }))
    if (file.endsWith('.html'))
      out.set(file.split(path.sep).join('/'), (await stat(path.join(root, folder, file))).ino)
  return out
}

/** HTML files of the second build linked from the first (kept, not rendered). */
async function keptAfter(root: string, edit: () => Promise<void>) {
  await run(root)
  const before = await htmlInodes(root)
  await edit()
  const report = await run(root)
  const after = await htmlInodes(root)
  const kept = [...after].filter(([file, ino]) => before.get(file) === ino).map(([f]) => f)
  return { kept: kept.sort(), rendered: report.renderedPages, pages: after.size }
}

/** Every output file equals a build of the same site without any cache. */
async function expectSameAsColdBuild(root: string) {
  const warm = path.join(root, 'build-warm')
  await rename(path.join(root, 'build'), warm)
  try {
    await build({ root, cache: false, workers: 0, now })
    const files = async (dir: string) =>
      (await readdir(dir, { recursive: true, withFileTypes: true }))
        .filter((e) => e.isFile())
        .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
        .sort()
    const warmFiles = await files(warm)
    expect(warmFiles).toEqual(await files(path.join(root, 'build')))
    for (const file of warmFiles)
      expect(await readFile(path.join(warm, file), 'utf8'), file).toBe(
        await readFile(path.join(root, 'build', file), 'utf8'),
      )
  } finally {
    await rm(path.join(root, 'build'), { recursive: true, force: true })
    await rename(warm, path.join(root, 'build'))
  }
}

const addToAlpha = (root: string) => () =>
  put(root, 'content/docs/alpha/p4.md', '# alpha 4\n\nText 4.\n')

describe('a page is rendered again when what it shows of its sidebar changes', () => {
  test("with the theme's sidebar view: a page added to one folder keeps the other folder's pages", async () => {
    const root = await makeSite({ view: true })
    const { kept, rendered, pages } = await keptAfter(root, addToAlpha(root))
    // beta/p1's previous page is the new alpha/p4: its data changed.
    expect(kept).toEqual(['404.html', 'docs/beta/p2.html', 'docs/beta/p3.html', 'docs/index.html'])
    expect(rendered).toBe(pages - kept.length)
    await expectSameAsColdBuild(root)
  })

  test('without a sidebar view, every page showing the sidebar is rendered again', async () => {
    const root = await makeSite({ view: false })
    const { kept } = await keptAfter(root, addToAlpha(root))
    expect(kept).toEqual(['404.html'])
    await expectSameAsColdBuild(root)
  })

  test('a site replacing theme components does not use the view (a replacement is handed the whole sidebar)', async () => {
    const root = await makeSite({ view: true, components: true })
    const { kept } = await keptAfter(root, addToAlpha(root))
    expect(kept).toEqual(['404.html'])
    await expectSameAsColdBuild(root)
  })
})
