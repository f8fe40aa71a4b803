/**
 * The terms an edit may have changed (`updateFoldedTerms`), sorted: an index or prefix part none
 * of whose terms is one of them holds what the earlier build's part of the same terms held, and
 * is kept without being made (an edit of one page of 10,000 made all 325 index parts again,
 * 0.3 s with their garbage, to keep 320 of them).
 */
import type { EncodedTerm } from './split.js'

export class TouchedTerms {
  private readonly sorted: string[]

  constructor(touched: Iterable<string>) {
    this.sorted = [...touched].sort()
  }

  /** Whether none of the terms `t` with `first <= t <= last` is touched. */
  noneBetween(first: string, last: string): boolean {
    const at = this.sorted[this.firstAtOrAfter(first)]
    return at === undefined || at > last
  }

  /** Whether no touched term starts with `prefix`. */
  noneWithPrefix(prefix: string): boolean {
    const at = this.sorted[this.firstAtOrAfter(prefix)]
    return at === undefined || !at.startsWith(prefix)
  }

  private firstAtOrAfter(term: string): number {
    let low = 0
    let high = this.sorted.length
    while (low < high) {
      const middle = (low + high) >>> 1
      if (this.sorted[middle]! < term) low = middle + 1
      else high = middle
    }
    return low
  }
}

/**
 * What tells an index part's terms from the other parts' (`SearchPart.terms`): their number and
 * the first. Two parts of the same name hold the same terms when none between their first and
 * last is touched since.
 */
export function indexPartTerms(range: readonly EncodedTerm[]): string {
  return `${range.length} ${range[0]?.term ?? ''}`
}
