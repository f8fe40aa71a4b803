import { MessageChannel, receiveMessageOnPort, type MessagePort } from 'node:worker_threads'
import type { Worker } from 'node:worker_threads'
import type { Sidebar } from '../theme/contract.js'
import { SsgError } from '../util/errors.js'
import { startCompileWorker, workerUrl } from './compile-thread.js'
import type { OutputCache } from './output-cache.js'
import { postedJob, type PostedJob, type RenderJob } from './render-jobs.js'
import type { DocumentContext } from './render-context.js'
import type { WrittenFile } from './staging-writer.js'

/** What a render worker starts with. */
export interface RenderWorkerData {
  /** The theme's server module in use (`ResolvedTheme.serverEntry`). */
  serverEntry: string
  context: Omit<DocumentContext, 'theme'>
  sidebars: Sidebar[]
  staging: string
  /** The worker's end of the channel its batches come and go by (see `RenderPool`). */
  port: MessagePort
}

/** To a render worker: a batch, or (after the last) the word to finish its writes. */
export type RenderWorkerMessage = { index: number; jobs: PostedJob[] } | { flush: true }

/**
 * A render worker's failure: its message, and whether it was an `SsgError` (one that names what
 * failed, `Cannot render /path: …`) or an error the stage names (as on the build's thread).
 */
export interface RenderError {
  message: string
  ssg: boolean
}

/** From a render worker: each batch answered, then the end of its writes. */
export type RenderWorkerReply =
  | { index: number; rendered: number; files: WrittenFile[] }
  | { index: number; error: RenderError }
  | { flushed: true; files: WrittenFile[] }
  | { flushed: true; error: RenderError }

/**
 * A render worker: renders and writes the batches of pages it is posted, one after the other, on
 * a thread of its own, while the build's thread does other stages (after parsing, only one core
 * worked). The caller posts a batch only when fewer than a few are unanswered (`inFlight`): every
 * batch posted at once was every page's data copied into the worker, and a 10,000-page build's
 * peak RSS passed 1 GB. Answers come by the event loop, or by `pump` while the build's thread is
 * busy (the search index is seconds of one synchronous call). The worker writes the files it
 * makes and hands their records to `outputs`.
 */
export class RenderPool {
  private inFlightCount = 0
  private rendered = 0
  private closed = false
  private failure: Error | null = null
  /** Its files written and recorded (or stopped): the worker is ended. */
  private ended = false
  private readonly waiting: Array<{ resolve: (n: number) => void; reject: (e: Error) => void }> = []

  private constructor(
    private readonly worker: Worker,
    private readonly port: MessagePort,
    private readonly outputs: Pick<OutputCache, 'record'>,
    private readonly onAnswer: (index: number) => void,
  ) {
    port.on('message', (reply: RenderWorkerReply) => this.handle(reply))
    worker.on('error', (error) =>
      this.fail(new SsgError(`The render worker failed: ${error.message}`, { cause: error })),
    )
    worker.on('exit', () =>
      this.fail(new SsgError('The render worker stopped before its pages were written')),
    )
  }

  /**
   * Starts a worker; null without a worker build (as from `src/`). `onAnswer` is told each batch
   * the worker has rendered (the moment to post another).
   */
  static start(options: {
    data: Omit<RenderWorkerData, 'port'>
    outputs: Pick<OutputCache, 'record'>
    onAnswer: (index: number) => void
    url?: URL | undefined
  }): RenderPool | null {
    const url = options.url ?? workerUrl('render-worker')
    if (!url) return null
    const { port1, port2 } = new MessageChannel()
    const worker = startCompileWorker(
      url,
      { ...options.data, port: port2 },
      { youngMb: 16, transferList: [port2] },
    )
    return new RenderPool(worker, port1, options.outputs, options.onAnswer)
  }

  /** Batches posted and not answered yet. */
  get inFlight(): number {
    return this.inFlightCount
  }

  /** Whether the worker failed: nothing more is posted, `done` throws the failure. */
  get failed(): boolean {
    return this.failure !== null
  }

  /** Posts batch `index` (its page's HTML travels deflated, see `postedJob`). */
  post(index: number, jobs: readonly RenderJob[]): void {
    if (this.closed || this.failure) return
    this.inFlightCount++
    this.port.postMessage({ index, jobs: jobs.map(postedJob) } satisfies RenderWorkerMessage)
  }

  /** Tells the worker no batch follows: it finishes its writes and sends their records. */
  close(): void {
    if (this.closed || this.failure) return
    this.closed = true
    this.port.postMessage({ flush: true } satisfies RenderWorkerMessage)
  }

  /** Handles the answers waiting, now (the build's thread is busy and its event loop still). */
  pump(): void {
    for (let got = receiveMessageOnPort(this.port); got; got = receiveMessageOnPort(this.port))
      this.handle(got.message as RenderWorkerReply)
  }

  /** Pages the worker rendered, once it answered every batch and its files are written. */
  done(): Promise<number> {
    this.close()
    if (this.failure) return Promise.reject(this.failure)
    if (this.ended) return Promise.resolve(this.rendered)
    return new Promise((resolve, reject) => this.waiting.push({ resolve, reject }))
  }

  /** Ends the worker (after a failure elsewhere). */
  async stop(): Promise<void> {
    this.ended = true
    this.port.close()
    await this.worker.terminate()
  }

  private handle(reply: RenderWorkerReply): void {
    if (this.failure || this.ended) return
    if ('error' in reply) {
      const { message, ssg } = reply.error
      return this.fail(ssg ? new SsgError(message) : new Error(message))
    }
    this.outputs.record(reply.files)
    if ('flushed' in reply) {
      this.ended = true
      // Done: its memory goes now, while the build's thread may still be busy.
      this.port.close()
      void this.worker.terminate()
      for (const { resolve } of this.waiting.splice(0)) resolve(this.rendered)
      return
    }
    this.inFlightCount--
    this.rendered += reply.rendered
    this.onAnswer(reply.index)
  }

  private fail(error: Error): void {
    if (this.failure || this.ended) return
    this.failure = error
    this.port.close()
    void this.worker.terminate()
    for (const { reject } of this.waiting.splice(0)) reject(error)
  }
}
