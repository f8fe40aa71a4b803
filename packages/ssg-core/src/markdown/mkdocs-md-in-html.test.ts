import { expect, test } from 'vitest'
import { normalizeMarkdownInHtml } from './mkdocs-md-in-html.js'

const lines = (...l: string[]) => l.join('\n')

test('an opening tag with `markdown` loses it and gets a blank line before its Markdown', () => {
  expect(
    normalizeMarkdownInHtml(
      lines('<div class="grid cards" markdown>', '[a](b){ .card }', '</div>', '', 'After.'),
    ),
  ).toBe(lines('<div class="grid cards">', '', '[a](b){ .card }', '</div>', '', 'After.'))
  expect(normalizeMarkdownInHtml(lines('  <section markdown="1" id="x">', '', '- item'))).toBe(
    lines('  <section id="x">', '', '- item'),
  )
  expect(normalizeMarkdownInHtml("<DIV markdown='block'>\n*a*")).toBe('<DIV>\n\n*a*')
})

test('code, inline elements, the word in prose and other attributes are left alone', () => {
  const source = lines(
    '```html',
    '<div markdown>',
    '```',
    '<span markdown>x</span>',
    'Write markdown here.',
    '<div data-markdown="x">',
    '<div class="markdown">',
  )
  expect(normalizeMarkdownInHtml(source)).toBe(source)
})
