import { expect, test } from 'vitest'
import { ProgressReporter } from './progress.js'

function fakeStream(isTTY: boolean) {
  const writes: string[] = []
  return { writes, stream: { isTTY, columns: 60, write: (s: string) => writes.push(s) > 0 } }
}

test('in a log: a line per finished stage, with its pages, and a line now and then in a long one', () => {
  let now = 0
  const { writes, stream } = fakeStream(false)
  const progress = new ProgressReporter({ stream, mode: 'lines', now: () => now })
  progress.listener({ kind: 'stage', stage: 'load config' })
  now = 120
  progress.listener({ kind: 'stage-done', stage: 'load config', ms: 120 })
  progress.listener({ kind: 'stage', stage: 'parse + transform' })
  progress.listener({ kind: 'pages', stage: 'parse + transform', done: 10, total: 2000 })
  now = 11_000
  progress.listener({ kind: 'pages', stage: 'parse + transform', done: 1200, total: 2000 })
  now = 12_000
  progress.listener({ kind: 'pages', stage: 'parse + transform', done: 1300, total: 2000 })
  progress.listener({ kind: 'stage-done', stage: 'parse + transform', ms: 15_000 })
  progress.stop()
  expect(writes.join('')).toMatchInlineSnapshot(`
    "ssg: load config (0.12 s)
    ssg: parse + transform: 1,200/2,000 pages …
    ssg: parse + transform: 2,000 pages (15.0 s)
    "
  `)
})

test('on a terminal: one line redrawn in place, erased at the end', () => {
  let now = 0
  const { writes, stream } = fakeStream(true)
  const progress = new ProgressReporter({ stream, mode: 'live', now: () => now })
  progress.listener({ kind: 'stage', stage: 'parse + transform' })
  now = 500
  progress.listener({ kind: 'pages', stage: 'parse + transform', done: 400, total: 1000 })
  now = 550 // within the redraw interval: not drawn again
  progress.listener({ kind: 'pages', stage: 'parse + transform', done: 410, total: 1000 })
  progress.stop()
  expect(writes).toEqual([
    '\r\u001b[2K⠋ parse + transform  0.00 s',
    '\r\u001b[2K⠙ parse + transform  400/1,000 pages  0.50 s',
    '\r\u001b[2K',
  ])
})
