import type { SourcePage } from './discover.js'

/** A ```` ```mermaid ```` (or `~~~mermaid`) fence opening a line. */
const DIAGRAM = /^[ \t]*(?:`{3,}|~{3,})[ \t]*mermaid\b/m

/** Whether a page has a diagram fence (in its own text: partials are not looked at). */
export function hasDiagram(page: Pick<SourcePage, 'source'>): boolean {
  return DIAGRAM.test(page.source)
}

/**
 * A guess at what compiling a page costs, to hand out the heavy pages first: its length, and
 * more for each code fence (highlighted) and each `::openapi` part (a reference, with samples).
 */
export function costOf(page: Pick<SourcePage, 'source'>): number {
  const { source } = page
  let cost = source.length
  for (let i = source.indexOf('```'); i !== -1; i = source.indexOf('```', i + 3)) cost += 750
  for (let i = source.indexOf('::openapi'); i !== -1; i = source.indexOf('::openapi', i + 9))
    cost += 30_000
  return cost
}

/**
 * The order a compile pool hands its pages out in, batch by batch as each worker asks. With more
 * than one worker the pages with diagrams go to the first worker (`0`), the others to the rest:
 * the diagram renderer is 3.5 MB of JavaScript that each worker drawing a diagram imports and
 * warms up (most of a second), and the languages of the code samples are compiled once per
 * worker that highlights them. A worker whose own pages are done takes the others' lightest
 * (worker 0 their heaviest: the rest then finish together). Heaviest first in each list, so the
 * last batches are small and the workers end close together.
 */
export class CompilePlan {
  private diagrams: SourcePage[]
  private rest: SourcePage[]

  constructor(
    pages: readonly SourcePage[],
    private readonly workers: number,
    private readonly batchSize: number,
  ) {
    const byCost = (list: SourcePage[]) => {
      const costs = new Map(list.map((page) => [page, costOf(page)]))
      return list.sort((a, b) => costs.get(b)! - costs.get(a)!)
    }
    const split = workers > 1
    this.diagrams = split ? byCost(pages.filter(hasDiagram)) : []
    this.rest = byCost(split ? pages.filter((page) => !hasDiagram(page)) : [...pages])
  }

  /** The next batch for worker `worker` (0 to `workers` - 1), or null when none is left. */
  next(worker: number): SourcePage[] | null {
    const size = this.batchSize
    if (worker === 0 || this.workers === 1) {
      if (this.diagrams.length) return this.diagrams.splice(0, size)
      return this.rest.length ? this.rest.splice(0, size) : null
    }
    if (this.rest.length) return this.rest.splice(0, size)
    if (!this.diagrams.length) return null
    return this.diagrams.splice(-Math.min(size, this.diagrams.length))
  }
}
