import remarkParse from 'remark-parse'
import remarkRehype from 'remark-rehype'
import rehypeStringify from 'rehype-stringify'
import { unified } from 'unified'
import { VFile } from 'vfile'
import { expect, test } from 'vitest'
import { rehypeCodeLanguage } from './rehype-code-language.js'
import { rehypeKeepCodeMeta } from './rehype-code-extras.js'

const known = new Set(['js', 'javascript', 'powershell', 'text', 'sh'])

async function run(markdown: string, aliases: Record<string, string> = {}) {
  const file = new VFile({ path: 'a.md', value: markdown })
  const html = String(
    await unified()
      .use(remarkParse)
      .use(remarkRehype)
      .use(rehypeKeepCodeMeta)
      .use(rehypeCodeLanguage, { isLoaded: (l: string) => known.has(l), aliases })
      .use(rehypeStringify)
      .process(file),
  )
  return {
    html,
    messages: file.messages.map((m) => `${m.line}:${m.column} ${m.ruleId} ${m.reason}`),
  }
}

test('languages other tools accept get the name the highlighter knows', async () => {
  const { html, messages } = await run(
    '```PowerShell\na\n```\n\n```mjs\nb\n```\n\n```js-nolint\nc\n```\n\n```Output\nd\n```\n',
    { output: 'text' },
  )
  expect(html).toContain('<code class="language-powershell">a')
  expect(html).toContain('<code class="language-javascript">b')
  expect(html).toContain('<code class="language-js">c')
  expect(html).toContain('<code class="language-text">d')
  expect(messages).toEqual([])
})

test('meta glued to the language moves to the meta', async () => {
  const { html, messages } = await run(
    '```js{2-3}\na\n```\n\n```[.env]\nA=1\n```\n\n```sh [npm]\nnpm i\n```\n',
  )
  expect(html).toContain('<code class="language-js" metastring="{2-3}">')
  expect(html).toContain('<code class="language-text" metastring="title=&#x22;.env&#x22;">')
  expect(html).toContain('<code class="language-sh" metastring="title=&#x22;npm&#x22;">')
  expect(messages).toEqual([])
})

test('an unknown language is shown as text with one positioned warning', async () => {
  const { html, messages } = await run('# T\n\n```klingon\nx\n```\n')
  expect(html).toContain('<code class="language-text">x')
  expect(messages).toEqual([
    '3:1 unknown-language Unknown code language `klingon`; the block is shown without highlighting (map it to a known language with `markdown.languageAliases` in the config)',
  ])
})
