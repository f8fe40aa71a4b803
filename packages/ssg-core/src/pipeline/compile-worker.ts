import { parentPort, workerData } from 'node:worker_threads'
import { createProcessor } from '../markdown/processor.js'
import type { CompileWorkerData } from './compile.js'
import { compilePage } from './compile-page.js'
import type { SourcePage } from './discover.js'

/** Worker thread: builds the processor (and its highlighter) once, then compiles pages on request. */
const options = workerData as CompileWorkerData
const processorPromise = createProcessor(options.md, options.apis)

parentPort!.on('message', async (message: { id: number; pages: SourcePage[] }) => {
  try {
    const processor = await processorPromise
    const results = []
    for (const page of message.pages) results.push(await compilePage(page, processor))
    parentPort!.postMessage({ id: message.id, results })
  } catch (error) {
    parentPort!.postMessage({
      id: message.id,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    })
  }
})
