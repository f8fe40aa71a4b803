import { mkdir, open, unlink, type FileHandle } from 'node:fs/promises'
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
 * Writes new files into a staging folder, with bounded concurrency, each folder made once: for
 * `OutputCache.write`, and for a render worker (which writes the files it makes and hands their
 * records to the build's thread, see `render-worker.ts`).
 */
export class StagingWriter {
  private readonly folders = new Map<string, Promise<unknown>>()

  constructor(private readonly staging: string) {}

  /** Writes `files`; `onWritten` is told each as it is written. */
  async write(
    files: readonly FileToWrite[],
    onWritten: (file: WrittenFile) => void,
    concurrency = 64,
  ): Promise<void> {
    let next = 0
    await Promise.all(
      Array.from({ length: Math.min(concurrency, files.length) }, async () => {
        while (next < files.length) {
          const file = files[next++]!
          const to = path.join(this.staging, file.path)
          await this.folder(path.dirname(to))
          const { size, mtimeMs } = await createFile(to, file.content)
          onWritten({ path: file.path, key: file.key, size, mtimeMs })
        }
      }),
    )
  }

  private folder(dir: string): Promise<unknown> {
    let made = this.folders.get(dir)
    if (!made) {
      made = mkdir(dir, { recursive: true })
      this.folders.set(dir, made)
    }
    return made
  }
}

/**
 * Creates `file` with `content`; a file already at that path (a copy from `static/`, a link to
 * the previous build) is replaced, never written into.
 */
async function createFile(
  file: string,
  content: OutputContent,
): Promise<{ size: number; mtimeMs: number }> {
  let handle
  try {
    handle = await open(file, 'wx')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    await unlink(file)
    handle = await open(file, 'wx')
  }
  try {
    if (typeof content === 'string' || content instanceof Uint8Array)
      await handle.writeFile(content)
    // In parts: 41 MB of `llms-full.txt` are not copied into one buffer first.
    else {
      let buffer: Buffer | null = null
      for (const part of content) {
        if (part instanceof Uint8Array) await writeAll(handle, part, part.length)
        else await copyRange(part, handle, (buffer ??= Buffer.allocUnsafe(COPY_STEP)))
      }
    }
    const { size, mtimeMs } = await handle.stat()
    return { size, mtimeMs }
  } finally {
    await handle.close()
  }
}

async function writeAll(handle: FileHandle, bytes: Uint8Array, length: number): Promise<void> {
  for (let at = 0; at < length;) at += (await handle.write(bytes, at, length - at)).bytesWritten
}

/** Copies `range` to the end of what `handle` has, through `buffer`. */
async function copyRange(range: FileRange, handle: FileHandle, buffer: Buffer): Promise<void> {
  const from = await open(range.file, 'r')
  try {
    for (let at = range.start; at < range.end;) {
      const length = Math.min(buffer.length, range.end - at)
      const { bytesRead } = await from.read(buffer, 0, length, at)
      if (bytesRead === 0) throw new Error(`${range.file} is shorter than ${range.end} bytes`)
      await writeAll(handle, buffer, bytesRead)
      at += bytesRead
    }
  } finally {
    await from.close()
  }
}

/** The buffer a `FileRange` is copied through. */
const COPY_STEP = 1 << 20
