import { describe, expect, test } from 'vitest'
import type { BuildMessage } from '../report/messages.js'
import { injectClient, overlayErrors } from './live-reload.js'

const error = (n: number): BuildMessage => ({
  file: `content/docs/p${n}.md`,
  line: n,
  column: 2,
  severity: 'error',
  message: `Problem ${n}`,
  ruleId: 'missing-page',
  frame: `> ${n} | text`,
})

describe('overlayErrors', () => {
  test('errors only, placed, with their frames', () => {
    const warning: BuildMessage = {
      file: 'a.md',
      severity: 'warning',
      message: 'w',
      ruleId: 'missing-anchor',
    }
    expect(overlayErrors([warning, error(1)])).toEqual([
      {
        file: 'content/docs/p1.md',
        line: 1,
        column: 2,
        message: 'Problem 1',
        ruleId: 'missing-page',
        frame: '> 1 | text',
      },
    ])
  })

  test('at most 50, then how many more', () => {
    const shown = overlayErrors(Array.from({ length: 128 }, (_, i) => error(i + 1)))
    expect(shown).toHaveLength(51)
    expect(shown[50]).toEqual({
      file: '',
      message: 'and 78 more: see the terminal',
      ruleId: 'more',
    })
  })
})

describe('injectClient', () => {
  test('before the last </body>, else at the end', () => {
    const tag = '<script type="module" src="/__ssg/client.js"></script>'
    expect(injectClient('<html><body><p>x</p></body></html>')).toBe(
      `<html><body><p>x</p>${tag}</body></html>`,
    )
    expect(injectClient('<p>no body</p>')).toBe(`<p>no body</p>${tag}`)
  })
})
