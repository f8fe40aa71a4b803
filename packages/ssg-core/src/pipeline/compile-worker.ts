import { writeFileSync } from 'node:fs'
import { setPriority } from 'node:os'
import { fileURLToPath } from 'node:url'
import { parentPort, workerData } from 'node:worker_threads'
import { runCachedScript } from '../util/code-cache.js'

/**
 * Worker thread entry (`dist/worker/compile-worker.js`). The compile stack (unified, micromark,
 * shiki, the diagram renderer: `compile-worker-main.ts`) is one CommonJS bundle beside it, run with
 * V8's code cache made when the core was built (`scripts/build.mjs`): a first page then starts
 * with its functions compiled (a worker's import and first diagram page, about 1 s of CPU, lose a
 * third). Without a cache, or with one V8 refuses (another Node), it compiles as usual.
 *
 * `workerData.codeCache === 'make'` (the build): runs the bundle without a cache, compiles the
 * warm-up pages, writes the cache and says `made`.
 */
const data = workerData as { lowPriority?: boolean; codeCache?: 'make' }

/**
 * A background thread of `ssg serve` lowers its priority before anything else: importing the
 * compile stack costs most of a second of CPU, which must not compete with the page a reader
 * waits for. Linux gives each thread its own niceness: `setPriority` here lowers this thread
 * only, and the threads it starts after. Elsewhere it would lower the whole process: not done.
 */
if (data.lowPriority && process.platform === 'linux') {
  try {
    setPriority(19)
  } catch {
    // Not allowed: the worker runs at the normal priority.
  }
}

type Main = typeof import('./compile-worker-main.js')
const bundle = fileURLToPath(new URL('./compile-worker-main.cjs', import.meta.url))
const cacheFile = fileURLToPath(new URL('./compile-worker-main.code-cache', import.meta.url))

if (data.codeCache === 'make') {
  const { exports, script } = runCachedScript<Main>(bundle, null)
  await exports.warmUpForCodeCache()
  writeFileSync(cacheFile, script.createCachedData())
  parentPort!.postMessage('made')
} else {
  runCachedScript<Main>(bundle, cacheFile).exports.startWorker()
}
