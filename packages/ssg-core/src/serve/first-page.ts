/** After the first page is served, what waited for it goes on this much later (its styles first). */
const AFTER_PAGE_MS = 300
/** Without a page asked for this long after serving began, what waits goes on. */
const WITHOUT_PAGE_MS = 1000
/** A first page that takes longer than this to make does not hold the rest back any longer. */
const LONGEST_WAIT_MS = 15_000

/**
 * The moment `ssg serve` has served its first page, or a while after it began serving without
 * one being asked for. What a reader does not wait for (the background compile threads, the
 * OpenAPI specs) waits for it: on two cores, their start would compete with the first page for
 * the processor. A page asked for and not served yet holds the moment back (a cold first page
 * with code and diagrams takes longer than `WITHOUT_PAGE_MS`).
 */
export class FirstPage {
  readonly served: Promise<void>
  private resolve!: () => void
  private marked = false
  private asking = 0

  constructor() {
    this.served = new Promise((resolve) => (this.resolve = resolve))
  }

  /** Serving began. */
  arm(): void {
    setTimeout(() => {
      if (this.asking === 0) this.mark(0)
    }, WITHOUT_PAGE_MS).unref()
    setTimeout(() => this.mark(0), LONGEST_WAIT_MS).unref()
  }

  /** A document was asked for: call the function returned once it is served (or failed). */
  asked(): () => void {
    this.asking++
    let done = false
    return () => {
      if (done) return
      done = true
      this.asking--
      this.mark()
    }
  }

  /** A page was served (its styles and scripts are asked for next: what waits goes on after). */
  mark(delay = AFTER_PAGE_MS): void {
    if (this.marked) return
    this.marked = true
    if (delay === 0) this.resolve()
    else setTimeout(this.resolve, delay).unref()
  }
}
