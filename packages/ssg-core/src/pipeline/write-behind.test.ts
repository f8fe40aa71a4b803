import { describe, expect, test } from 'vitest'
import { WriteBehind } from './write-behind.js'

type Files = Array<{ path: string; content: string; key: string }>

/** An output cache whose writes finish when the test says so. */
function slowOutputs() {
  const started: string[][] = []
  const finish: Array<(error?: Error) => void> = []
  let inFlight = 0
  let most = 0
  const outputs = {
    write: (files: Files) =>
      new Promise<void>((resolve, reject) => {
        started.push(files.map((f) => f.path))
        most = Math.max(most, ++inFlight)
        finish.push((error) => {
          inFlight--
          if (error) reject(error)
          else resolve()
        })
      }),
  }
  return { outputs, started, finish, most: () => most }
}

const files = (...paths: string[]): Files =>
  paths.map((path) => ({ path, content: path, key: path }))

describe('WriteBehind', () => {
  test('a batch is written while the next is made, one batch in flight', async () => {
    const slow = slowOutputs()
    const behind = new WriteBehind(slow.outputs)
    const done: string[] = []
    await behind.queue(files('a', 'b'), () => done.push('first'))
    // The first batch is still being written: queue returned without waiting for it.
    expect(slow.started).toEqual([['a', 'b']])
    expect(done).toEqual([])
    const second = behind.queue(files('c'), () => done.push('second'))
    await Promise.resolve()
    // The second waits for the first before it starts.
    expect(slow.started).toHaveLength(1)
    slow.finish[0]!()
    await second
    expect(done).toEqual(['first'])
    expect(slow.started).toEqual([['a', 'b'], ['c']])
    const flushed = behind.flush()
    slow.finish[1]!()
    await flushed
    expect(done).toEqual(['first', 'second'])
    expect(slow.most()).toBe(1)
  })

  test("a write's failure is thrown by the next queue or flush", async () => {
    const slow = slowOutputs()
    const behind = new WriteBehind(slow.outputs)
    await behind.queue(files('a'))
    slow.finish[0]!(new Error('disk full'))
    await expect(behind.queue(files('b'))).rejects.toThrow('disk full')
    await behind.queue(files('c'))
    slow.finish[1]!(new Error('no permission'))
    await expect(behind.flush()).rejects.toThrow('no permission')
  })

  test('settle waits for the batch in flight and ignores its failure', async () => {
    const slow = slowOutputs()
    const behind = new WriteBehind(slow.outputs)
    await behind.queue(files('a'))
    let settled = false
    const settling = behind.settle().then(() => (settled = true))
    await Promise.resolve()
    expect(settled).toBe(false)
    slow.finish[0]!(new Error('disk full'))
    await settling
    expect(settled).toBe(true)
    await behind.flush()
  })

  test('an empty batch writes nothing and is done at once', async () => {
    const slow = slowOutputs()
    const behind = new WriteBehind(slow.outputs)
    let done = false
    await behind.queue([], () => (done = true))
    expect(done).toBe(true)
    expect(slow.started).toEqual([])
  })
})
