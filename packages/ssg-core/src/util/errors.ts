/** An error of the toolkit itself (not a content problem): names what failed, keeps the cause. */
export class SsgError extends Error {
  override name = 'SsgError'
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
  }
}

/** Thrown when a build finished with fatal content messages; the report was printed already. */
export class BuildFailedError extends SsgError {
  override name = 'BuildFailedError'
}

/**
 * Levenshtein distance, for "did you mean" suggestions. With `limit`, it stops as soon as the
 * distance is sure to exceed it and returns `limit + 1` (a route table of thousands is scanned for
 * every missing link).
 */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1
  const row = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!
    row[0] = i
    let rowMin = i
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]!
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1))
      if (row[j]! < rowMin) rowMin = row[j]!
      previous = current
    }
    if (rowMin > limit) return limit + 1
  }
  return row[b.length]!
}

/** The candidate closest to `value`, when it is close enough to be a plausible typo. */
export function closest(
  value: string,
  candidates: Iterable<string>,
  maxRatio = 0.4,
): string | undefined {
  const lower = value.toLowerCase()
  let best: string | undefined
  let bestScore = Infinity
  for (const candidate of candidates) {
    // Only a strictly better score can replace the best so far (the first of equals wins).
    const score = editDistance(lower, candidate.toLowerCase(), bestScore - 1)
    if (score < bestScore) {
      best = candidate
      bestScore = score
    }
  }
  if (best === undefined) return undefined
  return bestScore <= Math.max(2, Math.ceil(Math.max(value.length, best.length) * maxRatio))
    ? best
    : undefined
}

/** Every message of an error and its causes, outermost first. */
export function errorChain(error: unknown): string[] {
  const chain: string[] = []
  let current: unknown = error
  while (current !== undefined && current !== null && chain.length < 10) {
    chain.push(current instanceof Error ? current.message : String(current))
    current = current instanceof Error ? current.cause : undefined
  }
  return chain
}
