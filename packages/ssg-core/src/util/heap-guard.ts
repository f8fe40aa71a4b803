import { getHeapStatistics, setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

let collect: (() => void) | null | undefined

/** V8's full garbage collection, or null where it cannot be reached. */
function fullGc(): (() => void) | null {
  if (collect === undefined) {
    try {
      // Exposes `gc` to contexts made from now on (not to this one's global).
      setFlagsFromString('--expose-gc')
      const gc: unknown = runInNewContext('typeof gc === "function" ? gc : null')
      collect = typeof gc === 'function' ? (gc as () => void) : null
    } catch {
      collect = null
    }
  }
  return collect
}

/** Collects now (a full collection), where V8's `gc` can be reached. */
export function collectGarbage(): void {
  fullGc()?.()
}

/**
 * Keeps the heap of a long loop near what it really holds. Rendering a page leaves a few large
 * strings behind (its 140 KB document, twice); large strings are only freed by a full collection,
 * which V8 starts when the heap reaches about four times what survived the last one: a
 * 10,000-page build held 0.6 GB of pages and peaked at 2.3 GB of mostly garbage. `check()` after
 * each batch collects once the heap has grown `budgetMb` past what the last collection kept.
 */
export class HeapGuard {
  private floor: number
  /** Full collections made. */
  collections = 0

  /**
   * Starts from what the heap really holds (a collection first when it is over budget). With
   * `external`, the memory the heap's objects hold outside it (Buffers) counts too.
   */
  constructor(
    private readonly budgetMb = 256,
    private readonly options: { external?: boolean } = {},
  ) {
    this.floor = 0
    this.check()
  }

  check(): void {
    const used = this.held()
    if (used - this.floor < this.budgetMb * 2 ** 20) return
    const gc = fullGc()
    if (!gc) return
    gc()
    this.collections++
    this.floor = this.held()
  }

  /**
   * The heap's objects, and with `external` the memory they hold outside it (a page's bytes,
   * inflated HTML): a render worker's garbage was mostly Buffers (90 MB before V8's own limit for
   * outside memory started a collection), which the heap's size alone does not show.
   */
  private held(): number {
    const stats = getHeapStatistics() as ReturnType<typeof getHeapStatistics> & {
      external_memory?: number
    }
    return stats.used_heap_size + (this.options.external ? (stats.external_memory ?? 0) : 0)
  }
}
