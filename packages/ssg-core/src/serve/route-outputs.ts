import { jsonForScript } from '../util/html.js'
import { invalidate, type OutputRecord, type RouteRecord } from './invalidate.js'

/** The output of one route: what it was made from, and its document and data once asked for. */
interface Output extends OutputRecord {
  html?: string
  json?: string
}

/** What a set of new records changed. */
export interface OutputChanges {
  /** Routes whose output changed (made again, added or removed): the pages showing them reload. */
  changed: string[]
  /**
   * Of `changed`, the routes whose page stays the same but for its page data (an edit of the
   * article: same title, same sidebar): a page showing one can swap its data in place.
   */
  refresh: string[]
  /** The searchable text of a route changed. */
  search: boolean
}

/**
 * The outputs `ssg serve` has served, by route: only routes asked for have one. A route's
 * document is rendered on first request and kept until its inputs change (`invalidate.ts`); a
 * page whose content is broken keeps its last good output.
 */
export class RouteOutputs {
  private readonly outputs = new Map<string, Output>()

  /** Routes with an output. */
  routes(): string[] {
    return [...this.outputs.keys()]
  }

  has(route: string): boolean {
    return this.outputs.has(route)
  }

  /** The record a route's output is made from. */
  record(route: string): RouteRecord | undefined {
    return this.outputs.get(route)?.record
  }

  /** The route's document, rendered by `render` unless it is already. */
  html(route: string, render: (record: RouteRecord) => string): string | null {
    const output = this.outputs.get(route)
    if (!output) return null
    return (output.html ??= render(output.record))
  }

  /** The route's page data (JSON). */
  json(route: string): string | null {
    const output = this.outputs.get(route)
    if (!output) return null
    return (output.json ??= jsonForScript(output.record.data))
  }

  /** Drops every rendered document (the theme changed). */
  clearRendered(): void {
    for (const output of this.outputs.values()) delete output.html
  }

  /**
   * Applies new records (see `invalidate`): a new route gets an output, a changed one is made
   * again (or held while broken), a route without a record is removed when `complete`.
   */
  apply(records: RouteRecord[], complete: boolean): OutputChanges {
    const result = invalidate(this.outputs, records, complete)
    const refresh: string[] = []
    for (const record of records) {
      const action = result.actions.get(record.route)!
      const output = this.outputs.get(record.route)
      if (action === 'add' || action === 'render') {
        if (action === 'render' && output && inPlace(output.record, record))
          refresh.push(record.route)
        this.outputs.set(record.route, { record, good: !record.broken })
      } else if (action === 'keep' && output) {
        output.good ||= !record.broken
      }
    }
    for (const route of result.removed) this.outputs.delete(route)
    return { changed: result.changed, refresh, search: result.search }
  }
}

/** The same page but for its data: same title and same sidebar (placement included). */
function inPlace(before: RouteRecord, after: RouteRecord): boolean {
  const a = before.data
  const b = after.data
  return (
    before.sidebar === after.sidebar &&
    a.title === b.title &&
    a.layout === b.layout &&
    a.sidebarId === b.sidebarId &&
    JSON.stringify([a.breadcrumbs, a.prev, a.next]) ===
      JSON.stringify([b.breadcrumbs, b.prev, b.next])
  )
}
