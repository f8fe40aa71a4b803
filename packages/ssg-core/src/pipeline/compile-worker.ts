import { setPriority } from 'node:os'
import { parentPort, workerData } from 'node:worker_threads'
import type { Processor } from 'unified'
import { createProcessor } from '../markdown/processor.js'
import type { ApiSet } from '../openapi/apis.js'
import type { CompileWorkerData } from './compile.js'
import { compilePage } from './compile-page.js'
import { compileSource, type CompileRequest, type WorkerOptions } from './compile-source.js'
import type { SourcePage } from './discover.js'

/**
 * Worker thread: builds the processor (and its highlighter) once, then compiles pages on request.
 * `ssg build` sends pages with their Markdown; `ssg serve` sends where they are, and the worker
 * reads them and uses the page cache itself (the server's thread stays free for requests).
 */
const options = workerData as CompileWorkerData & Partial<Pick<WorkerOptions, 'lowPriority'>>
// Linux gives each thread its own niceness: `setPriority` here lowers this thread only, and the
// threads the worker starts after it. Elsewhere it would lower the whole process: not done.
if (options.lowPriority && process.platform === 'linux') {
  try {
    setPriority(19)
  } catch {
    // Not allowed: the worker runs at the normal priority.
  }
}
let apis: ApiSet | null = options.apis
let processorPromise: Promise<Processor> = createProcessor(options.md, apis)

parentPort!.on(
  'message',
  async (message: {
    id: number
    pages?: SourcePage[]
    requests?: CompileRequest[]
    cache?: WorkerOptions['cache']
    /** `ssg serve`: the specs changed (the highlighter is kept, only the processor is new). */
    apis?: ApiSet | null
  }) => {
    // Before any await: the requests sent after this message use the new specs.
    if (message.apis !== undefined) {
      apis = message.apis
      processorPromise = createProcessor(options.md, apis)
    }
    try {
      const processor = await processorPromise
      const results = []
      for (const page of message.pages ?? []) results.push(await compilePage(page, processor))
      for (const request of message.requests ?? [])
        results.push(await compileSource(request, processor, message.cache ?? null, apis))
      parentPort!.postMessage({ id: message.id, results })
    } catch (error) {
      parentPort!.postMessage({
        id: message.id,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      })
    }
  },
)
