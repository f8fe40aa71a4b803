import type { Paragraph, PhrasingContent, Root, RootContent } from 'mdast'
import { toMarkdown } from 'mdast-util-to-markdown'
import { expect, test } from 'vitest'
import { TWIN_MARKDOWN, twinMarkdown } from './markdown-twin.js'

const text = (value: string): PhrasingContent => ({ type: 'text', value })
const paragraph = (...children: PhrasingContent[]): Paragraph => ({ type: 'paragraph', children })

/** Trees where each character may need an escape: at the start, end, middle, next to others. */
function trees(c: string): Root[] {
  const blocks: RootContent[][] = [
    [paragraph(text(c))],
    [paragraph(text(`a${c}b`))],
    [paragraph(text(`${c}a`))],
    [paragraph(text(`a${c}`))],
    [paragraph(text(`${c}${c}${c} x`))],
    [paragraph(text(`1${c} x`))],
    [paragraph(text(`a\n${c} b`))],
    [paragraph(text(`a ${c}\nb`))],
    [paragraph(text(`x${c}`), { type: 'emphasis', children: [text('y')] }, text(`${c}z`))],
    [paragraph(text(`x_${c}`), { type: 'strong', children: [text(`${c}y`)] }, text('_z'))],
    [paragraph({ type: 'inlineCode', value: `a${c}b` }, text(`${c}`))],
    [paragraph(text(`a${c}`), { type: 'break' }, text(`${c}b`))],
    [paragraph({ type: 'link', url: `https://x.test/${c}`, children: [text(`l${c}`)] })],
    [
      paragraph({
        type: 'link',
        url: `https://x.test/a${c}`,
        children: [text(`https://x.test/a${c}`)],
      }),
    ],
    [paragraph(text(`www.x${c}test and http${c}//y`))],
    [paragraph({ type: 'image', url: '/i.png', alt: `a${c}` }, text(`[${c}]`))],
    [{ type: 'heading', depth: 2, children: [text(`C${c}`)] }],
    [{ type: 'heading', depth: 3, children: [text(`${c} x ${c}`)] }],
    [
      {
        type: 'list',
        ordered: false,
        children: [{ type: 'listItem', children: [paragraph(text(`${c} x`))] }],
      },
    ],
    [{ type: 'blockquote', children: [paragraph(text(`${c}a${c}`))] }],
    [
      {
        type: 'table',
        children: [
          { type: 'tableRow', children: [{ type: 'tableCell', children: [text(`h${c}`)] }] },
          { type: 'tableRow', children: [{ type: 'tableCell', children: [text(`${c}a|b${c}`)] }] },
        ],
      },
    ],
    [{ type: 'code', lang: `l${c}`, value: `x${c}` }],
  ]
  return blocks.map((children) => ({ type: 'root', children }))
}

test('twins escape every character as toMarkdown does with all its patterns', () => {
  const characters = [' ', '\t', '\n', '\r']
  for (let code = 0x21; code < 0x7f; code++) characters.push(String.fromCharCode(code))
  characters.push('\u00a0', 'é', '😀')
  const differ: string[] = []
  let escaped = 0
  for (const c of characters)
    for (const tree of trees(c)) {
      const expected = toMarkdown(tree, TWIN_MARKDOWN)
      if (expected.includes('\\')) escaped++
      const got = twinMarkdown(tree)
      if (got !== expected)
        differ.push(`${JSON.stringify(expected)} written ${JSON.stringify(got)}`)
    }
  expect(differ).toEqual([])
  // The trees exercise the escapes (a test of identical outputs without any would prove little).
  expect(escaped).toBeGreaterThan(300)
})
