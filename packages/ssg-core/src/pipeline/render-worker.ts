import { pathToFileURL } from 'node:url'
import { workerData } from 'node:worker_threads'
import type { Sidebar, ThemeServerModule } from '../theme/contract.js'
import { SsgError } from '../util/errors.js'
import { HeapGuard } from '../util/heap-guard.js'
import { receivedJob, renderJobs, type PostedJob } from './render-jobs.js'
import type {
  RenderError,
  RenderWorkerData,
  RenderWorkerMessage,
  RenderWorkerReply,
} from './render-pool.js'
import { StagingWriter, type WrittenFile } from './staging-writer.js'
import { WriteBehind } from './write-behind.js'

/**
 * Render worker thread entry (`dist/worker/render-worker.js`, see `RenderPool`): imports the
 * theme's server module, then renders the batches it is posted and writes their files into the
 * staging folder, each batch's files written while the next renders. Each batch is answered as
 * soon as it is rendered (the build's thread then posts another), with the records of the files
 * written meanwhile, or with the failure; after the last, the records of the rest.
 */
const data = workerData as RenderWorkerData
const { port } = data
const theme = (await import(pathToFileURL(data.serverEntry).href)) as ThemeServerModule
const context = { ...data.context, theme }
const sidebars = new Map<string, Sidebar>(data.sidebars.map((s) => [s.id, s]))
const sidebarOf = (page: { sidebarId: string | null }) =>
  page.sidebarId ? (sidebars.get(page.sidebarId) ?? null) : null
const writer = new StagingWriter(data.staging)
// The files written since the last answer, recorded as they are written.
let written: WrittenFile[] = []
const behind = new WriteBehind({
  write: (files) => writer.write(files, (file) => written.push(file)),
})
// It runs beside the search index, the build's peak of memory, and its garbage is mostly the
// bytes of documents (outside the heap): collected once both have grown this much past what the
// last collection kept.
const heap = new HeapGuard(32, { external: true })
let failed = false

const reply = (message: RenderWorkerReply) => port.postMessage(message)

// One at a time, in order: each waits for the one before (its render, and its batch's write).
let queue = Promise.resolve()
port.on('message', (message: RenderWorkerMessage) => {
  queue = queue.then(() => ('flush' in message ? flush() : run(message)))
})

async function run({ index, jobs }: { index: number; jobs: PostedJob[] }): Promise<void> {
  if (failed) return
  try {
    const made = renderJobs(context, jobs.map(receivedJob), sidebarOf)
    // Answered before its files are written: the next batch comes while they are.
    reply({ index, rendered: made.rendered, files: taken() })
    await behind.queue(made.files)
    heap.check()
  } catch (error) {
    failed = true
    await behind.settle()
    reply({ index, error: errorOf(error) })
  }
}

/** After the last batch: its writes, then the records of the files not yet sent. */
async function flush(): Promise<void> {
  if (failed) return
  try {
    await behind.flush()
    reply({ flushed: true, files: taken() })
  } catch (error) {
    reply({ flushed: true, error: errorOf(error) })
  }
}

function taken(): WrittenFile[] {
  const files = written
  written = []
  return files
}

/** A failure as it crosses to the build's thread (see `RenderError`). */
function errorOf(error: unknown): RenderError {
  return error instanceof Error
    ? { message: error.message, ssg: error instanceof SsgError }
    : { message: String(error), ssg: false }
}
