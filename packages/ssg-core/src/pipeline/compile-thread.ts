import { existsSync } from 'node:fs'
import { Worker } from 'node:worker_threads'

/**
 * The compile worker's entry next to the core's bundle: this module may sit in `dist/` or in
 * `dist/chunks/`, the worker in `dist/worker/`; none when running from `src/` (tests compile in
 * their own thread).
 */
export function compileWorkerUrl(): URL | undefined {
  return [
    new URL('./worker/compile-worker.js', import.meta.url),
    new URL('../worker/compile-worker.js', import.meta.url),
  ].find((u) => existsSync(u))
}

/**
 * What a compile worker starts with. `setup: 'message'`: the options come later, in a first
 * message `{ setup }` (a worker started before the config is read: see `prestartCompileWorker`).
 */
export type CompileThreadData<T> = (T & { lowPriority?: boolean }) | { setup: 'message' }

/** Starts a compile worker thread (see `compileWorkerUrl`). */
export function startCompileWorker<T>(url: URL, data: CompileThreadData<T>): Worker {
  return new Worker(url, {
    workerData: data,
    // Highlighted code makes many short-lived objects: a larger young generation halves GC time.
    resourceLimits: { maxYoungGenerationSizeMb: 64 },
    execArgv: process.execArgv.filter((a) => !a.startsWith('--input-type')),
  })
}

let prestarted: Worker | undefined

/**
 * Starts `ssg serve`'s foreground compile worker before anything else: importing unified, shiki
 * and the rest takes the thread most of a second, which then runs while the server imports its
 * own modules and reads the config and pages. The first compile pool made takes it
 * (`takePrestartedWorker`) and sends its options. Does nothing without a worker build.
 */
export function prestartCompileWorker(): void {
  if (prestarted) return
  const url = compileWorkerUrl()
  if (!url) return
  prestarted = startCompileWorker(url, { setup: 'message' })
  // Unused (the site never opened) it must not keep the process alive.
  prestarted.unref()
}

/** The worker `prestartCompileWorker` started, once; undefined otherwise. */
export function takePrestartedWorker(): Worker | undefined {
  const worker = prestarted
  prestarted = undefined
  return worker
}
