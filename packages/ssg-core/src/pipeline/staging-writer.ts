import {
  closeSync,
  fstatSync,
  mkdirSync,
  openSync,
  readSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs'
import path from 'node:path'

/**
 * An output file's bytes: text, bytes, or in parts written one after the other, each bytes or a
 * range of another file (`FileRange`).
 */
export type OutputContent = string | Uint8Array | ReadonlyArray<Uint8Array | FileRange>

/**
 * Bytes `start` to `end` of a file (one the previous build wrote), copied through a small buffer:
 * reading 41 MB of `llms-full.txt` into one new buffer cost 0.17 s of page faults, in 1 MB steps
 * 0.02 s.
 */
export interface FileRange {
  file: string
  start: number
  end: number
}

/** A file to write: its path in the output folder, its content and key. */
export interface FileToWrite {
  path: string
  content: OutputContent
  key: string
}

/** A written file, as the output manifest records it (see `OutputCache.record`). */
export interface WrittenFile {
  path: string
  key: string
  size: number
  mtimeMs: number
}

/**
 * Writes new files into a staging folder, each folder made once: for `OutputCache.write`, and for
 * a render worker (which writes the files it makes and hands their records to the build's thread,
 * see `render-worker.ts`).
 *
 * The files are written synchronously, one after the other: a build writes thousands of small
 * files (2,000 pages: 8,300), and each one written through `fs/promises` (open, write, stat,
 * close, each a thread-pool task with its promise and handle objects) cost 0.19 ms of CPU against
 * 0.05 ms written synchronously (3,000 files of 30 KB, 64 at a time; 2 cores that compile pages
 * meanwhile). The writes go to the OS's page cache: none waits for the disk.
 */
export class StagingWriter {
  private readonly folders = new Set<string>()

  constructor(private readonly staging: string) {}

  /** Writes `files`; `onWritten` is told each as it is written. */
  write(files: readonly FileToWrite[], onWritten: (file: WrittenFile) => void): Promise<void> {
    try {
      for (const file of files) {
        const to = path.join(this.staging, file.path)
        this.folder(path.dirname(to))
        const { size, mtimeMs } = createFile(to, file.content)
        onWritten({ path: file.path, key: file.key, size, mtimeMs })
      }
      return Promise.resolve()
    } catch (error) {
      return Promise.reject(error as Error)
    }
  }

  private folder(dir: string): void {
    if (this.folders.has(dir)) return
    mkdirSync(dir, { recursive: true })
    this.folders.add(dir)
  }
}

/**
 * Creates `file` with `content`; a file already at that path (a copy from `static/`, a link to
 * the previous build) is replaced, never written into.
 */
function createFile(file: string, content: OutputContent): { size: number; mtimeMs: number } {
  let fd
  try {
    fd = openSync(file, 'wx')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    unlinkSync(file)
    fd = openSync(file, 'wx')
  }
  try {
    if (typeof content === 'string' || content instanceof Uint8Array) writeFileSync(fd, content)
    // In parts: 41 MB of `llms-full.txt` are not copied into one buffer first.
    else {
      let buffer: Buffer | null = null
      for (const part of content) {
        if (part instanceof Uint8Array) writeAll(fd, part, part.length)
        else copyRange(part, fd, (buffer ??= Buffer.allocUnsafe(COPY_STEP)))
      }
    }
    const { size, mtimeMs } = fstatSync(fd)
    return { size, mtimeMs }
  } finally {
    closeSync(fd)
  }
}

function writeAll(fd: number, bytes: Uint8Array, length: number): void {
  for (let at = 0; at < length;) at += writeSync(fd, bytes, at, length - at)
}

/** Copies `range` to the end of what `fd` has, through `buffer`. */
function copyRange(range: FileRange, fd: number, buffer: Buffer): void {
  const from = openSync(range.file, 'r')
  try {
    for (let at = range.start; at < range.end;) {
      const length = Math.min(buffer.length, range.end - at)
      const bytesRead = readSync(from, buffer, 0, length, at)
      if (bytesRead === 0) throw new Error(`${range.file} is shorter than ${range.end} bytes`)
      writeAll(fd, buffer, bytesRead)
      at += bytesRead
    }
  } finally {
    closeSync(from)
  }
}

/** The buffer a `FileRange` is copied through. */
const COPY_STEP = 1 << 20
