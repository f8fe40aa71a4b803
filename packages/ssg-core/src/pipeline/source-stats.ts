import { readFileSync } from 'node:fs'
import { mkdir, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'

/**
 * What discovery found of a page file when it read it: size and mtime, its bytes' hash, and
 * whether it included partials (a page that includes none is not read again while unchanged).
 */
export interface SourceStat {
  size: number
  mtimeMs: number
  hash: string
  includes: boolean
}

interface StatsFile {
  version: number
  paths: string[]
  sizes: number[]
  mtimes: number[]
  hashes: string[]
  /** 1 when the page included partials, else 0. */
  includes: number[]
}

const VERSION = 2
const FILE = 'source-stats.json'

/**
 * A file changed this little before it was read may change again within its mtime's tick, same
 * size: its hash is not kept for the next build (git's "racily clean" entries).
 */
const SETTLED_MS = 2000

/**
 * `.ssg-cache/source-stats.json`: the hash of each page file's bytes as the last build read them,
 * with the file's size and mtime then. A file of the same size and mtime is not hashed again
 * (at 10,000 pages, 40 MB of SHA-256 on every build); any other is. Columns, as the output
 * manifest's: 10,000 entries parse in a few milliseconds.
 */
export class SourceStats {
  private readonly next: StatsFile = {
    version: VERSION,
    paths: [],
    sizes: [],
    mtimes: [],
    hashes: [],
    includes: [],
  }

  private constructor(
    private readonly file: string,
    private readonly previous: Map<string, number>,
    private readonly columns: StatsFile | null,
    /** When discovery started reading: files changed since shortly before are not kept. */
    private readonly readFrom: number,
  ) {}

  /** The stats saved in `cacheDir` by the last build (none when unreadable). */
  static open(cacheDir: string, now = Date.now()): SourceStats {
    const file = path.join(cacheDir, FILE)
    const previous = new Map<string, number>()
    let columns: StatsFile | null = null
    try {
      const parsed = JSON.parse(readFileSync(file, 'utf8')) as StatsFile
      if (parsed.version === VERSION && wellFormed(parsed)) {
        columns = parsed
        parsed.paths.forEach((p, i) => previous.set(p, i))
      }
    } catch {
      // None yet, or unreadable: every file is hashed.
    }
    return new SourceStats(file, previous, columns, now)
  }

  /** The hash of `file` when its size and mtime are those it had when last hashed. */
  hashOf(file: string, size: number, mtimeMs: number): string | undefined {
    return this.previousOf(file, size, mtimeMs)?.hash
  }

  /** What `file` was when last read, when its size and mtime are those it had then. */
  previousOf(
    file: string,
    size: number,
    mtimeMs: number,
  ): { hash: string; includes: boolean } | undefined {
    const at = this.previous.get(file)
    if (at === undefined) return undefined
    const { sizes, mtimes, hashes, includes } = this.columns!
    if (sizes[at] !== size || mtimes[at] !== mtimeMs) return undefined
    return { hash: hashes[at]!, includes: includes[at] !== 0 }
  }

  /** Notes what a file was when read, for the next build (unless changed just before). */
  set(file: string, stat: SourceStat): void {
    if (stat.mtimeMs >= this.readFrom - SETTLED_MS) return
    this.next.paths.push(file)
    this.next.sizes.push(stat.size)
    this.next.mtimes.push(stat.mtimeMs)
    this.next.hashes.push(stat.hash)
    this.next.includes.push(stat.includes ? 1 : 0)
  }

  /** Saves the files noted (`set`) for the next build. */
  async save(): Promise<void> {
    await mkdir(path.dirname(this.file), { recursive: true })
    const temporary = `${this.file}.${process.pid}.tmp`
    await writeFile(temporary, JSON.stringify(this.next))
    await rename(temporary, this.file)
  }
}

function wellFormed(stats: StatsFile): boolean {
  const { paths, sizes, mtimes, hashes, includes } = stats
  return [paths, sizes, mtimes, hashes, includes].every(
    (column) => Array.isArray(column) && column.length === paths.length,
  )
}
