import { SsgError } from './errors.js'

export interface StageTiming {
  name: string
  ms: number
}

/** What a build reports while it runs (`BuildOptions.onProgress`): stages, and pages within them. */
export type BuildProgress =
  | { kind: 'stage'; stage: string }
  | { kind: 'pages'; stage: string; done: number; total: number }
  | { kind: 'stage-done'; stage: string; ms: number }

/** Receives a build's progress; called synchronously, so it must be quick. */
export type ProgressListener = (event: BuildProgress) => void

/** Reports pages done out of a total within the current stage. */
export type PageProgress = (done: number, total: number) => void

const listeners = new WeakMap<StageTiming[], ProgressListener>()

/** The timings of one build; `stage` tells `onProgress` when each stage starts and ends. */
export function stageTimings(onProgress?: ProgressListener): StageTiming[] {
  const timings: StageTiming[] = []
  if (onProgress) listeners.set(timings, onProgress)
  return timings
}

const ignore: PageProgress = () => {}

/**
 * Runs one named stage of the build, records its duration, and names it in any failure. `run`
 * gets a callback for the pages it has done, passed on to the build's progress listener.
 */
export async function stage<T>(
  timings: StageTiming[],
  name: string,
  run: (progress: PageProgress) => Promise<T> | T,
): Promise<T> {
  const listener = listeners.get(timings)
  const start = performance.now()
  listener?.({ kind: 'stage', stage: name })
  try {
    return await run(
      listener ? (done, total) => listener({ kind: 'pages', stage: name, done, total }) : ignore,
    )
  } catch (error) {
    if (error instanceof SsgError) throw error
    throw new SsgError(
      `Stage \`${name}\` failed: ${error instanceof Error ? error.message : String(error)}`,
      {
        cause: error,
      },
    )
  } finally {
    const ms = performance.now() - start
    timings.push({ name, ms })
    listener?.({ kind: 'stage-done', stage: name, ms })
  }
}
