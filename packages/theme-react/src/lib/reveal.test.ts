import { describe, expect, test } from 'vitest'
import { scrollTopToReveal } from './reveal'

describe('scrollTopToReveal', () => {
  const box = { scrollTop: 0, clientHeight: 800, scrollHeight: 140_000 }

  test('an item already wholly in view: no scrolling', () => {
    expect(scrollTopToReveal(box, 0, 30)).toBeNull()
    expect(scrollTopToReveal(box, 770, 30)).toBeNull()
    expect(scrollTopToReveal({ ...box, scrollTop: 5000 }, 5400, 30)).toBeNull()
  })

  test('an item below or above the visible part, or cut by its edge, is centred', () => {
    expect(scrollTopToReveal(box, 135_000, 30)).toBe(135_000 - 385)
    expect(scrollTopToReveal(box, 790, 30)).toBe(790 - 385)
    expect(scrollTopToReveal({ ...box, scrollTop: 5000 }, 4990, 30)).toBe(4990 - 385)
  })

  test('clamped to what the box can scroll', () => {
    expect(scrollTopToReveal(box, 139_990, 10)).toBe(140_000 - 800)
    expect(scrollTopToReveal({ ...box, scrollTop: 900 }, 100, 30)).toBe(0)
  })
})
