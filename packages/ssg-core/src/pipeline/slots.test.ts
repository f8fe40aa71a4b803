import { expect, test } from 'vitest'
import { createSlots, fillSlots, refillSlots } from './slots.js'

const text = (chunks: Uint8Array[]) => Buffer.concat(chunks).toString()

test('a template filled, then refilled with other values', () => {
  const slots = createSlots(2)
  const [a, b] = slots.tokens as [string, string]
  // Multi-byte text before the slots: positions are in bytes.
  const template = `<p>Ünïcødé ${a}</p><script>{"x":"${b}","y":"${a}"}</script>`
  const first = fillSlots(template, slots, ['id-1', '/search-doc-1.json'])!
  expect(first.text).toBe(
    '<p>Ünïcødé id-1</p><script>{"x":"/search-doc-1.json","y":"id-1"}</script>',
  )
  const second = refillSlots({
    bytes: Buffer.from(first.text),
    positions: first.positions,
    previous: ['id-1', '/search-doc-1.json'],
    values: ['build-22', '/search-doc-22.json'],
  })!
  expect(text(second.chunks)).toBe(
    '<p>Ünïcødé build-22</p><script>{"x":"/search-doc-22.json","y":"build-22"}</script>',
  )
  // The new positions fit the new bytes: a third build refills them again.
  const third = refillSlots({
    bytes: Buffer.concat(second.chunks),
    positions: second.positions,
    previous: ['build-22', '/search-doc-22.json'],
    values: ['3', '/s3.json'],
  })!
  expect(text(third.chunks)).toBe('<p>Ünïcødé 3</p><script>{"x":"/s3.json","y":"3"}</script>')
})

test('a theme that cuts a value: no template (the page is rendered with the values)', () => {
  const slots = createSlots(1)
  const token = slots.tokens[0]!
  const nonce = slots.nonce
  for (const piece of [
    token.slice(0, 7),
    token.slice(0, 20),
    token.slice(-11),
    token.slice(9, 17),
    // A piece of the nonce inside a longer run of the same rare letters, and at the very end.
    `QQ${nonce.slice(5, 13)}YY`,
    `KVW${nonce.slice(16)}`,
  ])
    expect(fillSlots(`<p>${piece}</p>`, slots, ['id']), piece).toBeNull()
  // Runs of those letters that are no piece of the nonce do not count.
  const other = ['QQQQQQQQQQ', 'XXXXXXXXXX', 'ZZZZZZZZZZ'].find(
    (run) => !nonce.includes(run.slice(2)),
  )!
  expect(fillSlots(`<p>${other} ${token}</p>`, slots, ['id'])?.text).toBe(`<p>${other} id</p>`)
  expect(fillSlots(`<p>${token}</p>`, slots, ['id'])).toEqual({
    text: '<p>id</p>',
    positions: [3, 0],
  })
})

test('a document that does not hold the previous values where recorded is not refilled', () => {
  const bytes = Buffer.from('<p>id-2</p>')
  expect(refillSlots({ bytes, positions: [3, 0], previous: ['id-1'], values: ['id-3'] })).toBeNull()
  expect(refillSlots({ bytes, positions: [30, 0], previous: ['id-2'], values: ['x'] })).toBeNull()
  expect(
    text(refillSlots({ bytes, positions: [3, 0], previous: ['id-2'], values: ['x'] })!.chunks),
  ).toBe('<p>x</p>')
})
