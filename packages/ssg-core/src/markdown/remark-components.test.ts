import remarkParse from 'remark-parse'
import { unified } from 'unified'
import { VFile } from 'vfile'
import { expect, test } from 'vitest'
import { remarkComponents } from './remark-components.js'

const messages = async (markdown: string) => {
  const file = new VFile(markdown)
  const processor = unified().use(remarkParse).use(remarkComponents)
  await processor.run(processor.parse(file), file)
  return file.messages.map((m) => `${m.line}:${m.column} ${m.ruleId} ${m.reason}`)
}

test('components of another tool: one warning per page, naming each, at the first', async () => {
  expect(
    await messages(
      [
        '# Page',
        '',
        'New <Badge type="tip" text="new" /> and <Badge text="beta"/>.',
        '',
        '<VTCodeGroup>',
        '',
        'text',
        '',
        '</VTCodeGroup>',
        '',
        '<Tabs><TabItem value="a">A</TabItem></Tabs>',
      ].join('\n'),
    ),
  ).toEqual([
    '3:5 unknown-component Components of another tool are not rendered: `<Badge>` (2), `<VTCodeGroup>`, `<Tabs>`, `<TabItem>`; they are kept as unknown HTML elements (their text shows, not their behaviour); write a type such as `List<String>` as code',
  ])
})

test('HTML elements, upper-case HTML and code are not components', async () => {
  expect(
    await messages(
      [
        '<details><summary>More</summary>x</details>',
        '',
        'Old <BR> and <TABLE><TR><TD>x</TD></TR></TABLE>',
        '',
        '`<Badge />` in code',
        '',
        '```vue',
        '<Badge />',
        '```',
      ].join('\n'),
    ),
  ).toEqual([])
  // A generic type in prose is read as an element too (CommonMark): its text would vanish.
  expect(await messages('A List<String> in prose')).toEqual([
    expect.stringContaining(
      '1:7 unknown-component Components of another tool are not rendered: `<String>`',
    ),
  ])
})
