import remarkDirective from 'remark-directive'
import remarkFrontmatter from 'remark-frontmatter'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import { VFile } from 'vfile'
import { expect, test } from 'vitest'
import { counts, remarkLeanAutolinks } from './lean-autolinks.js'

const plugins = (lean: boolean) => {
  const processor = unified().use(remarkParse)
  if (lean) processor.use(remarkLeanAutolinks)
  return processor.use(remarkFrontmatter, ['yaml']).use(remarkGfm).use(remarkDirective)
}
const withLean = plugins(true)
const reference = plugins(false)

/** Each source and the way it is expected to be parsed (see `remarkLeanAutolinks`). */
const CASES: Array<[source: string, way: keyof typeof counts]> = [
  ['# Title\n\nPlain *text* with [a link](/docs/x) and `code`.\n', 'lean'],
  ['Mail a@b.co or see www.x.com and https://x.com/a.\n', 'full'],
  ['Escaped www\\.x.com and a\\@b.co become links as text.\n', 'full'],
  ['References: a&#64;b.co and www&period;x.com.\n', 'full'],
  ['HTTPS://X.COM and WWW.X.COM too.\n', 'full'],
  ['Only in a code span: `a@b.co https://x.com`.\n', 'leanChecked'],
  ['Install `@veilbox/node`, call ``https://x.com/`a` `` with `a && b`.\n', 'leanChecked'],
  ['mail`a@b.co` and [`www.x.com`](/x) in *`https://x.com`*\n', 'leanChecked'],
  ['| a | b |\n| - | - |\n| `a@b.co` | `x` |\n', 'leanChecked'],
  ['Mixed `@scope/pkg` and www.x.com\n', 'full'],
  ['a`b`@c.co and x@`y.co`\n', 'full'],
  ['A `multi\nline https://x.com` span\n', 'full'],
  // Looks like a code span on its line, is not one: the first backtick is in an HTML attribute.
  ['<span title="`">www.x.com</span>`\n', 'fullAfterLean'],
  [
    'Text.\n\n```ts\nimport x from "@scope/pkg"\nfetch("https://x.com")\n```\n\nMore text.\n',
    'leanChecked',
  ],
  [
    '- item\n\n  ```sh\n  curl https://x.com -u a@b.co\n  ```\n\n> ```\n> www.x.com\n> ```\n',
    'leanChecked',
  ],
  ['---\ntitle: T\n---\n\n```\na@b.co\n```\n\nsee www.x.com\n', 'full'],
  // Looks like a fence, is a code span: the lean tree shows the link's text outside code.
  ['```x``` see www.x.com\n\n```\ncode\n```\n', 'fullAfterLean'],
  ['    indented www.x.com\n\nText.\n', 'full'],
  ['| a | b |\n| - | - |\n| a@b.co | `x` |\n', 'full'],
  ['<a href="https://x.com">x</a> and :::note\n', 'full'],
  ['[label](https://x.com "title") and ![i](https://x.com/i.png)\n', 'full'],
]

test('pages are parsed to the same tree with or without the lean parse, each the expected way', () => {
  for (const [source, way] of CASES) {
    const before = { ...counts }
    const got = withLean.parse(new VFile(source))
    expect(got, source).toEqual(reference.parse(new VFile(source)))
    const went = (Object.keys(counts) as Array<keyof typeof counts>).filter(
      (k) => counts[k] !== before[k],
    )
    expect(went, source).toEqual([way])
  }
})

test('literal autolinks in text are links', () => {
  const links = (source: string) =>
    JSON.stringify(withLean.parse(new VFile(source))).match(/"type":"link"/g)?.length ?? 0
  expect(links('Mail a@b.co.\n')).toBe(1)
  expect(links('```\na@b.co\n```\n\nText www.x.com\n')).toBe(1)
  expect(links('```x``` see www.x.com\n\n```\ncode\n```\n')).toBe(1)
  expect(links('<span title="`">www.x.com</span>`\n')).toBe(1)
})
