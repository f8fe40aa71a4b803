import { readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { Worker } from 'node:worker_threads'

/** Files of the previous build, as its manifest lists them (same order in each column). */
export interface FileColumns {
  paths: string[]
  sizes: number[]
  mtimes: number[]
}

/** What `changedFiles` found of the previous build's output folder. */
export interface OutputCheck {
  /** One flag a file of the manifest, same order, 1 for changed. */
  changed: Uint8Array
  /**
   * The folder's other entries, relative, forward slashes: its folders (`docs/`) and the files
   * the manifest does not list (the client bundle, files put there by hand); null when not
   * listed (checked on this thread) or not listable. With the manifest's paths, everything the
   * folder held: `commitInPlace` need not walk it again (0.2 s at 10,000 pages).
   */
  others: string[] | null
}

/**
 * Which files of the previous build are not as it wrote them (gone, or another size or mtime: a
 * file changed by hand or by a deploy script is not reused): one flag a file, same order as
 * `files`, 1 for changed. At 10,000 pages that is 40,000 `stat` calls, 0.3-0.5 s: they are made
 * on a thread of their own (`inWorker`) while this one discovers, bundles and compiles (through
 * the thread pool they cost ten times as much on this thread). When the thread cannot be started
 * or fails, they are made here.
 */
export async function changedFiles(
  outDir: string,
  files: FileColumns,
  inWorker: boolean,
): Promise<OutputCheck> {
  if (inWorker) {
    try {
      return await checkInWorker(outDir, files)
    } catch {
      // No thread (a limit, a sandbox): the same checks here.
    }
  }
  return { changed: checkHere(outDir, files), others: null }
}

/** `changedFiles` on this thread. */
export function checkHere(outDir: string, files: FileColumns): Uint8Array {
  return checkFiles(statSync, path.join, outDir, files.paths, files.sizes, files.mtimes)
}

/**
 * The check, on whichever thread: it uses nothing but its arguments, as the worker is given its
 * source (`WORKER_SOURCE`), not a module.
 */
function checkFiles(
  stat: typeof statSync,
  join: (dir: string, file: string) => string,
  outDir: string,
  paths: string[],
  sizes: number[],
  mtimes: number[],
): Uint8Array {
  const changed = new Uint8Array(paths.length)
  for (let i = 0; i < paths.length; i++) {
    const now = stat(join(outDir, paths[i]!), { throwIfNoEntry: false })
    changed[i] = !now || now.size !== sizes[i] || now.mtimeMs !== mtimes[i] ? 1 : 0
  }
  return changed
}

/**
 * The entries of `outDir` other than the files of `paths` (see `OutputCheck.others`), or null
 * when it cannot be read. Uses nothing but its arguments (see `checkFiles`).
 */
function listOthers(
  readdir: typeof readdirSync,
  sep: string,
  outDir: string,
  paths: string[],
): string[] | null {
  let entries
  try {
    entries = readdir(outDir, { recursive: true, withFileTypes: true })
  } catch {
    return null
  }
  const known = new Set(paths)
  const others: string[] = []
  for (const entry of entries) {
    // Cut, not resolved: `parentPath` is `outDir` or a folder under it.
    const dir = entry.parentPath.slice(outDir.length + 1)
    let file = dir ? dir + sep + entry.name : entry.name
    if (sep !== '/') file = file.split(sep).join('/')
    if (entry.isDirectory()) others.push(file + '/')
    else if (!known.has(file)) others.push(file)
  }
  return others
}

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const { readdirSync, statSync } = require('node:fs')
const path = require('node:path')
const { outDir, paths, sizes, mtimes } = workerData
const changed = (${checkFiles.toString()})(statSync, path.join, outDir, paths, sizes, mtimes)
const others = (${listOthers.toString()})(readdirSync, path.sep, outDir, paths)
parentPort.postMessage({ changed, others }, [changed.buffer])
`

function checkInWorker(outDir: string, files: FileColumns): Promise<OutputCheck> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { outDir, paths: files.paths, sizes: files.sizes, mtimes: files.mtimes },
    })
    worker.unref()
    worker.once('message', (check: OutputCheck) => {
      if (check.changed.length === files.paths.length) resolve(check)
      else reject(new Error(`The output check answered for ${check.changed.length} files`))
    })
    worker.once('error', reject)
    worker.once('exit', (code) => reject(new Error(`The output check ended (exit code ${code})`)))
  })
}
