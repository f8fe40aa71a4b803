/**
 * The names of a split index's part files, as the main files list them: runs of names from one
 * build with consecutive numbers (10,000 doc parts of a cold build are one run; an incremental
 * build that keeps most parts, a few runs). Shared by the build and the browser; browser-safe.
 */

/** The kinds of part files: term ranges, prefix completions, display records. */
export type PartKind = 'index' | 'prefix' | 'doc'

/**
 * Files `search-<kind>-<timestamp>-<first>.json` to `search-<kind>-<timestamp>-<first + count -
 * 1>.json`, in order.
 */
export type PartRun = [timestamp: number, first: number, count: number]

/** The name of part `k` of a build. */
export function partName(kind: PartKind, timestamp: number, k: number): string {
  return `search-${kind}-${timestamp}-${k}.json`
}

/** The timestamp and number in a part's name, or null when it is not a part of this kind. */
export function parsePartName(kind: PartKind, file: string): [number, number] | null {
  const match = /^search-([a-z]+)-(\d+)-(\d+)\.json$/.exec(file)
  if (!match || match[1] !== kind) return null
  const timestamp = Number(match[2])
  const k = Number(match[3])
  return Number.isSafeInteger(timestamp) && Number.isSafeInteger(k) ? [timestamp, k] : null
}

/** The runs of part names (each made by {@link partName}). */
export function partRuns(kind: PartKind, files: readonly string[]): PartRun[] {
  const runs: PartRun[] = []
  for (const file of files) {
    const parsed = parsePartName(kind, file)
    if (!parsed) throw new Error(`Not the name of a search ${kind} part: ${file}`)
    const [timestamp, k] = parsed
    const last = runs[runs.length - 1]
    if (last && last[0] === timestamp && last[1] + last[2] === k) last[2]++
    else runs.push([timestamp, k, 1])
  }
  return runs
}

/** The parts runs list: how many, and the name of each, made when asked for. */
export interface PartList {
  length: number
  name(k: number): string
}

/**
 * The parts of runs (a loader asks for a few of 10,000 names: none is made before); throws when
 * the runs are not well formed.
 */
export function partList(kind: PartKind, runs: unknown): PartList {
  if (!Array.isArray(runs)) throw damaged(kind)
  // Where each run starts among the parts, for a binary search.
  const starts = [0]
  for (const run of runs as unknown[]) {
    if (!Array.isArray(run) || run.length !== 3 || !run.every(Number.isSafeInteger)) {
      throw damaged(kind)
    }
    if (run[2] < 0) throw damaged(kind)
    starts.push(starts[starts.length - 1]! + (run[2] as number))
  }
  const list = runs as PartRun[]
  return {
    length: starts[starts.length - 1]!,
    name(k) {
      let low = 0
      let high = list.length - 1
      while (low < high) {
        const middle = (low + high + 1) >>> 1
        if (starts[middle]! <= k) low = middle
        else high = middle - 1
      }
      const [timestamp, first] = list[low]!
      return partName(kind, timestamp, first + k - starts[low]!)
    },
  }
}

/** The part names of runs, in order; throws when the runs are not well formed. */
export function partNames(kind: PartKind, runs: unknown): string[] {
  const list = partList(kind, runs)
  return Array.from({ length: list.length }, (_, k) => list.name(k))
}

function damaged(kind: PartKind): Error {
  return new Error(
    `The search index is damaged (its ${kind} part list is not runs); rebuild the site`,
  )
}
