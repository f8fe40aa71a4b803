import { statSync } from 'node:fs'
import path from 'node:path'
import { lastUpdatedTimes } from '../pipeline/last-updated.js'

/**
 * The last-updated date of each page as `ssg build` dates it (the newest commit touching the
 * file, else its mtime), read when a page needs it: one `git log` in the background at start,
 * and a file's mtime on first use (stat-ing 10,000 files before the first answer cost a second).
 */
export class PageDates implements Pick<ReadonlyMap<string, string>, 'get'> {
  private git = new Map<string, string>()
  private readonly mtimes = new Map<string, string | null>()
  /** Resolves once the git dates are known. */
  readonly ready: Promise<void>

  constructor(private readonly root: string) {
    this.ready = lastUpdatedTimes({ root, files: [] }).then((times) => {
      this.git = times
    })
  }

  /** The date of a file (site-relative path), or undefined when it is gone. */
  get(file: string): string | undefined {
    const committed = this.git.get(file)
    if (committed) return committed
    let time = this.mtimes.get(file)
    if (time === undefined) {
      const stats = statSync(path.join(this.root, file), { throwIfNoEntry: false })
      time = stats ? stats.mtime.toISOString() : null
      this.mtimes.set(file, time)
    }
    return time ?? undefined
  }

  /** Forgets a file's mtime (it changed). */
  changed(file: string): void {
    this.mtimes.delete(file)
  }
}
