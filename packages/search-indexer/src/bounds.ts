/**
 * The term ranges of a split index, shared by the build (`split.ts`) and the browser
 * (`store.ts`): which part holds a term, and which prefixes have their terms in several parts.
 * Browser-safe.
 */

/** The part holding `term`: part k holds the terms t with `bounds[k - 1] <= t < bounds[k]`. */
export function partOf(bounds: readonly string[], term: string): number {
  let low = 0
  let high = bounds.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (bounds[middle]! <= term) low = middle + 1
    else high = middle
  }
  return low
}

/** Whether the terms that start with `prefix` may lie in more than one part. */
export function spansParts(bounds: readonly string[], prefix: string): boolean {
  return partOf(bounds, prefix) !== partOf(bounds, prefix + '\uffff')
}

/**
 * The prefixes of `minLength` or more characters whose terms lie in more than one part, sorted:
 * the proper prefixes of the bounds (each bound being the shortest string that separates two
 * parts, the last term before it shares all but its last character). Each has a prefix file.
 */
export function spanningPrefixes(bounds: readonly string[], minLength: number): string[] {
  const prefixes = new Set<string>()
  for (const bound of bounds)
    for (let length = minLength; length < bound.length; length++)
      prefixes.add(bound.slice(0, length))
  return [...prefixes].sort()
}
