import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { Root } from 'mdast'
import { directiveToMarkdown } from 'mdast-util-directive'
import { frontmatterToMarkdown } from 'mdast-util-frontmatter'
import { gfmToMarkdown } from 'mdast-util-gfm'
import { toMarkdown } from 'mdast-util-to-markdown'
import remarkDirective from 'remark-directive'
import remarkFrontmatter from 'remark-frontmatter'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import { visit } from 'unist-util-visit'
import { VFile } from 'vfile'
import { describe, expect, test } from 'vitest'
import { loadApis, scanDirectives } from '../openapi/apis.js'
import { remarkOpenapi } from './remark-openapi.js'
import type { ResolvedConfig } from '../config/load-config.js'

const fixture = fileURLToPath(new URL('../../test/fixtures/openapi/', import.meta.url))

/** The fixture spec's page through the plugin, back to Markdown (what a `.md` twin is made from). */
async function render(markdown: string, file = 'content/docs/api/notes.md', parsed: string[] = []) {
  const messages: Array<{ message: string }> = []
  const apis = await loadApis({
    config: {
      root: fixture,
      configFile: null,
      url: 'https://docs.notes.example',
      openapi: { notes: { file: 'openapi/notes.yaml', tabGroup: 'lang' } },
    } as unknown as ResolvedConfig,
    sources: [
      {
        file,
        route: '/docs/api/notes',
        source: await readFile(fixture + 'content/docs/api/notes.md', 'utf8'),
      },
    ],
    messages: messages as never,
  })
  const processor = unified()
    .use(remarkParse)
    .use(remarkFrontmatter, ['yaml'])
    .use(remarkGfm)
    .use(remarkDirective)
    .use(remarkOpenapi, { apis })
  // What the plugin parses (the descriptions), besides the page.
  const parse = processor.parse.bind(processor)
  processor.parse = ((text: string | VFile) => {
    // The page is a file of its own; a description, a fragment.
    if (typeof text !== 'string' && text.data.fragment) parsed.push(String(text.value))
    return parse(text)
  }) as typeof processor.parse
  const vfile = new VFile({ path: file, value: markdown })
  const tree = (await processor.run(processor.parse(vfile), vfile)) as Root
  return {
    markdown: toMarkdown(tree, {
      extensions: [frontmatterToMarkdown(['yaml']), gfmToMarkdown(), directiveToMarkdown()],
    }),
    tree,
    messages: vfile.messages.map((m) => `${m.line}:${m.column} ${m.reason}`),
    specMessages: messages.map((m) => m.message),
  }
}

describe('remarkOpenapi', () => {
  test('the fixture page as Markdown', async () => {
    const source = await readFile(fixture + 'content/docs/api/notes.md', 'utf8')
    const { markdown, messages, specMessages } = await render(source)
    expect(messages).toEqual([])
    expect(specMessages).toEqual([])
    await expect(markdown).toMatchFileSnapshot('__snapshots__/remark-openapi.notes.md')
  })

  test('a description placed again is parsed once, each place with its own blocks', async () => {
    const parsedOnce: string[] = []
    const once = await render('::openapi{schema="Note"}\n', undefined, parsedOnce)
    const parsedTwice: string[] = []
    const twice = await render(
      '::openapi{schema="Note"}\n\n::openapi{schema="Note"}\n',
      undefined,
      parsedTwice,
    )
    expect(parsedOnce.length).toBeGreaterThan(2)
    expect(parsedTwice).toEqual(parsedOnce)
    expect(twice.markdown).toBe(once.markdown.trimEnd() + '\n\n' + once.markdown)
    // Each place's nodes are its own: they carry the line of their directive.
    const lines: number[] = []
    for (const block of twice.tree.children)
      visit(block, (node) => void lines.push(node.position?.start.line ?? 0))
    const count = (line: number) => lines.filter((l) => l === line).length
    expect(count(1)).toBeGreaterThan(10)
    expect(count(3)).toBe(count(1))
  })

  test('unknown names fail at the directive, with a suggestion', async () => {
    const { messages } = await render(
      '::openapi{operation="creatNote"}\n\n::openapi{schema="Notes"}\n\n::openapi{operation="listNotes" parts="request,body"}\n\n::openapi\n',
    )
    expect(messages).toEqual([
      '1:1 Unknown operation `creatNote` in `openapi/notes.yaml`; did you mean `createNote`?',
      '3:1 Unknown schema `Notes` in `openapi/notes.yaml`; did you mean `Note`?',
      '5:1 Unknown part `body`; expected `description`, `endpoint`, `request`, `responses`, `samples`, `examples`, `errors`',
      '7:1 `::openapi` needs `operation="<operationId>"` or `schema="<name>"`',
    ])
  })
})

describe('scanDirectives', () => {
  test('schema directives take the anchor of the heading above; code fences are skipped', () => {
    expect(
      scanDirectives(
        '# Title\n\n## The `note` object\n\n::openapi{schema="Note"}\n\n```md\n::openapi{schema="X"}\n```\n\n## Again\n## Again\n::openapi{operation="listNotes" spec="notes"}\n::openapi{schema=Priority}\n',
      ),
    ).toEqual([
      { spec: undefined, schema: 'Note', anchor: 'the-note-object', line: 5 },
      { spec: 'notes', operation: 'listNotes', line: 13 },
      { spec: undefined, schema: 'Priority', anchor: 'again-1', line: 14 },
    ])
  })
})
