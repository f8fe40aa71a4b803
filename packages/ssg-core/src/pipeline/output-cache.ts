import type { ChildProcess } from 'node:child_process'
import { constants } from 'node:fs'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { copyFileSync, linkSync, mkdirSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import type { BuildMessage } from '../report/messages.js'
import { changedFiles, type FileColumns, type OutputCheck } from './output-check.js'
import { StagingWriter, type FileToWrite, type WrittenFile } from './staging-writer.js'
import { commitInPlace, swapIntoPlace, type OldOutput } from './write.js'

/** What the manifest records of one output file of the last successful build. */
export interface OutputRecord {
  /** Hash of everything the file's bytes were made from. */
  key: string
  /** The file as it was written: a file changed since (by hand, by a deploy script) is not reused. */
  size: number
  mtimeMs: number
}

/**
 * `<root>/.ssg-cache/outputs.json`: the output files of the last successful build and their keys.
 * The files are columns (path, key, size, mtime; same order in each), not an object a file: at
 * 10,000 pages (40,000 files) that parses in a third of the time, and makes 40,000 objects fewer.
 */
export interface OutputManifest {
  version: number
  /**
   * The output folder the files are in, relative to the manifest's folder (`.ssg-cache`): a site
   * moved or copied with its cache and output keeps its output (an absolute one reads too).
   */
  outDir: string
  files: FileColumns & { keys: string[] }
  /** Values kept from build to build (the search files' names), by name. */
  notes: Record<string, string>
  /** The output's other files (client bundle, sidebars, static files…), to check it is intact. */
  others: Record<string, { size: number; mtimeMs: number }>
  /** What the build was made from (`buildInputKey`), and what it reported. */
  inputKey: string
  pages: number
  messages: BuildMessage[]
}

const MANIFEST_VERSION = 5

/** Files from which the previous build's files are checked on a thread of their own. */
const CHECK_IN_WORKER_FROM = 2000

/**
 * Warm rebuilds (#2, item 7): an output file whose key is the one it had in the previous build is
 * kept instead of made and written again. New files go to the staging folder; `commit` puts
 * them in place: a few replace theirs in `build/` (the kept files stay), many are swapped in
 * with the kept files hard-linked beside them. A hard link shares the bytes with the previous
 * build, so nothing may write into a file once it exists: `write` always creates a new file
 * (`wx`), replacing any file at that path.
 */
export class OutputCache {
  private readonly files = new Map<string, OutputRecord>()
  private readonly notes: Record<string, string> = {}
  private others: OutputManifest['others'] = {}
  private readonly folders = new Map<string, Promise<unknown>>()
  private readonly writer: StagingWriter
  /** Files of the previous build this build keeps (`reuse`), not yet linked or committed. */
  private readonly kept = new Set<string>()
  /** Files found intact by `reusable` (`reuse` does not look again). */
  private readonly checked = new Set<string>()
  /** Files kept from the previous build, and made anew, in this build. */
  reused = 0
  written = 0

  /** Position of each file of the previous build in its manifest's columns. */
  private readonly index = new Map<string, number>()
  /** Which files of the previous build are not as it wrote them (`changedFiles`), once known. */
  private changed: Uint8Array | null = null
  /** The output folder's entries besides the manifest's files, once listed (`OutputCheck`). */
  private listed: string[] | null = null
  private readonly checking: Promise<OutputCheck> | null

  private constructor(
    private readonly previous: OutputManifest | null,
    private readonly manifestFile: string | null,
    private readonly outDir: string,
    private readonly staging: string,
    checkInWorker: boolean | undefined,
  ) {
    this.writer = new StagingWriter(staging)
    const files = previous?.files
    if (!files) {
      this.checking = null
      return
    }
    files.paths.forEach((file, i) => this.index.set(file, i))
    this.checking = changedFiles(
      outDir,
      files,
      checkInWorker ?? files.paths.length >= CHECK_IN_WORKER_FROM,
    )
    // Thrown (if ever) where awaited.
    this.checking.catch(() => {})
  }

  /** Reads the previous manifest from `cacheDir` (none when null: nothing is reused or saved). */
  static async open(options: {
    cacheDir: string | null
    outDir: string
    staging: string
    /**
     * Check the previous build's files (see `changedFiles`) on a thread of their own.
     * @default from 2,000 files
     */
    checkInWorker?: boolean
  }): Promise<OutputCache> {
    const file = options.cacheDir ? path.join(options.cacheDir, 'outputs.json') : null
    let previous: OutputManifest | null = null
    if (file) {
      try {
        const parsed = JSON.parse(await readFile(file, 'utf8')) as OutputManifest
        const outDir = path.resolve(path.dirname(file), parsed.outDir)
        if (
          parsed.version === MANIFEST_VERSION &&
          outDir === options.outDir &&
          wellFormed(parsed.files)
        )
          previous = parsed
      } catch {
        // No previous build, or an unreadable manifest: make every file.
      }
    }
    return new OutputCache(previous, file, options.outDir, options.staging, options.checkInWorker)
  }

  /**
   * Waits for the check of the previous build's files (see `changedFiles`), started by `open`.
   * Call before the first `reuse`: until then each file asked about is checked then and there.
   */
  async ready(): Promise<void> {
    if (!this.checking) return
    const check = await this.checking
    this.changed = check.changed
    this.listed = check.others
  }

  /** What the previous build's manifest records of `file`, and where. */
  private previousRecord(file: string): (OutputRecord & { at: number }) | undefined {
    const at = this.index.get(file)
    if (at === undefined) return undefined
    const { keys, sizes, mtimes } = this.previous!.files
    return { key: keys[at]!, size: sizes[at]!, mtimeMs: mtimes[at]!, at }
  }

  /** A value the previous build noted (`note`), if any. */
  previousNote(name: string): string | undefined {
    return this.previous?.notes[name]
  }

  note(name: string, value: string): void {
    this.notes[name] = value
  }

  /**
   * Keeps `file` of the previous build when it was made from `key` and is unchanged since; false
   * when it must be made. A kept file stays where it is (see `commit`).
   */
  reuse(file: string, key: string): boolean {
    const found = this.previousRecord(file)
    if (!found || found.key !== key) return false
    if (!this.checked.has(file) && !this.intact(file, found)) return false
    this.files.set(file, { key: found.key, size: found.size, mtimeMs: found.mtimeMs })
    this.kept.add(file)
    this.reused++
    return true
  }

  /** Whether `reuse(file, key)` would keep the file (it was made from `key` and is unchanged). */
  reusable(file: string, key: string): boolean {
    const record = this.previousRecord(file)
    if (!record || record.key !== key || !this.intact(file, record)) return false
    this.checked.add(file)
    return true
  }

  /** Whether a file of the previous build is as it was written (size and mtime). */
  private intact(file: string, record: OutputRecord & { at: number }): boolean {
    if (this.changed) return this.changed[record.at] === 0
    // Synchronous: at 10,000 pages the thread pool's round trips cost seconds.
    const now = statSync(path.join(this.outDir, file), { throwIfNoEntry: false })
    return !!now && now.size === record.size && now.mtimeMs === record.mtimeMs
  }

  /**
   * Where a file of the previous build is and its size, when it is as that build wrote it; else
   * null (its bytes are copied as parts of a new file: see `FileRange`).
   */
  previousFile(file: string): { path: string; size: number } | null {
    const record = this.previousRecord(file)
    if (!record || !this.intact(file, record)) return null
    return { path: path.join(this.outDir, file), size: record.size }
  }

  /** Like `reuse` for several files: all of them, or none. */
  reuseAll(entries: Array<{ file: string; key: string }>): boolean {
    const done: string[] = []
    for (const entry of entries) {
      if (!this.reuse(entry.file, entry.key)) {
        for (const file of done) {
          this.kept.delete(file)
          this.files.delete(file)
          this.reused--
        }
        return false
      }
      done.push(entry.file)
    }
    return true
  }

  /** Writes new files into the staging folder and records their keys. */
  async write(files: readonly FileToWrite[]): Promise<void> {
    for (const file of files) this.kept.delete(file.path)
    await this.writer.write(files, (file) => this.record([file]))
  }

  /** Records files written into the staging folder by other means (a render worker's). */
  record(files: readonly WrittenFile[]): void {
    for (const file of files) {
      this.kept.delete(file.path)
      this.files.set(file.path, { key: file.key, size: file.size, mtimeMs: file.mtimeMs })
      this.written++
    }
  }

  /**
   * The previous build's report when it was made from `inputKey` and its output folder holds
   * exactly the files it wrote, unchanged (size and mtime); else null.
   */
  async unchanged(
    inputKey: string,
  ): Promise<{ pages: number; files: number; messages: BuildMessage[] } | null> {
    const previous = this.previous
    if (!previous || previous.inputKey !== inputKey) return null
    await this.ready()
    let entries
    try {
      entries = readdirSync(this.outDir, { recursive: true, withFileTypes: true })
    } catch {
      return null
    }
    let count = 0
    // Synchronous on purpose: 20,000 stat calls take a tenth of the time through the thread pool.
    for (const entry of entries) {
      if (!entry.isFile()) {
        if (entry.isDirectory()) continue
        return null
      }
      const full = path.join(entry.parentPath, entry.name)
      const file = path.relative(this.outDir, full).split(path.sep).join('/')
      const found = this.previousRecord(file)
      if (found) {
        if (!this.intact(file, found)) return null
      } else {
        const record = previous.others[file]
        if (!record) return null
        const now = statSync(full, { throwIfNoEntry: false })
        if (!now || now.size !== record.size || now.mtimeMs !== record.mtimeMs) return null
      }
      count++
    }
    const expected = previous.files.paths.length + Object.keys(previous.others).length
    if (count !== expected) return null
    return { pages: previous.pages, files: count, messages: previous.messages }
  }

  /**
   * Puts this build's output in place of the previous (call once, last, after `forget`): the
   * files of the staging folder written by other means than `write` are recorded, then either
   * the few files made anew replace theirs in the output folder, whose other files are kept or
   * removed (`commitInPlace`: an edit's build does not link every file it keeps), or, when most
   * files were made anew, the kept files are linked into the staging folder, which is swapped
   * into place (`swapIntoPlace`).
   */
  async commit(oldOutput: OldOutput = 'wait'): Promise<{ removal: ChildProcess | null }> {
    const staged: string[] = []
    const others: OutputManifest['others'] = {}
    for (const entry of readdirSync(this.staging, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue
      const full = path.join(entry.parentPath, entry.name)
      const file = path.relative(this.staging, full).split(path.sep).join('/')
      staged.push(file)
      // Written by other means over a kept file: the written one stands.
      if (this.kept.delete(file)) {
        this.files.delete(file)
        this.reused--
      }
      if (this.files.has(file)) continue
      const { size, mtimeMs } = statSync(full)
      others[file] = { size, mtimeMs }
    }
    this.others = others
    if (this.previous && this.kept.size > 0 && staged.length <= this.kept.size)
      return commitInPlace(
        this.staging,
        this.outDir,
        staged,
        this.kept,
        this.listed && [...this.previous.files.paths, ...this.listed],
      )
    for (const file of this.kept) this.linkKept(file)
    return swapIntoPlace(this.staging, this.outDir, oldOutput)
  }

  /** Links a kept file from the previous build into the staging folder. */
  private linkKept(file: string): void {
    const from = path.join(this.outDir, file)
    const to = path.join(this.staging, file)
    this.folderSync(path.dirname(to))
    try {
      linkSync(from, to)
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      // Another file system, or one without hard links: copy (keeping the record's mtime check).
      if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'ENOTSUP') throw error
      copyFileSync(from, to, constants.COPYFILE_EXCL)
      const copied = statSync(to)
      this.files.set(file, { ...this.files.get(file)!, size: copied.size, mtimeMs: copied.mtimeMs })
    }
  }

  /** Saves the manifest: call once the staging folder is the output folder. */
  async save(build: { inputKey: string; pages: number; messages: BuildMessage[] }): Promise<void> {
    if (!this.manifestFile) return
    const files: OutputManifest['files'] = { paths: [], keys: [], sizes: [], mtimes: [] }
    for (const [file, record] of this.files) {
      files.paths.push(file)
      files.keys.push(record.key)
      files.sizes.push(record.size)
      files.mtimes.push(record.mtimeMs)
    }
    const manifest: OutputManifest = {
      version: MANIFEST_VERSION,
      outDir: path.relative(path.dirname(this.manifestFile), this.outDir),
      files,
      notes: this.notes,
      others: this.others,
      ...build,
    }
    await mkdir(path.dirname(this.manifestFile), { recursive: true })
    const temporary = `${this.manifestFile}.${process.pid}.tmp`
    await writeFile(temporary, JSON.stringify(manifest))
    await rename(temporary, this.manifestFile)
  }

  /** Removes the previous manifest: call before the output folder changes. */
  async forget(): Promise<void> {
    if (this.manifestFile) await rm(this.manifestFile, { force: true })
  }

  private folderSync(dir: string): void {
    if (this.folders.has(dir)) return
    mkdirSync(dir, { recursive: true })
    this.folders.set(dir, Promise.resolve())
  }
}

/** Whether a manifest's columns are arrays of one length (else it is not used). */
function wellFormed(files: OutputManifest['files'] | undefined): boolean {
  if (!files) return false
  const { paths, keys, sizes, mtimes } = files
  return [paths, keys, sizes, mtimes].every(
    (column) => Array.isArray(column) && column.length === paths.length,
  )
}
