import { expect, test } from 'vitest'
import { codeFrame, FRAME_WIDTH } from './messages.js'

test('a code frame shows the line and its neighbours, with a caret under the column', () => {
  expect(codeFrame('one\ntwo words\nthree\n', 2, 5)).toBe(
    ['  1 | one', '> 2 | two words', '    |     ^', '  3 | three'].join('\n'),
  )
})

test('of a long line, a frame shows a window around the column, cut with …, the caret under it', () => {
  const long = 'a'.repeat(600) + '<script>' + 'b'.repeat(300)
  const frame = codeFrame(`# Title\n${long}\nnext\n`, 2, 601)
  const lines = frame.split('\n')
  expect(lines[0]).toBe('  1 | …')
  expect(lines[1]).toMatch(/^> 2 \| …a+<script>b+…$/)
  expect(lines[1]!.length).toBe('> 2 | '.length + FRAME_WIDTH + 2)
  // The caret stands under the `<` of `<script>`.
  expect(lines[1]![lines[2]!.indexOf('^')]).toBe('<')
  expect(lines[3]).toBe('  3 | …')
  // At the end of the line, the window ends with it (no `…` after).
  const end = codeFrame(long, 1, long.length).split('\n')
  expect(end[0]!.endsWith('b')).toBe(true)
  expect(end[0]![end[1]!.indexOf('^')]).toBe('b')
  // Near the start, no `…` before.
  const start = codeFrame(long, 1, 3).split('\n')
  expect(start[0]).toMatch(/^> 1 \| a+…$/)
  expect(start[1]).toBe('    |   ^')
})
