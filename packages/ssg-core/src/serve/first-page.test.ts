import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FirstPage } from './first-page.js'

describe('FirstPage', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  const state = (first: FirstPage) => {
    let served = false
    void first.served.then(() => (served = true))
    return () => served
  }

  it('goes on a second after serving began when no page is asked for', async () => {
    const first = new FirstPage()
    const served = state(first)
    first.arm()
    await vi.advanceTimersByTimeAsync(999)
    expect(served()).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(served()).toBe(true)
  })

  it('waits for a page being made, then goes on shortly after it is served', async () => {
    const first = new FirstPage()
    const served = state(first)
    first.arm()
    const done = first.asked()
    await vi.advanceTimersByTimeAsync(5_000)
    expect(served()).toBe(false)
    done()
    done() // twice: counted once
    await vi.advanceTimersByTimeAsync(299)
    expect(served()).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(served()).toBe(true)
  })

  it('does not wait for a first page for ever', async () => {
    const first = new FirstPage()
    const served = state(first)
    first.arm()
    first.asked()
    await vi.advanceTimersByTimeAsync(15_000)
    expect(served()).toBe(true)
  })

  it('a page served before serving began counts', async () => {
    const first = new FirstPage()
    const served = state(first)
    first.asked()()
    await vi.advanceTimersByTimeAsync(300)
    expect(served()).toBe(true)
  })
})
