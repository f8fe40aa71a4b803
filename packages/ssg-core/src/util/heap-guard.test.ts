import { getHeapStatistics } from 'node:v8'
import { expect, test } from 'vitest'
import { HeapGuard } from './heap-guard.js'

const usedMb = () => getHeapStatistics().used_heap_size / 2 ** 20

test('collects once the heap grew past the budget, and not before', () => {
  const guard = new HeapGuard(32)
  guard.check()
  const before = guard.collections
  // 64 MB of arrays that die at once (what a batch of rendered pages leaves behind).
  let garbage: number[][] | null = Array.from({ length: 64 }, () => new Array(2 ** 17).fill(1.5))
  expect(garbage.length).toBe(64)
  garbage = null
  const grown = usedMb()
  guard.check()
  expect(guard.collections).toBe(before + 1)
  expect(usedMb()).toBeLessThan(grown - 48)
  // Right after a collection: nothing to do.
  guard.check()
  expect(guard.collections).toBe(before + 1)
})

test('with `external`, Buffers count: 64 MB of dead Buffers start a collection', () => {
  const guard = new HeapGuard(32, { external: true })
  guard.check()
  const before = guard.collections
  // What a render worker's batch leaves behind: documents as bytes, outside the heap.
  let garbage: Buffer[] | null = Array.from({ length: 64 }, () => Buffer.alloc(2 ** 20, 1))
  expect(garbage.length).toBe(64)
  garbage = null
  guard.check()
  expect(guard.collections).toBe(before + 1)
  guard.check()
  expect(guard.collections).toBe(before + 1)
})
