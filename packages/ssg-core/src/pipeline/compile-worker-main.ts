import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parentPort, workerData } from 'node:worker_threads'
import type { Processor } from 'unified'
import {
  DEFAULT_THEMES,
  WARM_UP_DIAGRAM,
  WARM_UP_PAGE,
  WARM_UP_PROSE,
  warmUpRequest,
} from '../markdown/markdown-options.js'
import { createProcessor, useOniguruma } from '../markdown/processor.js'
import type { ApiSet } from '../openapi/apis.js'
import type { CompileWorkerData } from './compile.js'
import { compilePage } from './compile-page.js'
import { compileSource, type CompileRequest, type WorkerOptions } from './compile-source.js'
import type { CompileThreadData } from './compile-thread.js'
import type { SourcePage } from './discover.js'
import { HeapGuard } from '../util/heap-guard.js'

/**
 * The compile worker (loaded by `compile-worker.ts`, see there): builds the processor (and its
 * highlighter) once, then compiles pages on request. `ssg build` sends pages with their Markdown;
 * `ssg serve` sends where they are, and the worker reads them and uses the page cache itself (the
 * server's thread stays free for requests). A worker started before its options were known gets
 * them in a first message (`{ setup }`); its imports are done meanwhile.
 */
export function startWorker(): void {
  const data = workerData as CompileThreadData<CompileWorkerData>
  let options: CompileWorkerData | null = 'setup' in data ? null : data
  let apis: ApiSet | null = options?.apis ?? null
  useOniguruma(options?.oniguruma)
  let processorPromise: Promise<Processor> | null = options
    ? createProcessor(options.md, apis)
    : null
  // A worker's heap otherwise grows to several times what it holds before V8 collects it fully
  // (two workers of a 10,000-page build reached 0.7 GB together): collected after a batch once
  // it has grown this much past what the last collection kept.
  const heap = new HeapGuard(96)

  if (!options) void warmBeforeOptions(() => options !== null)

  parentPort!.on(
    'message',
    async (message: {
      id: number
      setup?: CompileWorkerData
      warmUp?: SourcePage[]
      pages?: SourcePage[]
      requests?: CompileRequest[]
      cache?: WorkerOptions['cache']
      /** `ssg serve`: the specs changed (the highlighter is kept, only the processor is new). */
      apis?: ApiSet | null
    }) => {
      // Pages compiled before the build asks for them, the results dropped (see
      // `EarlyWorker.warmUp`): the pages of the build's first request wait for them.
      if (message.warmUp && processorPromise) {
        const pages = message.warmUp
        processorPromise = processorPromise.then(async (processor) => {
          for (const page of pages) await compilePage(page, processor).catch(() => null)
          return processor
        })
        return
      }
      if (message.setup) {
        options = message.setup
        useOniguruma(options.oniguruma)
        apis = options.apis
        processorPromise = createProcessor(options.md, apis)
        return
      }
      // Before any await: the requests sent after this message use the new specs.
      if (message.apis !== undefined) {
        apis = message.apis
        processorPromise = createProcessor(options!.md, apis)
      }
      try {
        const processor = await processorPromise!
        const results = []
        // `ssg build`'s pages go back as their JSON: the text the build writes to its page cache
        // (it would make it again) and parses, in place of a structured clone.
        const texts: string[] = []
        // The pages' writes to the cache, after the results are sent (an edit waits for those).
        const later: Array<() => void> = []
        for (const page of message.pages ?? [])
          texts.push(JSON.stringify(await compilePage(page, processor)))
        for (const request of message.requests ?? [])
          results.push(
            await compileSource(request, processor, {
              cache: message.cache ?? null,
              apis,
              snippets: options!.md.snippets,
              later,
            }),
          )
        parentPort!.postMessage({ id: message.id, results, texts })
        for (const write of later) write()
        heap.check()
      } catch (error) {
        parentPort!.postMessage({
          id: message.id,
          error: error instanceof Error ? (error.stack ?? error.message) : String(error),
        })
      }
    },
  )
}

/**
 * A page compiled while a worker started early waits for its options (`ssg serve`: the server
 * thread reads the config and the pages meanwhile, for most of a second). It makes the highlighter
 * with the default themes (kept if the options name them) and runs the Markdown stack once over
 * a page without code (`WARM_UP_PROSE`): its first run makes what it keeps (V8's feedback, the
 * parsers' tables). Nothing else is kept; a site's first page then compiles warm.
 */
async function warmBeforeOptions(hasOptions: () => boolean): Promise<void> {
  try {
    const processor = await createProcessor({ themes: DEFAULT_THEMES, extraLanguages: [] })
    if (!hasOptions()) await processor.process(WARM_UP_PROSE)
  } catch {
    // A warm-up only: the page compiles whatever happened here.
  }
}

/**
 * What runs before the worker's code cache is made (`npm run build` of the core, see
 * `compile-worker.ts`): the way `ssg serve` compiles a page, both ways `ssg build` does, and a
 * diagram, so that the functions a first page calls are in the cache compiled.
 */
export async function warmUpForCodeCache(): Promise<void> {
  const processor = await createProcessor({ themes: DEFAULT_THEMES, extraLanguages: [] })
  const dir = mkdtempSync(path.join(tmpdir(), 'ssg-code-cache-'))
  try {
    const pages = [WARM_UP_PAGE, WARM_UP_DIAGRAM]
    for (const [i, markdown] of pages.entries()) {
      const id = `warm-up-${i}`
      const absolute = path.join(dir, `${id}.md`)
      writeFileSync(absolute, markdown)
      const { absolute: _absolute, ...place } = warmUpRequest(id, absolute)
      const served = (await compileSource(warmUpRequest(id, absolute), processor, { cache: null }))
        .page
      const built = await compilePage({ ...place, source: markdown, hash: id }, processor)
      // The bundle is checked here too: a page that fails in it fails the core's build.
      for (const page of [served, built]) {
        const problems = page?.messages ?? []
        if (!page || page.failed || problems.length)
          throw new Error(
            `the compile worker bundle fails the warm-up page ${id}: ${problems.map((m) => m.message).join('; ')}`,
          )
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
