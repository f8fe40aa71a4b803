import { isDeepStrictEqual } from 'node:util'
import type { Worker } from 'node:worker_threads'
import type { ResolvedConfig } from '../config/load-config.js'
import { markdownOptions } from '../markdown/markdown-options.js'
import { poolSize, type CompileWorkerData } from './compile.js'
import type { SourcePage } from './discover.js'
import type { PageRecords } from './page-records.js'
import { compileWorkerUrl, startCompileWorker } from './compile-thread.js'

/**
 * Compile workers started before the build knows which pages it compiles, for the compile pool:
 * each imports the compile stack and makes its highlighter (most of a second) on the other core
 * while this thread reads the specs, makes the client bundle, the route table and checks the
 * records. Started in one of two ways:
 * - with the options (`start`), taken by the pool (`take`) only when those are the very options
 *   the pool would start one with; otherwise, or when it failed, it is ended;
 * - without (`startUntold`: an edit build's once the config is loaded, a cold build's once the
 *   pages are found): the pool's options come in the first message (`{ setup }`, see
 *   `compile-worker-main.ts`), the worker warms up meanwhile.
 * A worker that failed is ended and the pool starts its own: the output never depends on them.
 */
export class EarlyWorker {
  private failed = new Set<Worker>()

  private constructor(
    private workers: Worker[],
    /** The options the workers were started with; null: sent by `take`. */
    readonly data: CompileWorkerData | null,
  ) {
    for (const worker of workers) {
      // An error before the pool listens is noted (not thrown): the pool then starts its own.
      worker.on('error', () => this.failed.add(worker))
      worker.on('exit', () => this.failed.add(worker))
      // Unused (the build fails first) it must not keep the process alive.
      worker.unref()
    }
  }

  /**
   * An edit build's worker, started as soon as the config is loaded when the previous build left
   * its records (`hasRecords`) and the build may use workers: it loads while the theme loads and
   * the pages are found, so that one page edited is compiled without waiting for it (#17, item 4).
   * Started with the options the pool will have (`markdownOptions`, no specs), or without (`take`
   * sends them) when the site has OpenAPI specs (not read yet). `forSources` ends it when no page
   * was edited.
   */
  static forEditSoon(options: {
    config: ResolvedConfig
    hasRecords: boolean
    options: { workers?: number }
    url?: URL | undefined
  }): EarlyWorker | null {
    if (!options.hasRecords || options.options.workers === 0) return null
    const url = 'url' in options ? options.url : compileWorkerUrl()
    if (Object.keys(options.config.openapi).length) return EarlyWorker.startUntold(1, url)
    return EarlyWorker.start({ md: markdownOptions(options.config), apis: null }, url)
  }

  /**
   * Once the pages are found: `early` (see `forEditSoon`) when a page's bytes differ from its
   * record's (an edit of a page the previous build made), warming up on those pages (`warmUp`);
   * else `early` is ended, and a cold build (no page has a record) starts its pool (`forCold`).
   */
  static forSources(options: {
    early: EarlyWorker | null
    sources: readonly SourcePage[]
    records: Pick<PageRecords, 'previousOf'>
    options: { workers?: number }
    url?: URL | undefined
  }): EarlyWorker | null {
    const { early, sources, records } = options
    const edited = sources.filter((source) => {
      const record = records.previousOf(source.file)
      return record !== undefined && record.hash !== source.hash
    })
    if (early && edited.length) {
      early.warmUp(edited.slice(0, WARM_UP_PAGES))
      return early
    }
    void early?.stop()
    if (options.options.workers === 0) return null
    return EarlyWorker.forCold(options)
  }

  /**
   * Has workers started with their options compile `pages` and drop the results (see
   * `compile-worker-main.ts`): a first compile makes the code highlighter's regular expressions of
   * the page's languages and V8's code (one edited page of the 10,000-page corpus: 0.5 s cold,
   * the build waited for it); the pool's compile of those pages then runs warm.
   */
  warmUp(pages: readonly SourcePage[]): void {
    if (this.data && pages.length)
      for (const worker of this.workers) worker.postMessage({ warmUp: pages })
  }

  /**
   * Starts the pool a cold build would start for its pages (see `poolSize`) when no page has a
   * record of a previous build (every page is compiled, unless the page cache holds it), as soon
   * as the pages are found: before the specs are read, so the options come later (`take`). Else,
   * or when the build uses no worker, null.
   */
  static forCold(options: {
    sources: readonly SourcePage[]
    records: Pick<PageRecords, 'previousOf'>
    options: { workers?: number }
    url?: URL | undefined
  }): EarlyWorker | null {
    const { sources, records } = options
    if (sources.length === 0 || sources.some((source) => records.previousOf(source.file)))
      return null
    const count = poolSize(sources.length, options.options.workers)
    return EarlyWorker.startUntold(count, 'url' in options ? options.url : compileWorkerUrl())
  }

  /** Starts one (none without a worker build, as when running from `src/`). */
  static start(data: CompileWorkerData, url = compileWorkerUrl()): EarlyWorker | null {
    return url ? new EarlyWorker([startCompileWorker(url, data)], data) : null
  }

  /** Starts `count` told their options by `take` (none without a worker build, or for 0). */
  static startUntold(count: number, url = compileWorkerUrl()): EarlyWorker | null {
    if (!url || count <= 0) return null
    const workers = Array.from({ length: count }, () =>
      startCompileWorker(url, { setup: 'message' as const }),
    )
    return new EarlyWorker(workers, null)
  }

  /**
   * The workers, for a pool that compiles with `data`, once (told `data` if started without
   * options); none when started with other options. Those that failed are ended.
   */
  take(data: CompileWorkerData): Worker[] {
    const workers = this.workers
    this.workers = []
    const usable = this.data === null || isDeepStrictEqual(data, this.data)
    const taken: Worker[] = []
    for (const worker of workers) {
      if (!usable || this.failed.has(worker)) {
        void worker.terminate()
        continue
      }
      if (this.data === null) worker.postMessage({ setup: data })
      worker.ref()
      taken.push(worker)
    }
    return taken
  }

  /** Ends the workers no pool took. */
  async stop(): Promise<void> {
    const workers = this.workers
    this.workers = []
    await Promise.all(workers.map((worker) => worker.terminate()))
  }
}

/** The edited pages a worker warms up on: a few (a larger edit keeps the pool busy anyway). */
const WARM_UP_PAGES = 4
