import { availableParallelism } from 'node:os'
import type { Worker } from 'node:worker_threads'
import type { ResolvedConfig } from '../config/load-config.js'
import { markdownOptions, type MarkdownOptions } from '../markdown/markdown-options.js'
import { compilePage, type CompiledPage } from './compile-page.js'
import { materializeApis, usesOpenapi, type ApiSet } from '../openapi/apis.js'
import type { SourcePage } from './discover.js'
import { HeapGuard } from '../util/heap-guard.js'
import { PageCache } from './page-cache.js'
import { compileWorkerUrl, startCompileWorker } from './compile-thread.js'
import { packHtml } from './packed-html.js'
import { CompilePlan } from './compile-plan.js'
import { compileOniguruma } from '../markdown/oniguruma-wasm.js'
import type { EarlyWorker } from './early-worker.js'

export interface CompileOptions {
  pages: SourcePage[]
  config: ResolvedConfig
  /** Folder of the on-disk cache, or null to compile everything. */
  cacheDir: string | null
  /** Worker threads to use; 0 compiles in this thread. @default all cores for many pages, else one */
  workers?: number
  /** Told the pages done (cached ones included) as results come back. */
  onProgress?: (done: number, total: number) => void
  /** The site's OpenAPI specs (see `loadApis`), for pages that place parts of them. */
  apis?: ApiSet | null
  /** A worker started before the pages were known, for the pool (ended when not used). */
  early?: EarlyWorker | null
}

export interface CompileResult {
  pages: CompiledPage[]
  cacheHits: number
}

/** Parse + transform every page: from the disk cache when its key matches, else in a worker pool. */
export async function compilePages(options: CompileOptions): Promise<CompileResult> {
  const md = markdownOptions(options.config)
  const apis = options.apis ?? null
  const cache = await PageCache.open(options.cacheDir, md, apis)
  const results = new Map<string, CompiledPage>()
  const todo: SourcePage[] = []
  for (const page of options.pages) {
    const cached = cache.read(page)
    if (cached) {
      packHtml(cached)
      results.set(page.file, cached)
    } else todo.push(page)
  }
  const cacheHits = options.pages.length - todo.length
  // A page to compile places parts of a spec: the spec's document is needed (from the cache, only
  // its verdict was read).
  if (apis && todo.some((page) => usesOpenapi(page.source))) await materializeApis(apis)
  // A few pages (an edit) go to one worker too: it loads the compile stack from its bundle with
  // V8's code cache (see `compile-worker.ts`), this thread through Node's module loader (one page
  // of the 2,000-page corpus edited: 4.0 s of CPU for the whole build against 5.0 s).
  const workers = poolSize(todo.length, options.workers)
  // Each batch goes to the cache as it arrives, while the workers go on: writing every page at
  // the end held all their JSON at once (0.3 GB for 10,000 pages, the build's peak memory). Each
  // file is written at once (`writeSoon`: a fraction of a millisecond into the OS's page cache).
  let done = cacheHits
  options.onProgress?.(done, options.pages.length)
  const save = (batch: CompiledPage[], texts?: readonly string[]) => {
    done += batch.length
    options.onProgress?.(done, options.pages.length)
    batch.forEach((page, i) => {
      cache.writeSoon(page, texts?.[i])
      packHtml(page)
    })
  }
  const data = { md, apis }
  const early = todo.length && workers > 0 ? (options.early?.take(data) ?? []) : []
  await options.early?.stop()
  const compiled =
    workers > 0
      ? await compileInWorkers(todo, data, workers, save, early)
      : await compileHere(todo, data, save)
  // A cache write that fails (disk full, no permission) fails the build.
  await cache.flush()
  for (const page of compiled) results.set(page.file, page)
  return { pages: options.pages.map((p) => results.get(p.file)!), cacheHits }
}

/** The compile workers for `pages` pages to compile: `workers` when given, else all cores for many. */
export function poolSize(pages: number, workers?: number): number {
  return workers ?? (pages >= 60 ? Math.min(availableParallelism(), 8) : pages > 0 ? 1 : 0)
}

/** What a compile worker is started with. */
export interface CompileWorkerData {
  md: MarkdownOptions
  apis: ApiSet | null
  /** Shiki's oniguruma compiled by this thread (`compileOniguruma`), shared with the workers. */
  oniguruma?: WebAssembly.Module
}

async function compileHere(
  pages: SourcePage[],
  data: CompileWorkerData,
  onBatch: (pages: CompiledPage[]) => void,
): Promise<CompiledPage[]> {
  if (pages.length === 0) return []
  const { createProcessor } = await import('../markdown/processor.js')
  const processor = await createProcessor(data.md, data.apis)
  const out: CompiledPage[] = []
  // Batches of a few pages: the progress moves, and the cache is written as it goes.
  for (let i = 0; i < pages.length; i += 10) {
    const batch: CompiledPage[] = []
    for (const page of pages.slice(i, i + 10)) batch.push(await compilePage(page, processor))
    out.push(...batch)
    onBatch(batch)
  }
  return out
}

async function compileInWorkers(
  pages: SourcePage[],
  data: CompileWorkerData,
  count: number,
  onBatch: (pages: CompiledPage[], texts?: readonly string[]) => void,
  early: Worker[],
): Promise<CompiledPage[]> {
  if (pages.length === 0) return []
  // From src/ (tests) there is no worker build: compile here (or in workers started early).
  const workerUrl = compileWorkerUrl()
  if (!workerUrl && !early.length) return compileHere(pages, data, onBatch)
  const batchSize = Math.max(4, Math.min(50, Math.ceil(pages.length / (count * 8))))
  const out: CompiledPage[] = []
  const heap = new HeapGuard()
  let next = 0
  const size = Math.min(workerUrl ? count : early.length, Math.ceil(pages.length / batchSize))
  const plan = new CompilePlan(pages, size, batchSize)
  // Workers started early are used first (they compile their own oniguruma: they started before
  // this one was made); those the pool does not need are ended.
  for (const spare of early.slice(size)) void spare.terminate()
  const oniguruma = size > early.length ? await compileOniguruma() : undefined
  const shared: CompileWorkerData = { ...data, ...(oniguruma ? { oniguruma } : {}) }
  const pool = Array.from({ length: size }, (_, k) =>
    k < early.length ? early[k]! : startCompileWorker(workerUrl!, shared),
  )
  try {
    await Promise.all(
      pool.map(
        (worker, k) =>
          new Promise<void>((resolve, reject) => {
            const send = () => {
              const batch = plan.next(k)
              // Nothing left for this worker: its heap goes now, not once the last batch of the
              // other workers is back (the end of this stage is the build's peak of memory).
              if (!batch) return void worker.terminate().then(() => resolve(), reject)
              worker.postMessage({ id: next++, pages: batch })
            }
            worker.on('message', (message: { texts?: string[]; error?: string }) => {
              if (message.error)
                return reject(new Error(`A compile worker failed: ${message.error}`))
              const texts = message.texts!
              const results = texts.map((text) => JSON.parse(text) as CompiledPage)
              out.push(...results)
              send()
              try {
                onBatch(results, texts)
              } catch (error) {
                return reject(error)
              }
              heap.check()
            })
            worker.on('error', reject)
            send()
          }),
      ),
    )
  } finally {
    await Promise.all(pool.map((w) => w.terminate()))
  }
  return out
}
