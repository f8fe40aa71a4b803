/** After the first page is served, what waited for it goes on this much later (its styles first). */
const AFTER_PAGE_MS = 300
/** Without a page asked for this long after serving began, what waits goes on. */
const WITHOUT_PAGE_MS = 1000

/**
 * The moment `ssg serve` has served its first page, or a while after it began serving without
 * one. What a reader does not wait for (the background compile threads, the OpenAPI specs) waits
 * for it: on two cores, their start would compete with the first page for the processor.
 */
export class FirstPage {
  readonly served: Promise<void>
  private resolve!: () => void
  private marked = false

  constructor() {
    this.served = new Promise((resolve) => (this.resolve = resolve))
  }

  /** Serving began. */
  arm(): void {
    setTimeout(() => this.mark(0), WITHOUT_PAGE_MS).unref()
  }

  /** A page was served (its styles and scripts are asked for next: what waits goes on after). */
  mark(delay = AFTER_PAGE_MS): void {
    if (this.marked) return
    this.marked = true
    setTimeout(this.resolve, delay).unref()
  }
}
