import remarkDirective from 'remark-directive'
import remarkParse from 'remark-parse'
import remarkRehype from 'remark-rehype'
import rehypeStringify from 'rehype-stringify'
import { unified } from 'unified'
import { VFile } from 'vfile'
import { expect, test } from 'vitest'
import { remarkAttributeLists } from './remark-attribute-lists.js'

const run = async (markdown: string) => {
  const file = new VFile(markdown)
  const out = await unified()
    .use(remarkParse)
    .use(remarkAttributeLists)
    .use(remarkRehype)
    .use(rehypeStringify)
    .process(file)
  return {
    html: String(out),
    messages: file.messages.map((m) => `${m.line}:${m.column} ${m.ruleId} ${m.reason}`),
  }
}
const html = async (markdown: string) => (await run(markdown)).html

test('`{#id}` at the end of a heading sets its id', async () => {
  expect(await html('## Install {#setup}')).toBe('<h2 id="setup">Install</h2>')
  expect(await html('## The `API` { #Api_v2 }')).toBe('<h2 id="Api_v2">The <code>API</code></h2>')
  expect(await html('### Options {#opts .wide}')).toBe('<h3 id="opts" class="wide">Options</h3>')
  expect(await html('### Options {: .wide}')).toBe('<h3 class="wide">Options</h3>')
})

test('braces elsewhere stay text', async () => {
  expect(await html('## Use {#id} inline')).toBe('<h2>Use {#id} inline</h2>')
  expect(await html('## Object {a}')).toBe('<h2>Object {a}</h2>')
  expect(await html('Text {#id}')).toBe('<p>Text {#id}</p>')
  expect(await html('[a](b) {target=x}')).toBe('<p><a href="b">a</a> {target=x}</p>')
  expect(await html('[a](b){{macro}}')).toBe('<p><a href="b">a</a>{{macro}}</p>')
})

test('links and images take their common attributes, without a warning', async () => {
  expect(await run('See [the API](/api){target="_self" rel=noopener .ext}, then.')).toEqual({
    html: '<p>See <a href="/api" target="_self" rel="noopener" class="ext">the API</a>, then.</p>',
    messages: [],
  })
  expect(await run("![Chart](chart.png){ width=300 loading='lazy' }")).toEqual({
    html: '<p><img src="chart.png" alt="Chart" width="300" loading="lazy"></p>',
    messages: [],
  })
})

test('other inline elements take an id and classes (MkDocs option lists)', async () => {
  expect(await run('*   **`locale`**{ #mkdocs-locale }: the locale.')).toEqual({
    html: '<ul>\n<li><strong id="mkdocs-locale"><code>locale</code></strong>: the locale.</li>\n</ul>',
    messages: [],
  })
  expect(await html('`code`{.lang} and *it*{#e}')).toBe(
    '<p><code class="lang">code</code> and <em id="e">it</em></p>',
  )
  expect((await run('**b**{ target=_self }')).messages).toHaveLength(1)
})

test('a list on a line of its own is warned at that line', async () => {
  expect((await run('# Page\n\nA note\nover two lines.\n  {: .note}')).messages).toEqual([
    expect.stringMatching(
      /^5:3 attribute-list Attribute lists not applied: `\{: \.note\} on a line of its own`;/,
    ),
  ])
  expect((await run('# Page\n\n{ .annotate }')).messages).toEqual([
    expect.stringMatching(/^3:1 attribute-list /),
  ])
})

test('what is not applied is left out of the page and named in one warning, at the first', async () => {
  const { html, messages } = await run(
    [
      '# Page',
      '',
      '![Logo](logo.png){ align=left }',
      '',
      'A note.',
      '{: .note}',
      '',
      '```py',
      'code',
      '```',
      '',
      '{ .annotate }',
      '',
      '![Logo](logo.png){ align=left } and [a](b){onclick="x()"}',
      '',
      '## Search {data-search-exclude}',
    ].join('\n'),
  )
  expect(html).toBe(
    [
      '<h1>Page</h1>',
      '<p><img src="logo.png" alt="Logo"></p>',
      '<p>A note.</p>',
      '<pre><code class="language-py">code\n</code></pre>',
      '<p><img src="logo.png" alt="Logo"> and <a href="b">a</a></p>',
      '<h2>Search</h2>',
    ].join('\n'),
  )
  expect(messages).toEqual([
    '3:18 attribute-list Attribute lists not applied: `align=left` (2), `{: .note} on a line of its own`, `{ .annotate } on a line of its own`, `onclick=x()`, `data-search-exclude`; headings take `{#id .class}`, links `target`, `rel`, `title`, `download`, `hreflang`, images `width`, `height`, `loading`, `title` (the lists are left out of the page)',
  ])
})

test('a value with `:` (read as a text directive by the directive syntax) stays in its list', async () => {
  const file = new VFile('![a](b.png){ width=128 style="border-radius:5%" } after :x[y]')
  const out = await unified()
    .use(remarkParse)
    .use(remarkDirective)
    .use(remarkAttributeLists)
    .use(remarkRehype)
    .use(rehypeStringify)
    .process(file)
  // A directive after the list is left as it was (made text again later).
  expect(String(out)).toBe('<p><img src="b.png" alt="a" width="128"> after <div>y</div></p>')
  expect(file.messages.map((m) => m.reason)).toEqual([
    expect.stringContaining('`style=border-radius:5%`'),
  ])
})
