import { setPriority } from 'node:os'
import { workerData } from 'node:worker_threads'

/**
 * Worker thread entry. A background thread of `ssg serve` lowers its priority before anything
 * else: importing the compile stack (unified, shiki and the rest) costs most of a second of CPU,
 * which must not compete with the page a reader waits for. Linux gives each thread its own
 * niceness: `setPriority` here lowers this thread only, and the threads it starts after.
 * Elsewhere it would lower the whole process: not done.
 */
if ((workerData as { lowPriority?: boolean }).lowPriority && process.platform === 'linux') {
  try {
    setPriority(19)
  } catch {
    // Not allowed: the worker runs at the normal priority.
  }
}
await import('./compile-worker-main.js')
