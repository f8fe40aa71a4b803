import type { Root } from 'mdast'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import { VFile } from 'vfile'
import { expect, test } from 'vitest'
import { remarkMdxEsm } from './remark-mdx-esm.js'

/** The page's top-level paragraphs' text after the plugin, and its messages. */
function run(markdown: string) {
  const file = new VFile({ value: markdown })
  const processor = unified().use(remarkParse).use(remarkMdxEsm)
  const tree = processor.runSync(processor.parse(file), file) as Root
  const kept = tree.children.map((node) => {
    const { start, end } = node.position!
    return markdown.slice(start.offset, end.offset)
  })
  return { kept, messages: file.messages.map((m) => [m.ruleId, m.line, m.reason]) }
}

test.each([
  "import Tabs from '@theme/Tabs'",
  'import "./styles.css"',
  "import {\n  a,\n  b,\n} from '../x'",
  "import Tabs, { TabItem } from '@theme/Tabs'",
  "import * as all from 'y'",
  "import type { A } from 'y'",
  "export const version = '2.1'",
  'export default function Page() {}',
  "export { a } from 'b'",
])('a statement is left out, with a warning: %s', (statement) => {
  const { kept, messages } = run(`${statement}\n\n# Title\n`)
  expect(kept).toEqual(['# Title'])
  expect(messages).toEqual([['mdx-esm', 1, expect.stringMatching(/^An MDX/)]])
})

test.each([
  "import the data from the file 'x.csv' first.",
  'Import React from "react" (capitalised: prose to MDX too)',
  'export the table as CSV',
  'exports are listed below',
  'important: read this',
])('prose is kept: %s', (prose) => {
  expect(run(prose + '\n')).toEqual({ kept: [prose], messages: [] })
})

test('only top-level paragraphs: code and list items keep their statements', () => {
  const code = "```js\nimport a from 'a'\n```"
  const item = "- import a from 'a'"
  const quote = '> export const x = 1'
  expect(run([code, item, quote].join('\n\n') + '\n')).toEqual({
    kept: [code, item, quote],
    messages: [],
  })
})

test('a paragraph of statements runs to the blank line; the warning counts statements', () => {
  const page = "Text.\n\nimport a from 'a'\nimport b from 'b'\nexport const c = 1\n\nMore.\n"
  const { kept, messages } = run(page)
  expect(kept).toEqual(['Text.', 'More.'])
  expect(messages).toEqual([['mdx-esm', 3, expect.stringMatching(/^3 MDX/)]])
})

test('comments are left out without a warning, and paragraphs they leave empty go', () => {
  const file = new VFile({
    value: '{/* alone */}\n\nA {/* inline */} b.\n\n- {/* item */}\n\n<div>{/* raw */}x</div>\n',
  })
  const processor = unified().use(remarkParse).use(remarkMdxEsm)
  const tree = processor.runSync(processor.parse(file), file) as Root
  expect(JSON.stringify(tree)).not.toContain('/*')
  expect(tree.children.map((n) => n.type)).toEqual(['paragraph', 'list', 'html'])
  expect(file.messages).toEqual([])
})
