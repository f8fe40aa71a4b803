import { VFile } from 'vfile'
import { expect, test } from 'vitest'
import rehypeStringify from 'rehype-stringify'
import {
  collectIncludes,
  hashWithIncludes,
  includeKey,
  includedFiles,
  type Includes,
  isPartialName,
  partialImports,
} from './mdx-partials.js'
import { markdownToHast } from './to-hast.js'

/** A page's HTML (the processor's Markdown steps) with these partials, and its messages. */
async function render(markdown: string, includes?: Includes) {
  const file = new VFile({ path: 'content/docs/guide/page.mdx', value: markdown })
  if (includes) file.data.includes = includes
  const html = String(await markdownToHast().use(rehypeStringify).process(file))
  return { html, messages: file.messages.map((m) => [m.ruleId, m.line, m.reason]) }
}

test("partial names: a leading underscore, but Hugo's _index.md is a page", () => {
  expect(['_intro.mdx', '_Shared.md', '_x.markdown'].map(isPartialName)).toEqual([true, true, true])
  expect(['_index.md', 'intro.mdx', '_intro.txt', 'a_b.md'].map(isPartialName)).toEqual([
    false,
    false,
    false,
    false,
  ])
})

test('default imports of relative Markdown files are partial imports; others are not', () => {
  const source = [
    "import Intro from './_intro.mdx'",
    'import Setup from "../common/_setup.md";',
    "import Tabs from '@theme/Tabs'",
    "import { toc } from './_intro.mdx'",
    "import Data from './data.json'",
    "import Note from '@site/src/components/_note.mdx';",
    "import Beta from './\\_beta_support.mdx'; import Two from './_two.md';",
  ].join('\n')
  expect(partialImports(source)).toEqual([
    { name: 'Intro', specifier: './_intro.mdx' },
    { name: 'Setup', specifier: '../common/_setup.md' },
    { name: 'Note', specifier: '@site/src/components/_note.mdx' },
    { name: 'Beta', specifier: './_beta_support.mdx' },
    { name: 'Two', specifier: './_two.md' },
  ])
})

test("a partial's key is its path from the page's folder, for a path from the site too", () => {
  expect(includeKey('', './_a.md', 'content/docs/guide')).toBe('_a.md')
  expect(includeKey('../common', './_b.md', 'content/docs/guide')).toBe('../common/_b.md')
  expect(includeKey('', '@site/src/_note.mdx', 'content/docs/guide')).toBe('../../../src/_note.mdx')
  expect(includeKey('../../../src', '@site/content/docs/_x.md', 'content/docs/guide')).toBe(
    '../_x.md',
  )
})

test('includes: nested partials by their path from the page, missing ones null, cycles read once', () => {
  const files: Record<string, string> = {
    '_a.mdx': "import B from '../common/_b.md'\n\nA <B />",
    '../common/_b.md': "import C from './_c.md'\nimport A from '../guide/_a.mdx'\n\nB",
    '../common/_c.md': 'C',
    '../guide/_a.mdx': "import B from '../common/_b.md'",
  }
  const read: string[] = []
  const includes = collectIncludes(
    "import A from './_a.mdx'\nimport Gone from './_gone.md'",
    'content/docs/guide',
    (key) => {
      read.push(key)
      return files[key] ?? null
    },
  )
  expect(includes).toEqual({
    '_a.mdx': files['_a.mdx'],
    '../common/_b.md': files['../common/_b.md'],
    '../common/_c.md': 'C',
    '../guide/_a.mdx': files['../guide/_a.mdx'],
    '_gone.md': null,
  })
  expect(new Set(read).size).toBe(read.length)
  expect(collectIncludes('# No imports', '', () => 'x')).toBeNull()
})

test("a page's hash changes with its partials' texts, and is its own without any", () => {
  expect(hashWithIncludes('h', null)).toBe('h')
  const one = hashWithIncludes('h', { '_a.md': 'A' })
  expect(one).not.toBe('h')
  expect(hashWithIncludes('h', { '_a.md': 'A!' })).not.toBe(one)
  expect(hashWithIncludes('h', { '_a.md': null })).not.toBe(one)
})

test("a page's included files: each partial's, and each place a snippet's file is looked for", () => {
  const includes = { '_a.md': 'A', '../common/_b.md': null, '--8<-- docs/x.py': 'x = 1' }
  expect(includedFiles(includes, 'content/docs/guide/page.md').sort()).toEqual([
    'content/docs/common/_b.md',
    'content/docs/guide/_a.md',
    'content/docs/guide/docs/x.py',
    'content/docs/x.py',
    'docs/x.py',
  ])
})

test('a partial shows where the page uses it, with no mdx-esm warning for its import', async () => {
  const { html, messages } = await render(
    "import Intro from './_intro.mdx'\n\n# Page\n\n<Intro />\n\nAfter.\n",
    { '_intro.mdx': '---\ntitle: ignored\n---\n\n## Shared heading\n\nShared *text*.\n' },
  )
  expect(html).toBe(
    '<h1>Page</h1>\n<h2>Shared heading</h2>\n<p>Shared <em>text</em>.</p>\n<p>After.</p>',
  )
  expect(messages).toEqual([])
})

test("nested partials, a partial's links read from its own folder, its prose directives kept", async () => {
  const { html } = await render("import Setup from '../common/_setup.md'\n\n<Setup></Setup>\n", {
    '../common/_setup.md':
      "import Step from './steps/_step.md'\n\nSee [install](./install.md) at 10:30.\n\n<Step />",
    '../common/steps/_step.md':
      '::: tip Title\nA [step](../guide/next.md) ![logo](img/logo.png).\n:::',
  })
  expect(html).toContain('<a href="../common/install.md">install</a> at 10:30.')
  expect(html).toContain('<a href="../common/guide/next.md">step</a>')
  expect(html).toContain('src="../common/steps/img/logo.png"')
  expect(html).toContain('Title')
})

test('a partial that cannot be read, or imports itself, is left out with a warning at its usage', async () => {
  const { html, messages } = await render(
    "import Gone from './_gone.md'\nimport Loop from './_loop.md'\n\n# Page\n\n<Gone />\n\n<Loop />\n",
    { '_gone.md': null, '_loop.md': "import Loop from './_loop.md'\n\nLoop text.\n\n<Loop />" },
  )
  expect(html).toBe('<h1>Page</h1>\n<p>Loop text.</p>')
  expect(messages).toEqual([
    [
      'mdx-partial',
      6,
      expect.stringContaining('`<Gone />` cannot be read (no file `content/docs/guide/_gone.md`)'),
    ],
    [
      'mdx-partial',
      8,
      expect.stringContaining('imports itself (through `_loop.md` -> `_loop.md`)'),
    ],
  ])
})

test("what a partial reports is placed at its usage; its other statements count in the page's warning", async () => {
  const { messages } = await render("import Intro from './_intro.mdx'\n\n# Page\n\n<Intro />\n", {
    '_intro.mdx': "import Tabs from '@theme/Tabs'\n\n<Tabs>Hi</Tabs>\n",
  })
  expect(messages).toEqual([
    ['mdx-esm', undefined, expect.stringMatching(/^An MDX/)],
    ['unknown-component', 5, expect.stringContaining('`<Tabs>`')],
  ])
})
