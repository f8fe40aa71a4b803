import { watch, type FSWatcher } from 'node:fs'
import { lstat, readdir } from 'node:fs/promises'
import path from 'node:path'
import type { WatchEvent } from './invalidate.js'

/** Folders and files a site's content never holds (as discovery skips them). */
const skipped = (name: string) => name.startsWith('.') || name === 'node_modules'

/**
 * Watches a folder tree with one `fs.watch` per folder, which reports the changes of the files
 * in it, and tells adds, changes and removals apart by what it knew of each folder. chokidar
 * watches each file and stats it at start: for 10,000 pages, seconds of the server's thread
 * before the first page; this walks the folders only (a few hundred) and stats a file when an
 * event names it.
 */
export class DirWatcher {
  private readonly folders = new Map<
    string,
    { watcher: FSWatcher; entries: Map<string, boolean> }
  >()
  private closed = false
  readonly ready: Promise<void>

  constructor(
    root: string,
    private readonly emit: (event: WatchEvent) => void,
  ) {
    this.ready = this.add(root, false)
  }

  close(): void {
    this.closed = true
    for (const folder of this.folders.values()) folder.watcher.close()
    this.folders.clear()
  }

  /** Watches a folder and the folders in it; `announce`: emit an add for each thing found. */
  private async add(dir: string, announce: boolean): Promise<void> {
    if (this.closed || this.folders.has(dir)) return
    let watcher: FSWatcher
    try {
      watcher = watch(dir, { persistent: false }, (_type, name) => {
        if (name) void this.changed(dir, String(name))
      })
    } catch {
      return // Gone already, or not a folder.
    }
    watcher.on('error', () => this.forget(dir, false))
    const entries = new Map<string, boolean>()
    this.folders.set(dir, { watcher, entries })
    let found
    try {
      found = await readdir(dir, { withFileTypes: true })
    } catch {
      return
    }
    const subfolders: string[] = []
    for (const entry of found) {
      if (skipped(entry.name)) continue
      const full = path.join(dir, entry.name)
      entries.set(entry.name, entry.isDirectory())
      if (entry.isDirectory()) subfolders.push(full)
      else if (announce) this.emit({ event: 'add', path: full })
    }
    await Promise.all(
      subfolders.map((sub) => {
        if (announce) this.emit({ event: 'addDir', path: sub })
        return this.add(sub, announce)
      }),
    )
  }

  /** An event named `name` in `dir`: what is there now decides what it was. */
  private async changed(dir: string, name: string): Promise<void> {
    const folder = this.folders.get(dir)
    if (!folder || skipped(name)) return
    const full = path.join(dir, name)
    const known = folder.entries.get(name)
    let isDir: boolean | null
    try {
      isDir = (await lstat(full)).isDirectory()
    } catch {
      isDir = null
    }
    if (this.closed) return
    if (isDir === null) {
      if (known === undefined) return
      folder.entries.delete(name)
      if (known) this.forget(full, true)
      else this.emit({ event: 'unlink', path: full })
    } else if (isDir) {
      if (known === true) return
      folder.entries.set(name, true)
      this.emit({ event: 'addDir', path: full })
      await this.add(full, true)
    } else {
      folder.entries.set(name, false)
      this.emit({ event: known === undefined ? 'add' : 'change', path: full })
    }
  }

  /** Stops watching a folder that is gone, and the folders in it. */
  private forget(dir: string, announce: boolean): void {
    for (const [folder, { watcher }] of this.folders)
      if (folder === dir || folder.startsWith(dir + path.sep)) {
        watcher.close()
        this.folders.delete(folder)
      }
    if (announce) this.emit({ event: 'unlinkDir', path: dir })
  }
}
