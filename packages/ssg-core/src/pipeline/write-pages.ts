import type { Sidebar } from '../theme/contract.js'
import { HeapGuard, collectGarbage } from '../util/heap-guard.js'
import type { OutputCache } from './output-cache.js'
import { dataFileOf, htmlFileOf } from './output-paths.js'
import { isKept, type PageKeys, type PageToWrite } from './page-keys.js'
import { StaleRecordError } from './page-records.js'
import { pageHtmlFile, type RenderContext } from './render-context.js'
import { RenderPool, type RenderWorkerData } from './render-pool.js'
import { renderJobs, type RenderJob } from './render-jobs.js'
import { WriteBehind } from './write-behind.js'

/** Pages rendered before their files are written and dropped. */
export const RENDER_BATCH = 200

/**
 * Batches posted to the render worker and not answered yet, at most: one it renders, one ready
 * for when it is done. Every batch at once copied every page's data into the worker (10,000
 * pages: peak RSS over 1 GB).
 */
export const RENDER_WINDOW = 2

/** Render + write running (see `startWritePages`). */
export interface PageWrites {
  /**
   * Feeds the render worker from a long synchronous task (its answers otherwise wait for the
   * event loop): cheap, call it often.
   */
  pump(): void
  /**
   * Before the build's peak of memory (the search index): with a render worker, a full collection
   * of this thread's garbage (it costs no wall time while the worker renders). 10,000 pages: the
   * heap went from 372 to 181 MB before the search index, peak RSS from 951-965 to 907 MB.
   */
  beforePeak(): void
  /** Renders what is left here, waits for the rest; the pages rendered. */
  finish(progress?: (done: number, total: number) => void): Promise<{ rendered: number }>
  /** After a failure elsewhere: ends the worker, waits for the writes in flight. */
  stop(): Promise<void>
}

/**
 * Renders and writes each page's document and data file, in batches (holding every page's HTML
 * at once ran a 10,000-page site out of memory). A file whose key is unchanged is linked from the
 * previous build instead. With `worker` and more than one batch, a render worker starts on the
 * batches now, from the first, posted `RENDER_WINDOW` at a time (see `RenderPool`), while this
 * thread does other work until `finish`, which renders the batches not yet posted, from the last.
 * Without, `finish` renders them all.
 */
export function startWritePages(options: {
  context: RenderContext
  pages: PageToWrite[]
  sidebarOf: (page: PageToWrite) => Sidebar | null
  keys: PageKeys
  outputs: OutputCache
  /**
   * A render worker's start (null: render on this thread); `url`, its entry (default
   * `dist/worker/render-worker.js`, none from `src/`).
   */
  worker?: (Omit<RenderWorkerData, 'context' | 'port'> & { url?: URL }) | null
}): PageWrites {
  const { context, pages, keys, outputs } = options
  const batches = jobsOf(pages, keys, outputs)
  // The batches nobody has taken: from `next` (the worker's side) to `last` (this thread's).
  let next = 0
  let last = batches.length - 1
  let done = pages.length - batches.reduce((sum, batch) => sum + batch.length, 0)
  let progress: ((done: number, total: number) => void) | undefined
  const tell = (count: number) => {
    done += count
    progress?.(done, pages.length)
  }
  const feed = () => {
    if (!pool || pool.failed) return
    while (pool.inFlight < RENDER_WINDOW && next <= last) pool.post(next, batches[next++]!)
    if (next > last) pool.close()
  }
  const pool =
    options.worker && batches.length > 1
      ? RenderPool.start({
          data: {
            serverEntry: options.worker.serverEntry,
            sidebars: options.worker.sidebars,
            staging: options.worker.staging,
            context: workerContext(context),
          },
          ...(options.worker.url ? { url: options.worker.url } : {}),
          outputs,
          onAnswer: (index) => {
            tell(batches[index]!.length)
            feed()
          },
        })
      : null
  feed()
  return {
    pump() {
      pool?.pump()
    },
    beforePeak() {
      if (pool) collectGarbage()
    },
    async finish(onProgress) {
      progress = onProgress
      progress?.(done, pages.length)
      // Started once a batch's worth of pages is rendered: its first check is a full collection
      // (a third of a second on the heap of a 10,000-page site), wasted when a few are rendered.
      // With a worker, the search index ran on this thread meanwhile and left its garbage
      // (10,000 pages: 230 MB of 500 MB): collected first, before the last batches and the commit.
      let heap: HeapGuard | null = pool ? new HeapGuard() : null
      let rendered = 0
      // A batch's files are written while the next batch renders (see `WriteBehind`).
      const behind = new WriteBehind(outputs)
      try {
        for (;;) {
          // The worker's answers, and a batch for it if it is short of work.
          pool?.pump()
          if (next > last || pool?.failed) break
          const batch = batches[pool ? last-- : next++]!
          heap?.check()
          const made = renderJobs(context, batch, options.sidebarOf)
          rendered += made.rendered
          await behind.queue(made.files, () => tell(batch.length))
          if (!heap && rendered >= RENDER_BATCH) heap = new HeapGuard()
        }
        await behind.flush()
        if (pool) rendered += await pool.done()
      } catch (error) {
        // A failed render leaves no write running unwatched (nor its failure unhandled).
        await Promise.all([behind.settle(), pool?.stop()])
        throw error
      }
      return { rendered }
    },
    async stop() {
      await pool?.stop()
    },
  }
}

/**
 * What to make of each page, in batches: the files whose key changed. A page the build leaves
 * alone has both its files reused, or the build starts again (`StaleRecordError`).
 */
function jobsOf(pages: PageToWrite[], keys: PageKeys, outputs: OutputCache): RenderJob[][] {
  const batches: RenderJob[][] = []
  let batch: RenderJob[] = []
  pages.forEach((page, i) => {
    const dataFile = dataFileOf(page.path)
    if (isKept(page)) {
      const htmlFile = htmlFileOf(page.path)
      if (!outputs.reuse(htmlFile, keys.html[i]!)) throw new StaleRecordError(htmlFile)
      if (!outputs.reuse(dataFile, keys.data[i]!)) throw new StaleRecordError(dataFile)
      return
    }
    const htmlFile = pageHtmlFile(page)
    const html = outputs.reuse(htmlFile, keys.html[i]!)
      ? null
      : { path: htmlFile, key: keys.html[i]! }
    const data = outputs.reuse(dataFile, keys.data[i]!)
      ? null
      : { path: dataFile, key: keys.data[i]! }
    if (!html && !data) return
    batch.push({ page, html, data })
    if (batch.length === RENDER_BATCH) {
      batches.push(batch)
      batch = []
    }
  })
  if (batch.length) batches.push(batch)
  return batches
}

/** What a render worker needs of the context besides the theme (see `DocumentContext`). */
function workerContext(context: RenderContext): RenderWorkerData['context'] {
  const { url, baseUrl, favicon } = context.config
  return {
    config: { url, baseUrl, ...(favicon !== undefined ? { favicon } : {}) },
    assets: context.assets,
    site: context.site,
    headTags: context.headTags,
  }
}
