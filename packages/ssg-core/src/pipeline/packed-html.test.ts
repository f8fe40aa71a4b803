import { expect, test } from 'vitest'
import { packHtml, shareHtml } from './packed-html.js'

// Two-byte text (typographic quotes), characters outside the BMP, and length above the threshold.
const html = '<p>“quoted” text 𝄞 and é</p>\n'.repeat(100)

test('a packed page reads, serialises and spreads as the same text, in the same key order', () => {
  const page = { title: 'T', html, toc: [1] }
  const before = JSON.stringify(page)
  packHtml(page)
  expect(Object.getOwnPropertyDescriptor(page, 'html')?.get).toBeTypeOf('function')
  expect(page.html).toBe(html)
  expect(JSON.stringify(page)).toBe(before)
  expect(Object.keys(page)).toEqual(['title', 'html', 'toc'])
  expect({ ...page }).toEqual({ title: 'T', html, toc: [1] })
})

test('assigning html stores the new value as it is', () => {
  const page = { html }
  packHtml(page)
  page.html = 'other'
  expect(page.html).toBe('other')
  expect(JSON.stringify(page)).toBe('{"html":"other"}')
})

test('text whose UTF-8 bytes would not give it back, or short text, stays a plain string', () => {
  const lone = { html: html + '\ud800' }
  packHtml(lone)
  expect(Object.getOwnPropertyDescriptor(lone, 'html')?.get).toBeUndefined()
  expect(lone.html).toBe(html + '\ud800')
  const short = { html: '<p>“a”</p>' }
  packHtml(short)
  expect(Object.getOwnPropertyDescriptor(short, 'html')?.get).toBeUndefined()
})

test('data with the same HTML as its page shares its bytes; other HTML is packed on its own', () => {
  const page = { html }
  packHtml(page)
  const same = { html: page.html }
  shareHtml(same, page)
  const rewritten = { html: html.replace('text', 'words') }
  shareHtml(rewritten, page)
  // Reads of the two alternate: each gives its own text back.
  expect(same.html).toBe(html)
  expect(rewritten.html).toBe(html.replace('text', 'words'))
  expect(page.html).toBe(html)
  expect(rewritten.html).not.toBe(page.html)
  expect(Object.getOwnPropertyDescriptor(same, 'html')?.get).toBeTypeOf('function')
  expect(Object.getOwnPropertyDescriptor(rewritten, 'html')?.get).toBeTypeOf('function')
  // The page assigned a new text: the data keeps the bytes it shared.
  page.html = 'changed'
  expect(same.html).toBe(html)
})
