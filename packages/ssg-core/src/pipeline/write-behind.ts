import type { OutputCache } from './output-cache.js'

type Files = Parameters<OutputCache['write']>[0]

/**
 * Writes batches of output files behind the thread that makes them: a batch is written by the
 * thread pool while the next one is made, one batch in flight at a time (making, then waiting
 * for the writes, left the build's thread idle a third of render + write). A write's failure is
 * thrown by the next `queue` or `flush`, never reported as unhandled meanwhile.
 */
export class WriteBehind {
  private writing: { promise: Promise<void>; done: (() => void) | undefined } | null = null

  constructor(private readonly outputs: Pick<OutputCache, 'write'>) {}

  /** Waits for the batch in flight, then starts writing `files`; `done` runs once they are. */
  async queue(files: Files, done?: () => void): Promise<void> {
    await this.flush()
    if (files.length === 0) return done?.()
    const promise = this.outputs.write(files)
    promise.catch(() => {})
    this.writing = { promise, done }
  }

  /** Waits for the batch in flight (throwing its failure). */
  async flush(): Promise<void> {
    const writing = this.writing
    if (!writing) return
    this.writing = null
    await writing.promise
    writing.done?.()
  }

  /** After a failure elsewhere: waits for the batch in flight, its own failure ignored. */
  async settle(): Promise<void> {
    const writing = this.writing
    this.writing = null
    await writing?.promise.catch(() => {})
  }
}
