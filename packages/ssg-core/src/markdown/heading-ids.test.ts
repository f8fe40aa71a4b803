import { expect, test } from 'vitest'
import { HeadingIds } from './heading-ids.js'

test('GitHub slugs, numbered when repeated', () => {
  const ids = new HeadingIds()
  expect(
    ['Getting started', 'Getting started', 'API: `tokenize()`', 'Ünïcode Straße'].map((t) =>
      ids.slug(t),
    ),
  ).toEqual(['getting-started', 'getting-started-1', 'api-tokenize', 'ünïcode-straße'])
})

test('ids are case-sensitive: an author id `ERR_X` leaves the heading `err_x`', () => {
  const ids = new HeadingIds()
  ids.reserve('ERR_X')
  expect(ids.slug('ERR_X')).toBe('err_x')
  expect(ids.slug('ERR_X')).toBe('err_x-1')
})

test('an author id equal to the slug pushes the heading to the next number', () => {
  const ids = new HeadingIds()
  ids.reserve('install')
  expect(ids.slug('Install')).toBe('install-1')
})

test('punctuation-only headings get their own text, unique and never empty', () => {
  const ids = new HeadingIds()
  expect(['$$', '$?', '$$', ''].map((t) => ids.slug(t))).toEqual(['$$', '$?', '$$-1', 'section'])
})
