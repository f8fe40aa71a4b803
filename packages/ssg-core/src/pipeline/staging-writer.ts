import { mkdir, open, unlink } from 'node:fs/promises'
import path from 'node:path'

/** An output file's bytes: text, bytes, or bytes in parts (written one after the other). */
export type OutputContent = string | Uint8Array | readonly Uint8Array[]

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
    else
      for (const part of content)
        for (let at = 0; at < part.length;)
          at += (await handle.write(part, at, part.length - at)).bytesWritten
    const { size, mtimeMs } = await handle.stat()
    return { size, mtimeMs }
  } finally {
    await handle.close()
  }
}
