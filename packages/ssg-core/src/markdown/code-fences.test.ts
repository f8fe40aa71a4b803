import { expect, test } from 'vitest'
import { CodeFences } from './code-fences.js'

test('a fence closes at a run of its character, as long or longer, with nothing after it', () => {
  const fences = new CodeFences()
  const lines = ['a', '````md', '```', '````js', '`````', 'b', '> ~~~', '> x', '> ~~~', 'c']
  expect(lines.map((line) => fences.inCode(line))).toEqual([
    false,
    true,
    true,
    true,
    true,
    false,
    true,
    true,
    true,
    false,
  ])
})
