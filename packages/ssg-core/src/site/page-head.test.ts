import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import remarkFrontmatter from 'remark-frontmatter'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import { VFile } from 'vfile'
import { isPartialPath } from '../markdown/mdx-partials.js'
import { describe, expect, test } from 'vitest'
import type { ResolvedConfig } from '../config/load-config.js'
import { createProcessor } from '../markdown/processor.js'
import { remarkFrontMatter } from '../markdown/remark-front-matter.js'
import { compilePage } from '../pipeline/compile-page.js'
import { sourcePageOf, type SourcePage } from '../pipeline/discover.js'
import { hash } from '../util/hash.js'
import { headKey, readPageHead, splitFrontMatter } from './page-head.js'

const repo = fileURLToPath(new URL('../../../..', import.meta.url))
const processor = createProcessor({
  themes: { light: 'github-light', dark: 'github-dark' },
  extraLanguages: [],
})

/** A page of a site in `root` (only the fields discovery needs are set in the config). */
function source(root: string, file: string, text?: string): SourcePage {
  const config = {
    root,
    docs: { basePath: '/docs' },
    markdown: { snippets: { paths: [], append: [] } },
  } as unknown as ResolvedConfig
  return sourcePageOf(
    config,
    path.join(root, file),
    text ?? readFileSync(path.join(root, file), 'utf8'),
  )!
}

function markdownFiles(dir: string): string[] {
  return (
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      // As discovery: Markdown files, not those in hidden folders, nor partials.
      .filter(
        (f) =>
          /\.(md|markdown)$/.test(f) && !/(^|[\\/])\.[^\\/]*[\\/]/.test(f) && !isPartialPath(f),
      )
      .map((f) => path.join(dir, f))
  )
}

/** The front matter as the compile reads it (its own plugin), without the rest of the compile. */
function compiledFrontMatter(text: string) {
  const file = new VFile({ value: text })
  const parse = unified().use(remarkParse).use(remarkFrontmatter, ['yaml']).use(remarkFrontMatter)
  parse.runSync(parse.parse(file), file)
  return file.data.frontMatter
}

/** The sites of the repository: the docs site, the core's fixtures, the browser tests' sites. */
const SITES = [
  'sites/docs',
  ...readdirSync(path.join(repo, 'packages/ssg-core/test/fixtures')).map(
    (name) => `packages/ssg-core/test/fixtures/${name}`,
  ),
  'e2e/tests/theme/site',
  'e2e/tests/theme/brand-site',
  'e2e/tests/theme/crash-site',
]

describe('a page head gives the title and front matter the compile gives', () => {
  test.each(SITES)('every page of %s', async (site) => {
    const root = path.join(repo, site)
    const pages = markdownFiles(path.join(root, 'content')).map((f) =>
      source(root, path.relative(root, f)),
    )
    expect(pages.length).toBeGreaterThan(0)
    for (const page of pages) {
      const head = await readPageHead(page)
      expect(head.frontMatter, page.file).toEqual(compiledFrontMatter(page.source))
      // Titles from front matter are the front matter's; the others need the whole compile.
      if (head.frontMatter.title) continue
      const compiled = await compilePage(page, await processor)
      expect(headKey(head), page.file).toBe(headKey(compiled))
    }
  })

  const cases: Array<[string, string]> = [
    ['a front matter title', '---\ntitle: From front matter\n---\n\n# A heading\n'],
    ['a plain heading', '# Getting started\n\nText.\n'],
    ['a heading after blank lines', '---\nsidebar_position: 2\n---\n\n\n# Late heading #\n'],
    ['a closing sequence', '# Title ##\n'],
    ['a hash inside', '# C# and F#\n'],
    ['emphasis and code', '# The *`tokenize`* call, __strongly__\n'],
    ['an escape and an entity', '# A \\*star\\* &amp; more\n'],
    ['a link', '# See [the guide](/docs/guide)\n'],
    ['a reference defined later', '# See [the API][api]\n\nText.\n\n[api]: /docs/api\n'],
    ['a footnote', '# Title[^1]\n\nText.\n\n[^1]: A note.\n'],
    ['an image', '# Logo ![the logo](/img/logo.svg) here\n'],
    ['raw HTML inside', '# A <em>raw</em> word\n'],
    ['a setext heading', 'Setext title\n============\n\nText.\n'],
    ['a second-level heading first', '## Not a title\n\n# Later\n'],
    ['a paragraph first', 'Intro text.\n\n# Heading\n'],
    ['a comment first', '<!-- a comment -->\n\n# After the comment\n'],
    ['a long comment first', '<!--\n\nspans\n\nblank lines\n-->\n\n# After the long comment\n'],
    ['an HTML heading', '<h1>Raw <b>HTML</b> heading</h1>\n\nText.\n'],
    ['a directive first', ':::note\nA note.\n:::\n\n# Heading\n'],
    ['a text directive in the heading', '# Meet at 10:30 sharp\n'],
    ['strikethrough', '# Old ~~new~~ title\n'],
    ['an empty heading', '#\n\nText.\n'],
    ['no heading', 'Only text.\n'],
    ['an empty file', ''],
    ['invalid front matter', '---\ntitle: [unclosed\n---\n\n# Heading title\n'],
    ['front matter of the wrong type', '---\ntitle: 42\n---\n\n# Heading title\n'],
    ['unclosed front matter', '---\ntitle: Never closed\n\n# Heading\n'],
    ['blank lines in front matter', '---\ntitle: A\n\n\ndescription: B\n---\n# H\n'],
    ['an empty front matter', '---\n---\n# After empty front matter\n'],
    ['crlf line endings', '---\r\ntitle: Windows\r\n---\r\n\r\n# Heading\r\n'],
    ['crlf without a title', '---\r\nsidebar_position: 1\r\n---\r\n\r\n# Windows heading\r\n'],
    ['a slug', '---\nslug: /docs/elsewhere\nsidebar_label: Short\n---\n# Moved\n'],
    ['a relative slug', '---\nslug: ../start\n---\n# Moved up\n'],
    ['a Docusaurus id', '---\nid: other-name\n---\n# Named by id\n'],
    ['an id and a slug', '---\nid: by-id\nslug: by-slug\n---\n'],
    ['an id with a slash', '---\nid: a/b\n---\n'],
    ['quoted values', "---\ntitle: 'It''s: quoted'\ndescription: \"x\"\n---\n"],
    ['a list', '---\nkeywords:\n  - a\n  - b\n---\n# With keywords\n'],
    ['a byte order mark', '\ufeff---\ntitle: With a BOM\n---\n'],
    ['indented code first', '    # not a heading\n\n# Heading\n'],
    ['a heading id', '# Custom id {#custom}\n\nText.\n'],
    ['a macro in the heading', '# The {{cssxref("color")}} property\n'],
    ['a GitHub alert first', '> [!NOTE]\n> Read this.\n\n# Heading\n'],
    ['a titled container first', '::: tip Title\nText.\n:::\n\n# Heading\n'],
  ]

  test.each(cases)('%s', async (_name, text) => {
    const page = source('/site', 'content/docs/guide/intro-page.md', text)
    page.hash = hash(text)
    const head = await readPageHead(page)
    const compiled = await compilePage(page, await processor)
    expect(head.title).toBe(compiled.title)
    expect(head.route).toBe(compiled.route)
    expect(head.frontMatter).toEqual(compiled.frontMatter)
  })
})

describe('routes from front matter', () => {
  const routeOf = async (file: string, text: string) =>
    (await readPageHead(source('/site', file, text))).route
  test('a Docusaurus `id` names the last segment of the route, as there', async () => {
    expect(await routeOf('content/docs/faq/State.md', '---\nid: organizing-state\n---\n')).toBe(
      '/docs/faq/organizing-state',
    )
    expect(await routeOf('content/docs/State.md', '---\nid: state\n---\n')).toBe('/docs/state')
    // `slug` wins; a folder's index page keeps the folder's route; an id that is no segment is
    // not read as one.
    expect(await routeOf('content/docs/faq/a.md', '---\nid: b\nslug: c\n---\n')).toBe('/docs/faq/c')
    expect(await routeOf('content/docs/faq/index.md', '---\nid: faq-home\n---\n')).toBe(
      '/docs/faq/',
    )
    for (const id of ['a/b', '..', "' x'", '""', '42'])
      expect(await routeOf('content/docs/faq/a.md', `---\nid: ${id}\n---\n`)).toBe('/docs/faq/a')
  })
})

describe('splitFrontMatter', () => {
  test('finds the YAML and where the Markdown starts', () => {
    expect(splitFrontMatter('---\na: 1\n---\n# H')).toEqual({ yaml: 'a: 1', body: 13 })
    expect(splitFrontMatter('---\n---\nx')).toEqual({ yaml: '', body: 8 })
    expect(splitFrontMatter('--- \r\na: 1\r\n---  \r\nx')).toEqual({ yaml: 'a: 1', body: 19 })
    expect(splitFrontMatter('----\na: 1\n---\n')).toBeNull()
    expect(splitFrontMatter('\n---\na: 1\n---\n')).toBeNull()
    expect(splitFrontMatter('---\na: 1\n')).toBeNull()
  })
})
