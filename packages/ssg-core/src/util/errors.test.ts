import { describe, expect, test } from 'vitest'
import { closest, editDistance } from './errors.js'

describe('editDistance', () => {
  test('counts insertions, deletions and substitutions', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3)
    expect(editDistance('', 'abc')).toBe(3)
    expect(editDistance('same', 'same')).toBe(0)
  })

  test('with a limit, stops early and answers limit + 1 when the distance is larger', () => {
    expect(editDistance('kitten', 'sitting', 3)).toBe(3)
    expect(editDistance('kitten', 'sitting', 2)).toBe(3)
    expect(editDistance('a', 'abcdefgh', 2)).toBe(3)
    expect(editDistance('/docs/css/color', '/docs/html/elements/input', 1)).toBe(2)
  })
})

describe('closest', () => {
  test('the first of the closest candidates, compared without case', () => {
    expect(closest('/docs/Intro', ['/docs/outro', '/docs/intro', '/docs/intro/'])).toBe(
      '/docs/intro',
    )
    expect(closest('colr', ['color', 'colour', 'cols'])).toBe('color')
  })

  test('nothing when the closest is too far to be a typo', () => {
    expect(closest('/docs/networking', ['/docs/a', '/docs/b'])).toBeUndefined()
    expect(closest('x', [])).toBeUndefined()
  })

  test('the same answer as a full scan on a large table', () => {
    const routes = Array.from({ length: 500 }, (_, i) => `/docs/section-${i % 17}/page-${i}`)
    const full = (value: string) => {
      let best: string | undefined
      let score = Infinity
      for (const r of routes) {
        const d = editDistance(value.toLowerCase(), r.toLowerCase())
        if (d < score) [best, score] = [r, d]
      }
      return best
    }
    for (const value of ['/docs/section-3/page-20', '/docs/sectio-16/page-499', '/docs/x/page-7'])
      expect(closest(value, routes, 10)).toBe(full(value))
  })
})
