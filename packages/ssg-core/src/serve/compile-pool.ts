import { mkdir } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import type { Processor } from 'unified'
import type { ResolvedConfig } from '../config/load-config.js'
import { markdownOptions, type MarkdownOptions } from '../markdown/markdown-options.js'
import type { CompiledPage } from '../pipeline/compile-page.js'
import type { ApiSet } from '../openapi/apis.js'
import type { CompileWorkerData } from '../pipeline/compile.js'
import { pageCacheKey } from '../pipeline/page-cache.js'
import type { CompileRequest, SourceResult, WorkerOptions } from '../pipeline/compile-source.js'
import {
  compileWorkerUrl,
  startCompileWorker,
  takePrestartedWorker,
} from '../pipeline/compile-thread.js'
import { PageStore, type CompileReason } from './page-store.js'
import { warmUp } from './warm-up.js'

interface Job {
  request: CompileRequest
  priority: number
  cached: boolean
  resolve: (result: SourceResult) => void
  reject: (error: Error) => void
}

/** One thread that compiles: a worker, or this thread when there is no worker bundle. */
interface Lane {
  /** Compiles a page with these specs (a lane told other specs before makes a new processor). */
  run(
    request: CompileRequest,
    cache: WorkerOptions['cache'],
    apis: ApiSet | null,
  ): Promise<SourceResult>
  close(): Promise<void>
}

function workerLane(url: URL, data: CompileWorkerData & Pick<WorkerOptions, 'lowPriority'>): Lane {
  let sent = data.apis
  // The foreground thread may have been started with the process (`prestartCompileWorker`).
  const prestarted = data.lowPriority ? undefined : takePrestartedWorker()
  const worker = prestarted ?? startCompileWorker(url, data)
  if (prestarted) prestarted.postMessage({ setup: data })
  // An idle worker must not keep the process alive (the server's own handles do).
  worker.unref()
  let next = 0
  const waiting = new Map<
    number,
    { resolve: (r: SourceResult) => void; reject: (e: Error) => void }
  >()
  const failAll = (error: Error) => {
    for (const job of waiting.values()) job.reject(error)
    waiting.clear()
  }
  worker.on('message', (message: { id: number; results?: SourceResult[]; error?: string }) => {
    const job = waiting.get(message.id)
    waiting.delete(message.id)
    if (message.error) job?.reject(new Error(`A compile worker failed: ${message.error}`))
    else job?.resolve(message.results![0]!)
  })
  worker.on('error', failAll)
  worker.on('exit', () => failAll(new Error('A compile worker stopped')))
  return {
    run: (request, cache, apis) =>
      new Promise((resolve, reject) => {
        const id = next++
        waiting.set(id, { resolve, reject })
        // The specs are cloned to the worker once each time they change.
        const changed = apis !== sent
        sent = apis
        worker.postMessage({ id, requests: [request], cache, ...(changed ? { apis } : {}) })
      }),
    close: () => worker.terminate().then(() => {}),
  }
}

function threadLane(md: MarkdownOptions): Lane {
  let processor: Promise<Processor> | undefined
  let made: ApiSet | null = null
  return {
    async run(request, cache, apis) {
      // Let requests in between pages (this thread is also the server's).
      await new Promise((resolve) => setImmediate(resolve))
      if (apis !== made) processor = undefined
      made = apis
      // Loaded here: with a worker build, this thread never loads the compile stack.
      processor ??= import('../markdown/processor.js').then((m) => m.createProcessor(md, apis))
      const { compileSource } = await import('../pipeline/compile-source.js')
      return compileSource(request, await processor, { cache, apis, snippets: md.snippets })
    },
    close: async () => {},
  }
}

/**
 * Compile threads of `ssg serve`, each with its own highlighter, fed from one queue ordered by
 * priority (lower first, then first come): the foreground pool compiles what a request or an
 * edit waits for; the background pool, at the lowest OS priority, the rest of the site.
 */
export class CompilePool {
  private readonly queue: Job[] = []
  /** The threads, once started (see `startAfter`). */
  private lanes: Lane[] = []
  private idle: Lane[] = []
  private readonly threads: number
  private closed = false
  /** The site's OpenAPI specs, as the pages place them now (see `DevApis`). */
  private apis: ApiSet | null = null

  private readonly cache: Promise<WorkerOptions['cache']>

  constructor(options: {
    md: MarkdownOptions
    /** The page cache, once its key is known (the threads start before). */
    cache: Promise<WorkerOptions['cache']>
    threads: number
    lowPriority: boolean
    /** The threads start when this resolves (what is asked for meanwhile waits). @default now */
    startAfter?: Promise<void>
  }) {
    const url = compileWorkerUrl()
    const data = { md: options.md, apis: null, lowPriority: options.lowPriority }
    this.threads = url ? Math.max(1, options.threads) : 1
    this.cache = options.cache
    const start = () => {
      if (this.closed) return
      this.lanes = url
        ? Array.from({ length: this.threads }, () => workerLane(url, data))
        : [threadLane(options.md)]
      this.idle = [...this.lanes]
      this.pump()
    }
    if (options.startAfter) void options.startAfter.then(start)
    else start()
  }

  /** The specs the pages compiled from now on are compiled with. */
  setApis(apis: ApiSet | null): void {
    this.apis = apis
  }

  /**
   * What a page waits for before it is queued, or null (a page that places parts of an OpenAPI
   * spec waits for the specs, read in the background: see `DevApis`).
   */
  waitFor: (file: string, priority: number) => Promise<void> | null = () => null

  /** Number of threads. */
  get size(): number {
    return this.threads
  }

  /** Pages waiting for a thread, and pages being compiled. */
  get pending(): number {
    return this.queue.length + this.lanes.length - this.idle.length
  }

  /**
   * Compiles a page when a thread is free; `priority`: lower runs first. `cached`: through the
   * page cache (read and written).
   */
  compile(request: CompileRequest, priority = 0, cached = true): Promise<SourceResult> {
    if (this.closed) return Promise.reject(new Error('The compile pool is closed'))
    const wait = this.waitFor(request.file, priority)
    if (wait) return wait.then(() => this.compile(request, priority, cached))
    return new Promise((resolve, reject) => {
      const job = { request, priority, cached, resolve, reject }
      const at = this.queue.findIndex((j) => j.priority > priority)
      if (at === -1) this.queue.push(job)
      else this.queue.splice(at, 0, job)
      this.pump()
    })
  }

  private pump(): void {
    while (this.idle.length && this.queue.length) {
      const lane = this.idle.pop()!
      const job = this.queue.shift()!
      this.cache
        .then((cache) => lane.run(job.request, job.cached ? cache : null, this.apis))
        .then(job.resolve, job.reject)
        .finally(() => {
          this.idle.push(lane)
          this.pump()
        })
    }
  }

  async close(): Promise<void> {
    this.closed = true
    for (const job of this.queue.splice(0)) job.reject(new Error('The compile pool is closed'))
    await Promise.all(this.lanes.map((lane) => lane.close()))
  }
}

/**
 * The compile threads of `ssg serve` and the store of pages they fill: one foreground thread
 * for what a reader or an edit waits for, warmed up (`warmUp`), and `workers` background threads
 * at the lowest priority (none: the foreground thread does everything).
 */
export function startCompilers(options: {
  config: ResolvedConfig
  cacheDir: string | null
  /** @default cores - 1, at least 1 */
  workers?: number
  /** When the background threads start (`FirstPage`). @default now */
  background?: Promise<void>
  onCompiled: (page: CompiledPage, reason: CompileReason) => void
  /** Told the files besides their own page that compiles read, first seen now (`PageStore`). */
  onReads?: (files: string[]) => void
  /** Given the foreground pool before the warm-up pages are queued (a page asked for early). */
  beforeWarmUp?: (foreground: CompilePool) => void
}): { pools: CompilePool[]; store: PageStore; warmUp: Promise<void> } {
  const { config, cacheDir } = options
  const md = markdownOptions(config)
  const threads = options.workers ?? Math.max(1, availableParallelism() - 1)
  const cache = cacheDir
    ? Promise.all([pageCacheKey(md), mkdir(cacheDir, { recursive: true })]).then(([keyBase]) => ({
        dir: cacheDir,
        keyBase,
      }))
    : Promise.resolve(null)
  const foreground = new CompilePool({ md, cache, threads: 1, lowPriority: false })
  const background =
    threads === 0
      ? foreground
      : new CompilePool({
          md,
          cache,
          threads,
          lowPriority: true,
          ...(options.background ? { startAfter: options.background } : {}),
        })
  options.beforeWarmUp?.(foreground)
  return {
    pools: threads === 0 ? [foreground] : [foreground, background],
    store: new PageStore({
      foreground,
      background,
      onCompiled: options.onCompiled,
      ...(options.onReads && { onReads: options.onReads }),
    }),
    // By the time of the first edit, the thread is warm.
    warmUp: warmUp(foreground, config, options.background ?? Promise.resolve()),
  }
}
