import remarkGfm from 'remark-gfm'
import { expect, test } from 'vitest'
import { runRemark } from '../../test/helpers.js'
import { remarkAbbreviations } from './remark-abbreviations.js'

const run = (markdown: string) => runRemark([remarkGfm, remarkAbbreviations], markdown)

test('definitions anywhere in the page wrap each whole-word use; the definitions are not shown', async () => {
  const { html, messages } = await run(
    [
      '# The HTML spec',
      '',
      'HTML and **W3C** in HTML5, XHTML and [the HTML page](./html.md).',
      '',
      '*[HTML]: Hyper Text Markup Language',
      '*[W3C]:  "World Wide Web Consortium"',
      '',
    ].join('\n'),
  )
  const html5 = 'HTML5, XHTML'
  expect(html).toBe(
    [
      '<h1>The <abbr title="Hyper Text Markup Language">HTML</abbr> spec</h1>',
      `<p><abbr title="Hyper Text Markup Language">HTML</abbr> and <strong><abbr title="World Wide Web Consortium">W3C</abbr></strong> in ${html5} and <a href="./html.md">the <abbr title="Hyper Text Markup Language">HTML</abbr> page</a>.</p>`,
    ].join('\n'),
  )
  expect(messages).toEqual([])
})

test('code is never touched; the longer of two overlapping abbreviations wins; case as written', async () => {
  const { html } = await run(
    'Use `HTML` and the HTML API, not html.\n\n```\nHTML\n```\n\n*[HTML]: Markup\n*[HTML API]: The DOM\n',
  )
  expect(html).toBe(
    '<p>Use <code>HTML</code> and the <abbr title="The DOM">HTML API</abbr>, not html.</p>\n<pre><code>HTML\n</code></pre>',
  )
})

test('`*[ABBR]: ""` takes a definition back; a page without definitions is left as it is', async () => {
  expect((await run('An ABC.\n\n*[ABC]: Alphabet\n*[ABC]: ""\n')).html).toBe('<p>An ABC.</p>')
  expect((await run('A *[bracket]* and *[x]: y* text.\n')).html).toBe(
    '<p>A <em>[bracket]</em> and <em>[x]: y</em> text.</p>',
  )
})

test('a definition inside a paragraph of text is shown as written, with a warning at its line', async () => {
  const { html, messages } = await run('# Page\n\nThe HTML spec.\n*[HTML]: Hyper Text\n')
  expect(html).toBe('<h1>Page</h1>\n<p>The HTML spec.\n*[HTML]: Hyper Text</p>')
  expect(messages).toEqual([
    '4:1 abbreviation An abbreviation definition (`*[ABBR]: title`) inside a paragraph is shown as written; put a blank line before it to make it a definition',
  ])
})

test('a title is escaped in the HTML', async () => {
  const { html } = await run('An XSS.\n\n*[XSS]: <script>"x"</script>\n')
  expect(html).toBe('<p>An <abbr title="<script>&#x22;x&#x22;</script>">XSS</abbr>.</p>')
})
