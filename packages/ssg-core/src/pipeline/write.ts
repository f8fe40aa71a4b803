import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'

/** A fresh temporary folder next to the output folder (same file system, so the swap is a rename). */
export async function createStagingDir(outDir: string): Promise<string> {
  const staging = `${outDir}.tmp-${process.pid}-${Date.now()}`
  await rm(staging, { recursive: true, force: true })
  await mkdir(staging, { recursive: true })
  return staging
}

/** Writes files under `dir`, creating folders once each, with bounded concurrency. */
export async function writeFiles(
  dir: string,
  files: Array<{ path: string; content: string | Uint8Array }>,
  concurrency = 64,
): Promise<void> {
  const folders = new Set(files.map((f) => path.dirname(path.join(dir, f.path))))
  await Promise.all([...folders].map((folder) => mkdir(folder, { recursive: true })))
  let next = 0
  await Promise.all(
    Array.from({ length: Math.min(concurrency, files.length) }, async () => {
      while (next < files.length) {
        const file = files[next++]!
        await writeFile(path.join(dir, file.path), file.content)
      }
    }),
  )
}

/** Swaps the finished staging folder into place; the previous output is removed only afterwards. */
export async function swapIntoPlace(staging: string, outDir: string): Promise<void> {
  const old = `${outDir}.old-${process.pid}-${Date.now()}`
  let hadOld = true
  try {
    await rename(outDir, old)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    hadOld = false
  }
  try {
    await rename(staging, outDir)
  } catch (error) {
    if (hadOld) await rename(old, outDir)
    throw error
  }
  if (hadOld) await rm(old, { recursive: true, force: true })
}
