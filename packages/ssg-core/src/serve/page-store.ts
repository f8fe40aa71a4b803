import type { CompiledPage } from '../pipeline/compile-page.js'
import type { CompileRequest, SourceResult } from '../pipeline/compile-source.js'
import type { CompilePool } from './compile-pool.js'

/** Why a page was compiled. */
export type CompileReason = 'request' | 'edit' | 'background'

/** Foreground priorities: what a reader waits for first, then what a prefetch asks for. */
export const PRIORITY = { edit: 0, document: 1, data: 2, hurried: 5, background: 10 } as const

interface Entry {
  /** The last compile of the file, or its last good one (with the new messages) when it failed. */
  page: CompiledPage
  /** The last compile that did not fail. */
  good: CompiledPage | null
  /** The files besides its own that its last compile read (partials, snippets). */
  reads?: string[]
}

/**
 * The compiled pages of `ssg serve`, compiled when first needed: a request or an edit compiles
 * its page in the foreground pool at once; a background pass compiles the others, one page per
 * background thread at a time, and skips the pages compiled meanwhile. A page whose content
 * breaks keeps its last good content (with the new messages).
 */
export class PageStore {
  private readonly entries = new Map<string, Entry>()
  /** Compiles under way, by file, with the generation they were started in. */
  private readonly inflight = new Map<
    string,
    { gen: number; promise: Promise<CompiledPage | null> }
  >()
  /** Bumped by each edit or removal of a file: results of older compiles are dropped. */
  private readonly generations = new Map<string, number>()
  private backgroundRun: Promise<void> | undefined
  private hurryLane: (() => Promise<void>) | undefined
  private readonly hurried: Array<Promise<void>> = []
  private stopped = false
  /** Every file (site-relative) a compile read besides its own page (see `includedFiles`). */
  private readonly readFiles = new Set<string>()
  /** The background pass went through every page (it was not stopped). */
  complete = false

  constructor(
    private readonly options: {
      foreground: CompilePool
      background: CompilePool
      /** Told each page compiled (also when the result is the one it had). */
      onCompiled: (page: CompiledPage, reason: CompileReason) => void
      /** Told the files (site-relative) that a compile read besides its page, first seen now. */
      onReads?: (files: string[]) => void
    },
  ) {}

  /** The page as compiled last, or undefined when it was not compiled yet. */
  get(file: string): CompiledPage | undefined {
    return this.entries.get(file)?.page
  }

  /**
   * The compiled pages whose last compile read one of `files` (site-relative) besides their own:
   * a partial or snippet file (see `includedFiles`).
   */
  readersOf(files: ReadonlySet<string>): string[] {
    const found: string[] = []
    for (const [file, entry] of this.entries)
      if (entry.reads?.some((read) => files.has(read))) found.push(file)
    return found
  }

  /** The files (site-relative) that compiles read besides their own page, partials and snippets. */
  get includedFiles(): ReadonlySet<string> {
    return this.readFiles
  }

  /** Number of pages compiled. */
  get size(): number {
    return this.entries.size
  }

  /** The page, compiled now unless it is compiled or being compiled (a request waits for it). */
  ensure(
    request: CompileRequest,
    priority: number = PRIORITY.document,
  ): Promise<CompiledPage | null> {
    const known = this.entries.get(request.file)
    if (known) return Promise.resolve(known.page)
    const running = this.inflight.get(request.file)
    if (running && running.gen === this.gen(request.file)) return running.promise
    return this.start(request, this.options.foreground, priority, 'request')
  }

  /** Compiles a file again after it changed (whatever was under way for it is dropped). */
  recompile(request: CompileRequest): Promise<CompiledPage | null> {
    this.generations.set(request.file, this.gen(request.file) + 1)
    return this.start(request, this.options.foreground, PRIORITY.edit, 'edit')
  }

  /** Forgets a file that is gone. */
  forget(file: string): void {
    this.generations.set(file, this.gen(file) + 1)
    this.entries.delete(file)
    this.inflight.delete(file)
  }

  /**
   * Compiles every page of `pages` (or of the list it returns then) not compiled yet, in that
   * order, in the background pool, starting when `after` resolves. Resolves when the last is done
   * (pages added later are compiled by their own edit).
   */
  background(
    pages: CompileRequest[] | (() => CompileRequest[]),
    after: Promise<void> = Promise.resolve(),
  ): Promise<void> {
    const pool = this.options.background
    let order: CompileRequest[] = []
    let next = 0
    const lane = async (on: CompilePool, priority: number): Promise<void> => {
      while (!this.stopped && next < order.length) {
        const request = order[next++]!
        if (this.entries.has(request.file) || this.inflight.has(request.file)) continue
        await this.start(request, on, priority, 'background').catch(() => null)
      }
    }
    const started = after.then(() => {
      order = typeof pages === 'function' ? pages() : pages
    })
    this.hurryLane = () => started.then(() => lane(this.options.foreground, PRIORITY.hurried))
    this.backgroundRun = started
      .then(() =>
        Promise.all(Array.from({ length: pool.size }, () => lane(pool, PRIORITY.background))),
      )
      // A lane of the foreground thread (`hurry`) may still be on its last page.
      .then(() => Promise.all(this.hurried))
      .then(() => {
        this.complete = !this.stopped
      })
    return this.backgroundRun
  }

  /**
   * Something waits for the whole background pass (the search index): the foreground thread
   * joins it, after what a reader or an edit asks for (the background threads run at the lowest
   * priority, and a busy machine can leave them little time).
   */
  hurry(): void {
    if (
      !this.hurryLane ||
      this.hurried.length ||
      this.options.foreground === this.options.background
    )
      return
    this.hurried.push(this.hurryLane())
  }

  /** Resolves when the background pass is over (at once when none was started). */
  settled(): Promise<void> {
    return this.backgroundRun ?? Promise.resolve()
  }

  /** Stops the background pass after the pages under way. */
  stop(): void {
    this.stopped = true
  }

  private gen(file: string): number {
    return this.generations.get(file) ?? 0
  }

  private start(
    request: CompileRequest,
    pool: CompilePool,
    priority: number,
    reason: CompileReason,
  ): Promise<CompiledPage | null> {
    const gen = this.gen(request.file)
    const promise = pool
      .compile(request, priority)
      .then((result) => this.settle(result, gen, reason))
    this.inflight.set(request.file, { gen, promise })
    const clear = () => {
      if (this.inflight.get(request.file)?.promise === promise) this.inflight.delete(request.file)
    }
    promise.then(clear, clear)
    return promise
  }

  /** Keeps a result unless the file changed since its compile started. */
  private settle(result: SourceResult, gen: number, reason: CompileReason): CompiledPage | null {
    if (gen !== this.gen(result.file)) return this.entries.get(result.file)?.page ?? null
    if (!result.page) {
      this.entries.delete(result.file)
      return null
    }
    const page = result.page
    const before = this.entries.get(result.file)
    const good = page.failed ? (before?.good ?? null) : page
    const effective = page.failed && good ? { ...good, messages: page.messages } : page
    this.entries.set(result.file, {
      page: effective,
      good,
      ...(result.reads && { reads: result.reads }),
    })
    const fresh = result.reads?.filter((file) => !this.readFiles.has(file)) ?? []
    for (const file of fresh) this.readFiles.add(file)
    if (fresh.length) this.options.onReads?.(fresh)
    this.options.onCompiled(effective, reason)
    return effective
  }
}
