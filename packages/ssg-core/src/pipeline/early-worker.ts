import { isDeepStrictEqual } from 'node:util'
import type { Worker } from 'node:worker_threads'
import type { ResolvedConfig } from '../config/load-config.js'
import { markdownOptions } from '../markdown/markdown-options.js'
import type { ApiSet } from '../openapi/apis.js'
import type { CompileWorkerData } from './compile.js'
import type { SourcePage } from './discover.js'
import type { PageRecords } from './page-records.js'
import { compileWorkerUrl, startCompileWorker } from './compile-thread.js'

/**
 * A compile worker started before the build knows which pages it compiles: an edit build whose
 * sources differ from the previous build's records starts it once the site is opened, and the
 * worker imports the compile stack and makes its highlighter (most of a second) on the other core
 * while this thread reads the pages' heads, makes the route table and checks the records. The
 * compile pool takes it (`take`) only when it was started with the very options the pool would
 * start one with; otherwise, or when it failed, it is ended and the pool starts its own: the
 * output never depends on it.
 */
export class EarlyWorker {
  private failed = false

  private constructor(
    private worker: Worker | null,
    readonly data: CompileWorkerData,
  ) {
    // An error before the pool listens is noted (not thrown): the pool then starts its own.
    worker!.on('error', () => (this.failed = true))
    worker!.on('exit', () => (this.failed = true))
    // Unused (the build fails first) it must not keep the process alive.
    worker!.unref()
  }

  /**
   * Starts one when a page's bytes differ from its record's (an edit of a page the previous build
   * made), the build may use workers and the site has no OpenAPI specs (their documents are read
   * only when a page to compile needs them); else null.
   */
  static forEdit(options: {
    config: ResolvedConfig
    sources: readonly SourcePage[]
    records: Pick<PageRecords, 'previousOf'>
    site: { apis: ApiSet | null }
    options: { workers?: number }
  }): EarlyWorker | null {
    if (options.options.workers === 0 || options.site.apis !== null) return null
    const edited = options.sources.some((source) => {
      const record = options.records.previousOf(source.file)
      return record !== undefined && record.hash !== source.hash
    })
    return edited ? EarlyWorker.start({ md: markdownOptions(options.config), apis: null }) : null
  }

  /** Starts one (none without a worker build, as when running from `src/`). */
  static start(data: CompileWorkerData, url = compileWorkerUrl()): EarlyWorker | null {
    return url ? new EarlyWorker(startCompileWorker(url, data), data) : null
  }

  /**
   * The worker, for a pool that compiles with `data`, once; undefined when it was started with
   * other options or failed (it is ended then).
   */
  take(data: CompileWorkerData): Worker | undefined {
    const worker = this.worker
    this.worker = null
    if (!worker) return undefined
    if (this.failed || !isDeepStrictEqual(data, this.data)) {
      void worker.terminate()
      return undefined
    }
    worker.ref()
    return worker
  }

  /** Ends the worker unless a pool took it. */
  async stop(): Promise<void> {
    const worker = this.worker
    this.worker = null
    await worker?.terminate()
  }
}
