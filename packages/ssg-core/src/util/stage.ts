import { SsgError } from './errors.js'

export interface StageTiming {
  name: string
  ms: number
}

/** Runs one named stage of the build, records its duration, and names it in any failure. */
export async function stage<T>(
  timings: StageTiming[],
  name: string,
  run: () => Promise<T> | T,
): Promise<T> {
  const start = performance.now()
  try {
    return await run()
  } catch (error) {
    if (error instanceof SsgError) throw error
    throw new SsgError(
      `Stage \`${name}\` failed: ${error instanceof Error ? error.message : String(error)}`,
      {
        cause: error,
      },
    )
  } finally {
    timings.push({ name, ms: performance.now() - start })
  }
}
