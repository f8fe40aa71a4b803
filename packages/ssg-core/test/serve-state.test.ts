import { describe, expect, test } from 'vitest'
import { loadConfig } from '../src/config/load-config.js'
import { compilePages } from '../src/pipeline/compile.js'
import type { CompiledPage } from '../src/pipeline/compile-page.js'
import { discoverPages } from '../src/pipeline/discover.js'
import { createSiteState, updateSiteState, type SiteState } from '../src/serve/site-state.js'
import { makeSite } from './helpers.js'

const page = (title: string, body: string, extra = '') =>
  `---\ntitle: ${title}\n${extra}---\n\n${body}\n`

const files = {
  'content/docs/index.md': page(
    'Home',
    'See [guide](./guide.md#usage), [api](/docs/ref/api) and [x](/docs/nope).',
  ),
  'content/docs/guide.md': page(
    'Guide',
    '## Usage\n\nUse it. [Back](/docs/#missing).',
    'sidebar_position: 1\n',
  ),
  'content/docs/ref/index.md': page('Reference', 'Intro.'),
  'content/docs/ref/api.md': page('API', 'Details. [Guide usage](/docs/guide#usage).'),
  'content/pages/index.md': page('Landing', 'Welcome to [the docs](/docs/).', 'layout: page\n'),
}

/** Compiles the site's pages, with `overrides` (file -> new Markdown) applied. */
async function compileSite(root: string, overrides: Record<string, string> = {}) {
  const config = await loadConfig({ root })
  const sources = (await discoverPages({ config, messages: [] })).map((s) =>
    overrides[s.file] ? { ...s, source: overrides[s.file]!, hash: s.hash + '*' } : s,
  )
  const { pages } = await compilePages({ pages: sources, config, cacheDir: null, workers: 0 })
  return { config, pages }
}

const lastUpdated = new Map([['content/docs/guide.md', '2026-01-01T00:00:00.000Z']])

function fullState(config: SiteState['config'], compiled: CompiledPage[]) {
  return createSiteState({ config, compiled, staticFiles: new Set(), lastUpdated })
}

const comparable = (state: SiteState) => ({
  pages: state.pages,
  sidebars: state.sidebars,
  redirects: state.redirects,
  pageData: state.pageData,
  messages: state.messages,
})

describe('updateSiteState equals createSiteState for the edits it takes', () => {
  test.each([
    [
      'a body edit',
      'content/docs/guide.md',
      page('Guide', '## Usage\n\nNew words, [bad](/docs/gone).', 'sidebar_position: 1\n'),
    ],
    ['a new broken link', 'content/docs/ref/api.md', page('API', 'Now [broken](/docs/ref/apx).')],
    ['a fixed link', 'content/docs/index.md', page('Home', 'See [guide](./guide.md#usage).')],
    ['the landing page', 'content/pages/index.md', page('Landing', 'Changed.', 'layout: page\n')],
  ])('%s', async (_name, file, markdown) => {
    const root = await makeSite({ files })
    const before = await compileSite(root)
    const after = await compileSite(root, { [file]: markdown })
    const previous = fullState(before.config, before.pages)
    const edited = after.pages.find((p) => p.file === file)!
    const updated = updateSiteState(previous, [edited], lastUpdated)
    expect(updated).not.toBeNull()
    expect(comparable(updated!)).toEqual(comparable(fullState(after.config, after.pages)))
  })

  test.each([
    [
      'a new title (sidebar label)',
      'content/docs/guide.md',
      page('Manual', '## Usage\n\nUse it.', 'sidebar_position: 1\n'),
    ],
    [
      'a new position',
      'content/docs/guide.md',
      page('Guide', '## Usage\n\nUse it.', 'sidebar_position: 3\n'),
    ],
    [
      'a removed heading (anchors)',
      'content/docs/guide.md',
      page('Guide', 'Use it.', 'sidebar_position: 1\n'),
    ],
    ['a new slug (route)', 'content/docs/ref/api.md', page('API', 'Details.', 'slug: /docs/api\n')],
    ['leaving the sidebar', 'content/docs/ref/api.md', page('API', 'Details.', 'sidebar: false\n')],
  ])('%s needs the full computation', async (_name, file, markdown) => {
    const root = await makeSite({ files })
    const before = await compileSite(root)
    const after = await compileSite(root, { [file]: markdown })
    const previous = fullState(before.config, before.pages)
    const edited = after.pages.find((p) => p.file === file)!
    expect(updateSiteState(previous, [edited], lastUpdated)).toBeNull()
  })

  test('a page the state does not know needs the full computation', async () => {
    const root = await makeSite({ files })
    const { config, pages } = await compileSite(root)
    const previous = fullState(config, pages.slice(1))
    expect(updateSiteState(previous, [pages[0]!], lastUpdated)).toBeNull()
  })
})
