import { expect, test } from 'vitest'
import { normalizeContainerOpenings } from './container-titles.js'

test('VitePress and Docusaurus 2 openings become directives', () => {
  expect(normalizeContainerOpenings('::: tip\nText\n:::\n')).toBe(':::tip\nText\n:::\n')
  expect(normalizeContainerOpenings('::: warning Read this\nx\n:::')).toBe(
    ':::warning[Read this]\nx\n:::',
  )
  expect(normalizeContainerOpenings(':::tip My [a] title\nx\n:::')).toBe(
    ':::tip[My [a\\] title]\nx\n:::',
  )
  expect(normalizeContainerOpenings('> ::: details Click\n> x\n> :::')).toBe(
    '> :::details[Click]\n> x\n> :::',
  )
  expect(normalizeContainerOpenings(':::: info\n::: tip\n:::\n::::')).toBe(
    '::::info\n:::tip\n:::\n::::',
  )
})

test('directive syntax and closing fences are left alone', () => {
  const source = ':::tip[Title]\nx\n:::\n\n:::note{#a}\ny\n:::\n\n::: \n'
  expect(normalizeContainerOpenings(source)).toBe(source)
  expect(normalizeContainerOpenings('::: tip {#a}\nx\n:::')).toBe(':::tip{#a}\nx\n:::')
})

test('lines inside code fences are left alone', () => {
  const source = '````md\n```md\n::: tip\n```\n::: tip\n````\n\n~~~\n::: info A\n~~~\n'
  expect(normalizeContainerOpenings(source)).toBe(source)
  expect(normalizeContainerOpenings('```\n:::x\n```\n::: tip\n')).toBe('```\n:::x\n```\n:::tip\n')
})
