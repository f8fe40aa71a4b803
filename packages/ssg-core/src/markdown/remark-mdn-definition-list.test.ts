import remarkParse from 'remark-parse'
import remarkRehype from 'remark-rehype'
import rehypeStringify from 'rehype-stringify'
import { defListHastHandlers, remarkDefinitionList } from 'remark-definition-list'
import { unified } from 'unified'
import { expect, test } from 'vitest'
import { remarkMdnDefinitionList } from './remark-mdn-definition-list.js'

const html = async (markdown: string) =>
  String(
    await unified()
      .use(remarkParse)
      .use(remarkDefinitionList)
      .use(remarkMdnDefinitionList)
      .use(remarkRehype, { handlers: defListHastHandlers })
      .use(rehypeStringify)
      .process(markdown),
  )

test("MDN's nested lists with `: ` become a definition list", async () => {
  expect(
    await html(
      '- `color`\n  - : The text colour.\n- `margin`\n  - : Space outside.\n\n    More.\n',
    ),
  ).toBe(
    '<dl>\n<dt><code>color</code></dt>\n<dd>The text colour.\n</dd>\n<dt><code>margin</code></dt>\n<dd>\n<p>Space outside.</p>\n<p>More.</p>\n</dd>\n</dl>',
  )
})

test('the `term` + `: definition` syntax renders the same way', async () => {
  expect(await html('`color`\n: The text colour.\n')).toBe(
    '<dl>\n<dt><code>color</code></dt>\n<dd>The text colour.\n</dd>\n</dl>',
  )
})

test('ordinary nested lists stay lists', async () => {
  expect(await html('- a\n  - b\n')).toBe('<ul>\n<li>a\n<ul>\n<li>b</li>\n</ul>\n</li>\n</ul>')
  expect(await html('- a\n  - : b\n- c\n')).toContain('<ul>')
})
