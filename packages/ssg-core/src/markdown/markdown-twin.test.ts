import { VFile } from 'vfile'
import { beforeAll, describe, expect, test } from 'vitest'
import type { Processor } from 'unified'
import { markdownSections } from './markdown-sections.js'
import { createProcessor } from './processor.js'
import type { Root } from 'mdast'
import {
  composeTwin,
  remarkMarkdownTwin,
  resolveTwin,
  URL_END,
  URL_START,
} from './markdown-twin.js'

const themes = { light: 'github-light', dark: 'github-dark' }
let withTwins: Processor
let without: Processor
beforeAll(async () => {
  withTwins = await createProcessor({ themes, extraLanguages: [], twins: true })
  without = await createProcessor({ themes, extraLanguages: [], twins: false })
})

async function compile(markdown: string, processor = withTwins) {
  const file = new VFile({ path: 'content/docs/page.md', value: markdown })
  const html = String(await processor.process(file))
  return { html, twin: file.data.markdownTwin, messages: file.messages }
}

/** The whole twin, each destination written as `{url}` to show what the writer receives. */
async function twinOf(markdown: string, description?: string) {
  const { twin } = await compile(markdown)
  if (!twin) return null
  return resolveTwin(composeTwin({ title: 'Page', description, body: twin }), (u) => `{${u}}`)
}

describe('remarkMarkdownTwin', () => {
  test('no twin for `search: false`, a draft, or with the switch off', async () => {
    expect((await compile('---\nsearch: false\n---\n\nText')).twin).toBeUndefined()
    expect((await compile('---\ndraft: true\n---\n\nText')).twin).toBeUndefined()
    expect((await compile('Text', without)).twin).toBeUndefined()
    expect((await compile('Text')).twin?.body).toBe('Text')
  })

  test('the HTML is the same with or without twins, but for the section copy buttons', async () => {
    const source =
      '# T\n\n## A\n\n::::tabs\n:::tab{label="x"}\n[l](/docs/x)\n:::\n::::\n\n:::note[N]\nn\n:::\n\n## B <kbd>K</kbd>\n'
    const a = await compile(source)
    const b = await compile(source, without)
    expect(a.html.replace(/<button[^>]*class="ssg-copy-section"[^>]*><\/button>/g, '')).toBe(b.html)
    expect(a.html.match(/ssg-copy-section/g)).toHaveLength(2)
    expect(a.html).toContain('aria-label="Copy the section “B K” as Markdown" data-section="1"')
  })

  test('title, description, and the leading h1 dropped', async () => {
    expect(await twinOf('---\ntitle: X\n---\n\n# Old title\n\nBody *text*.', 'Says [what].')).toBe(
      '# Page\n\n> Says \\[what].\n\nBody _text_.\n',
    )
  })

  test('destinations become placeholders; absolute URLs and autolinks stay', async () => {
    const { twin } = await compile(
      '[a](/docs/a) ![i](./i.png) [b][ref] <https://example.org> [c](#x)\n\n[ref]: ../b.md',
    )
    expect(twin!.urls).toEqual(['/docs/a', './i.png', '#x', '../b.md'])
    expect(twin!.body).toBe(
      `[a](${URL_START}0${URL_END}) ![i](${URL_START}1${URL_END}) [b][ref] <https://example.org> [c](${URL_START}2${URL_END})\n\n[ref]: ${URL_START}3${URL_END}`,
    )
  })

  test('a definition no reference uses is left out (shared definitions of a site)', async () => {
    const { twin } = await compile(
      '[a][used] and [b][Used] ![c][pic]\n\n[used]: /u\n[pic]: /p.png\n[spare]: /s',
    )
    expect(twin!.urls).toEqual(['/u', '/p.png'])
    expect(twin!.body).not.toContain('spare')
  })

  test('resolved destinations are made safe without angle brackets', () => {
    const twin = { text: `[a](${URL_START}0${URL_END})\n`, urls: ['x'], sections: [] }
    expect(resolveTwin(twin, () => 'https://e.org/a b(c)<d>')).toBe(
      '[a](https://e.org/a%20b%28c%29%3Cd%3E)\n',
    )
  })

  test('tabs are headed one level below the section, never as `##`', async () => {
    const tabs = '::::tabs\n:::tab{label="curl"}\nA\n:::\n:::tab{label="Node"}\nB\n:::\n::::\n'
    expect(await twinOf(tabs)).toBe('# Page\n\n### curl\n\nA\n\n### Node\n\nB\n')
    expect(await twinOf('### Deep\n\n' + tabs + '\n## Next\n\n' + tabs)).toBe(
      '# Page\n\n### Deep\n\n#### curl\n\nA\n\n#### Node\n\nB\n\n## Next\n\n### curl\n\nA\n\n### Node\n\nB\n',
    )
  })

  test('a `#` ending a heading word stays as it is', async () => {
    expect(await twinOf('## C#\n\n## Ends with \\#\n')).toBe(
      '# Page\n\n## C#\n\n## Ends with \\#\n',
    )
  })

  test('admonitions: a labelled blockquote, the kind named once', async () => {
    expect(
      await twinOf(':::info\nI\n:::\n\n:::danger[Danger]\nD\n:::\n\n:::tip[Use `x`]\nT\n:::'),
    ).toBe('# Page\n\n> **Info**\n>\n> I\n\n> **Danger**\n>\n> D\n\n> **Tip: Use `x`**\n>\n> T\n')
  })

  test('raw HTML is reduced to Markdown; comments and unknown directives leave their content', async () => {
    expect(
      await twinOf(
        '<!-- hidden -->\n\nA <b>bold</b> <a href="/x">link</a>.\n\n<img src="a.png" alt="A">\n\n<h2>Raw heading</h2>\n\n:::aside\nInside.\n:::',
      ),
    ).toBe('# Page\n\nA **bold** [link]({/x}).\n\n![A]({a.png})\n\n## Raw heading\n\nInside.\n')
  })

  test('section buttons name their `##` section in the twin, raw HTML headings included', async () => {
    const { html, twin } = await compile(
      '## One\n\n<div><h2>Nested</h2></div>\n\n<h2>Two</h2>\n\n## One\n',
    )
    expect(twin!.sections).toEqual(['One', 'Nested', 'Two', 'One'])
    expect([...html.matchAll(/data-section="(\d)"/g)].map((m) => m[1])).toEqual(['0', '2', '3'])
  })
})

test('a node type of a plugin of its own becomes its content, never an error', async () => {
  const tree = {
    type: 'root',
    children: [
      {
        type: 'glossary',
        children: [
          { type: 'glossaryTerm', children: [{ type: 'text', value: 'Token' }] },
          {
            type: 'glossaryEntry',
            children: [
              {
                type: 'paragraph',
                children: [
                  { type: 'text', value: 'A ' },
                  { type: 'keyword', children: [{ type: 'text', value: 'stand-in' }] },
                  { type: 'text', value: '.' },
                ],
              },
            ],
          },
        ],
      },
    ],
  } as unknown as Root
  const file = new VFile()
  await remarkMarkdownTwin({ enabled: true })(tree, file)
  expect(file.data.markdownTwin?.body).toBe('Token\n\nA stand-in.')
  expect(file.messages).toEqual([])
})

describe('markdownSections', () => {
  test('splits at top-level `## ` lines outside fences, up to the next one or a `# `', () => {
    const text =
      '# T\n\nIntro\n\n## A\n\na\n\n```md\n## not a section\n```\n\n> ## quoted\n\n- ```\n  ## indented\n  ```\n\n## B\n\nb\n\n# Other page\n\n## C\n'
    expect(markdownSections(text)).toEqual([
      '## A\n\na\n\n```md\n## not a section\n```\n\n> ## quoted\n\n- ```\n  ## indented\n  ```\n',
      '## B\n\nb\n',
      '## C\n',
    ])
  })

  test('a longer fence is only closed by one as long', () => {
    expect(markdownSections('## A\n\n````\n```\n## x\n```\n````\n\n## B')).toHaveLength(2)
  })
})
