import { existsSync } from 'node:fs'
import { Worker, type TransferListItem } from 'node:worker_threads'

/**
 * The compile worker's entry next to the core's bundle: this module may sit in `dist/` or in
 * `dist/chunks/`, the worker in `dist/worker/`; none when running from `src/` (tests compile in
 * their own thread).
 */
export function compileWorkerUrl(): URL | undefined {
  return workerUrl('compile-worker')
}

/** A worker entry of `dist/worker/` (`compile-worker`, `render-worker`), see `compileWorkerUrl`. */
export function workerUrl(name: string): URL | undefined {
  return [
    new URL(`./worker/${name}.js`, import.meta.url),
    new URL(`../worker/${name}.js`, import.meta.url),
  ].find((u) => existsSync(u))
}

/**
 * What a compile worker starts with. `setup: 'message'`: the options come later, in a first
 * message `{ setup }` (a worker started before the config is read: see `prestartCompileWorker`).
 */
export type CompileThreadData<T> = (T & { lowPriority?: boolean }) | { setup: 'message' }

/**
 * Starts a compile worker thread (see `compileWorkerUrl`), with this process's Node options. A
 * worker refuses V8's options (`node --max-old-space-size=8192 ssg build`, as large sites are
 * built): they are left out, and a heap size given so becomes the worker's own limit.
 */
export function startCompileWorker<T>(
  url: URL,
  data: CompileThreadData<T>,
  options: {
    /** Its young generation (a render worker's is smaller: it runs beside the build's peak). */
    youngMb?: number
    /** Objects of `data` moved to the worker rather than copied (a `MessagePort`). */
    transferList?: TransferListItem[]
  } = {},
): Worker {
  let execArgv = process.execArgv.filter((a) => !a.startsWith('--input-type'))
  const resourceLimits = {
    // Highlighted code makes many short-lived objects: a larger young generation halves GC time.
    maxYoungGenerationSizeMb: options.youngMb ?? 64,
    ...oldSpaceLimit(execArgv),
  }
  const transferList = options.transferList ?? []
  for (;;) {
    try {
      return new Worker(url, { workerData: data, resourceLimits, execArgv, transferList })
    } catch (error) {
      const invalid = invalidExecArgv(error)
      const kept = execArgv.filter((a) => !invalid.has(a))
      if (kept.length === execArgv.length) throw error
      execArgv = kept
    }
  }
}

/** The options a worker refused (`ERR_WORKER_INVALID_EXEC_ARGV` names them), else none. */
function invalidExecArgv(error: unknown): Set<string> {
  const { code, message } = error as NodeJS.ErrnoException
  if (code !== 'ERR_WORKER_INVALID_EXEC_ARGV') return new Set()
  const list = message.slice(message.indexOf(':') + 1)
  return new Set(list.split(',').map((flag) => flag.trim()))
}

/** `--max-old-space-size=N` (or `_` spelled) among Node options: the worker's heap limit. */
export function oldSpaceLimit(execArgv: readonly string[]): { maxOldGenerationSizeMb?: number } {
  let mb: number | undefined
  for (const arg of execArgv) {
    const match = /^--max[-_]old[-_]space[-_]size=(\d+)$/.exec(arg)
    if (match) mb = Number(match[1])
  }
  return mb ? { maxOldGenerationSizeMb: mb } : {}
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
