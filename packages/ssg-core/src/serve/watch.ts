import { realpathSync } from 'node:fs'
import path from 'node:path'
import type { FSWatcher } from 'chokidar'
import { DirWatcher } from './dir-watcher.js'
import { classifyPath, type WatchedPlaces, type WatchEvent } from './invalidate.js'

const WATCH_EVENTS = new Set<string>(['add', 'change', 'unlink', 'addDir', 'unlinkDir'])

/**
 * Watches what `ssg serve` rebuilds from: the site folder (its `content/` and `static/` folders
 * and config file; not `build/`, `node_modules/` or caches) and the theme package's folder.
 * `content/` has a watcher of its own (`DirWatcher`: a large site's pages cost chokidar seconds).
 * Events arrive in batches: a save that writes several files is one update.
 */
export class SiteWatcher {
  private watcher: FSWatcher | undefined
  private content: DirWatcher
  private pending: WatchEvent[] = []
  private timer: NodeJS.Timeout | undefined
  private running: Promise<void> | undefined
  private readonly rechecks = new Map<string, NodeJS.Timeout>()
  private nudged = false
  private closed = false
  /** The folders of `places.included`. */
  private includedDirs: Set<string>
  /** The content folder is watched (what a reader's page is made of). */
  readonly ready: Promise<void>
  /** The rest is watched too (see `later`). */
  readonly allReady: Promise<void>

  /**
   * `later`: chokidar (config, `static/`, the theme's folder) starts when it resolves: its start
   * stats every file it watches (0.2 s of the server's thread for the docs site), which must not
   * compete with the first page. A file of those changed meanwhile (modified after `since`, ms
   * since the epoch: when the server began reading the site) is reported once chokidar has seen
   * it, as a change.
   */
  constructor(
    private places: WatchedPlaces,
    private readonly onBatch: (events: WatchEvent[]) => Promise<void>,
    options: { later?: Promise<void> | undefined; since?: number } = {},
  ) {
    this.includedDirs = foldersOf(places.included)
    this.content = this.watchContent()
    this.ready = this.content.ready
    this.allReady = (options.later ?? Promise.resolve()).then(() =>
      this.closed ? undefined : this.watchRest(options.since),
    )
  }

  private async watchRest(since: number | undefined): Promise<void> {
    // Loaded now: chokidar (and readdirp) is no part of the server thread's start.
    const { watch } = await import('chokidar')
    if (this.closed) return
    const watcher = watch(this.paths(), {
      // Without a `since`, files there at the start are not events; with one, the first scan
      // reports each file, and those changed since then are taken.
      ignoreInitial: since === undefined,
      alwaysStat: since !== undefined,
      ignored: (file) => this.ignored(file),
    })
    this.watcher = watcher
    let scanned = since === undefined
    watcher.on('all', (event, file, stats) => {
      if (!WATCH_EVENTS.has(event)) return
      const absolute = path.resolve(file)
      if (!scanned && (event === 'add' || event === 'addDir')) {
        // The first scan reports what is there: a file changed since `since` is a change.
        if (event === 'add' && stats && stats.mtimeMs >= since!)
          this.event({ event: 'change', path: absolute })
        return
      }
      // A content folder made after the start: watch it.
      if (event === 'addDir' && absolute === this.contentDir) this.watchContent()
      this.event({ event: event as WatchEvent['event'], path: absolute })
    })
    return new Promise<void>((resolve) =>
      watcher.once('ready', () => {
        scanned = true
        resolve()
      }),
    )
  }

  private get contentDir(): string {
    return path.join(this.places.root, 'content')
  }

  private watchContent(): DirWatcher {
    this.content?.close()
    this.content = new DirWatcher(this.contentDir, (event) => this.event(event))
    return this.content
  }

  private event(event: WatchEvent): void {
    this.pending.push(event)
    this.schedule()
    if (event.event !== 'change' && event.event !== 'add') return
    const kind = classifyPath(event.path, this.places)
    if (kind === 'content' || kind === 'include') this.recheck(event.path)
  }

  /**
   * Follows the theme to another folder (after a config change), and watches the files out of
   * `content/` that pages read (snippets): they may be outside the site's folder. Their folders
   * are watched, not the files: an editor's save renames a new file over the old one.
   */
  setPlaces(places: WatchedPlaces): void {
    const before = this.places
    const known = this.includedDirs
    this.places = places
    this.includedDirs = foldersOf(places.included)
    // Not started yet: it starts with these places.
    if (!this.watcher) return
    if (before.themeDir !== places.themeDir) {
      if (before.themeDir) this.watcher.unwatch(before.themeDir)
      if (places.themeDir) this.watcher.add(places.themeDir)
    }
    const added = [...this.includedDirs].filter((dir) => !known.has(dir))
    if (added.length) this.watcher.add(added)
  }

  /** Runs a batch without events (the site changed by itself: it pushes what that changed). */
  nudge(): void {
    this.nudged = true
    this.schedule()
  }

  /** A batch is waiting or running. */
  get busy(): boolean {
    return Boolean(this.timer || this.running || this.rechecks.size)
  }

  /** Resolves once every event seen so far has been handled. */
  async idle(): Promise<void> {
    await this.allReady
    while (this.timer || this.running || this.rechecks.size)
      await (this.running ?? new Promise((r) => setTimeout(r, 10)))
  }

  close(): Promise<void> {
    this.closed = true
    clearTimeout(this.timer)
    this.content.close()
    for (const timer of this.rechecks.values()) clearTimeout(timer)
    return this.watcher?.close() ?? Promise.resolve()
  }

  private paths(): string[] {
    return [
      this.places.root,
      ...(this.places.themeDir ? [this.places.themeDir] : []),
      ...this.includedDirs,
    ]
  }

  private ignored(file: string): boolean {
    const { root, themeDir } = this.places
    const absolute = path.resolve(file)
    if (absolute === root || absolute === themeDir) return false
    // A snippet's file out of `content/`, and its folder (its other files are not events).
    if (this.places.included?.has(absolute) || this.includedDirs.has(absolute)) return false
    if (themeDir && absolute.startsWith(themeDir + path.sep)) {
      const parts = path.relative(themeDir, absolute).split(path.sep)
      return parts.some((p) => p === 'node_modules' || p.startsWith('.'))
    }
    const relative = path.relative(root, absolute)
    if (relative.startsWith('..') || path.isAbsolute(relative)) return true
    const parts = relative.split(path.sep)
    // The content folder itself is watched here (made, removed); what is in it, by `DirWatcher`.
    if (parts[0] === 'content') return parts.length > 1
    if (parts[0] === 'static') return false
    // The site's theme files and OpenAPI files, and the folders on the way to them.
    const inputs = [...(this.places.themeFiles ?? []), ...(this.places.apiFiles ?? [])]
    if (inputs.some((f) => f === absolute || f.startsWith(absolute + path.sep))) return false
    // Any other file at the top: only the config matters (folders like build/ are skipped).
    return classifyPath(absolute, this.places) !== 'config'
  }

  /**
   * chokidar drops a second change of a file within 50 ms of the first (no trailing event): look
   * at the file again once that window has passed. Reading it costs little, and an unchanged
   * file (same hash) changes nothing.
   */
  private recheck(file: string): void {
    // From the last change seen: a dropped one came within 50 ms of it.
    clearTimeout(this.rechecks.get(file))
    const timer = setTimeout(() => {
      this.rechecks.delete(file)
      this.pending.push({ event: 'change', path: file })
      this.schedule()
    }, 60)
    timer.unref()
    this.rechecks.set(file, timer)
  }

  private schedule(): void {
    if (this.timer || this.running) return
    // Content saves go out at once; a theme rebuild writes many files: wait for it to settle.
    const slow = this.pending.some((e) => {
      const kind = classifyPath(e.path, this.places)
      return kind === 'theme' || kind === 'config'
    })
    this.timer = setTimeout(() => this.flush(), slow ? 80 : 2)
  }

  private flush(): void {
    this.timer = undefined
    const batch = this.pending
    this.pending = []
    this.nudged = false
    this.running = this.onBatch(batch).finally(() => {
      this.running = undefined
      if (this.pending.length || this.nudged) this.schedule()
    })
  }
}

function foldersOf(files: ReadonlySet<string> | undefined): Set<string> {
  return new Set([...(files ?? [])].map((file) => path.dirname(file)))
}

/** The folder of the package holding the theme's server entry (symlinks resolved). */
export function themePackageDir(serverEntry: string): string | null {
  let dir = path.dirname(serverEntry)
  for (let i = 0; i < 6; i++) {
    try {
      realpathSync(path.join(dir, 'package.json'))
      return realpathSync(dir)
    } catch {
      dir = path.dirname(dir)
    }
  }
  return null
}
