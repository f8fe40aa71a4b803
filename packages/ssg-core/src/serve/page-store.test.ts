import { describe, expect, it } from 'vitest'
import type { CompiledPage } from '../pipeline/compile-page.js'
import type { CompileRequest, SourceResult } from '../pipeline/compile-source.js'
import type { CompilePool } from './compile-pool.js'
import { PageStore, PRIORITY } from './page-store.js'

/** A pool whose compiles finish when the test says so (`finishAll`), or at once (`instant`). */
function fakePool(size: number, instant: boolean) {
  const calls: Array<{ file: string; priority: number }> = []
  const waiting: Array<() => void> = []
  const pool = {
    size,
    compile(request: CompileRequest, priority: number): Promise<SourceResult> {
      calls.push({ file: request.file, priority })
      const result = {
        file: request.file,
        page: { file: request.file, route: request.route } as unknown as CompiledPage,
        cached: false,
      }
      if (instant) return Promise.resolve(result)
      return new Promise((resolve) => waiting.push(() => resolve(result)))
    },
  }
  return {
    pool: pool as unknown as CompilePool,
    calls,
    finishAll: () => waiting.splice(0).forEach((f) => f()),
  }
}

const requests = (n: number): CompileRequest[] =>
  Array.from({ length: n }, (_, i) => ({
    file: `content/docs/p${i}.md`,
    kind: 'docs',
    id: `p${i}`,
    dir: '',
    route: `/docs/p${i}`,
    absolute: `/site/content/docs/p${i}.md`,
  }))

const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('PageStore.hurry', () => {
  it('the foreground thread joins a slow background pass; every page once; settled after the last', async () => {
    const fg = fakePool(1, true)
    const bg = fakePool(1, false)
    const store = new PageStore({ foreground: fg.pool, background: bg.pool, onCompiled: () => {} })
    let settled = false
    void store.background(requests(6)).then(() => (settled = true))
    await tick()
    expect(bg.calls.map((c) => c.file)).toEqual(['content/docs/p0.md'])
    store.hurry()
    store.hurry() // once
    await tick()
    // The foreground lane compiled every page left (the background thread is still on p0).
    expect(fg.calls.map((c) => c.file)).toEqual([1, 2, 3, 4, 5].map((i) => `content/docs/p${i}.md`))
    expect(fg.calls.every((c) => c.priority === PRIORITY.hurried)).toBe(true)
    expect(settled).toBe(false)
    bg.finishAll()
    await tick()
    expect(settled).toBe(true)
    expect(store.size).toBe(6)
    expect(bg.calls).toHaveLength(1)
    expect(store.complete).toBe(true)
  })

  it('waits for the foreground lane’s last page before the pass is settled', async () => {
    const fg = fakePool(1, false)
    const bg = fakePool(1, true)
    const store = new PageStore({ foreground: fg.pool, background: bg.pool, onCompiled: () => {} })
    let settled = false
    let release = () => {}
    const after = new Promise<void>((resolve) => (release = resolve))
    void store.background(requests(3), after).then(() => (settled = true))
    store.hurry() // before the pass starts: the lane starts with it
    release()
    await tick()
    // The lanes take turns: the foreground one took p1 (and waits), the background one did the rest.
    expect(fg.calls.map((c) => c.file)).toEqual(['content/docs/p1.md'])
    expect(bg.calls.map((c) => c.file)).toEqual(['content/docs/p0.md', 'content/docs/p2.md'])
    expect(settled).toBe(false)
    fg.finishAll()
    await tick()
    expect(settled).toBe(true)
    expect(store.size).toBe(3)
  })
})
