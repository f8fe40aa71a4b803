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

test("MDN's ids: lower case, spaces as _, URL punctuation removed, repeats numbered _2", () => {
  const ids = new HeadingIds('mdn')
  expect(
    [
      'Formal syntax',
      'Centering on the anchor using anchor-center',
      'Values',
      'Values',
      'What is "CSS"?',
      'The :has() selector',
    ].map((t) => ids.slug(t)),
  ).toEqual([
    'formal_syntax',
    'centering_on_the_anchor_using_anchor-center',
    'values',
    'values_2',
    'what_is_css',
    'the_has_selector',
  ])
})

test("MkDocs' ids: ASCII word characters, runs of spaces and hyphens as one -, repeats _1", () => {
  const ids = new HeadingIds('mkdocs')
  expect(
    [
      'Caret, Mark & Tilde',
      'Want driver installation / updates?',
      'Café — naïve',
      'Setup',
      'Setup',
      '¿?',
      '¿?',
    ].map((t) => ids.slug(t)),
  ).toEqual([
    'caret-mark-tilde',
    'want-driver-installation-updates',
    'cafe-naive',
    'setup',
    'setup_1',
    '_1',
    '_2',
  ])
})
