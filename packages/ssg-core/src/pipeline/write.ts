import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs'
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

/**
 * What becomes of the previous output once the new one is in place: removed before the build
 * returns (`wait`), or by a process of its own that outlives the build (`background`: at 10,000
 * pages removing 30,000 files took `ssg build` 2 s after its work was done).
 */
export type OldOutput = 'wait' | 'background'

/**
 * Swaps the finished staging folder into place; the previous output is removed only afterwards
 * (see `OldOutput`), under a name of its own (`<outDir>.old-*`): a build that fails before the
 * swap leaves `build/` as it was. Returns the process removing old outputs in the background.
 */
export async function swapIntoPlace(
  staging: string,
  outDir: string,
  oldOutput: OldOutput = 'wait',
): Promise<{ removal: ChildProcess | null }> {
  const old = `${outDir}${OLD_MARK}${process.pid}-${Date.now()}`
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
  // Earlier builds' old outputs whose removal did not finish (a process killed, or one still at
  // it: never awaited, so that two removals of one folder cannot fail this build).
  const left = leftOldOutputs(outDir, old)
  if (oldOutput === 'background')
    return { removal: removeInBackground(hadOld ? [old, ...left] : left) }
  const removal = removeInBackground(left)
  if (hadOld) await rm(old, { recursive: true, force: true })
  return { removal }
}

const OLD_MARK = '.old-'

/**
 * Puts a build that keeps most of the previous output in place without moving that output (an
 * edit's build: linking 40,000 kept files into the staging folder cost a 10,000-page site's
 * build 1.5 s, and removing the old folder as much again): each file of `staged` (paths in the
 * staging folder) replaces its namesake in `outDir` by a rename (a reader sees the old file or
 * the new one, whole), and whatever else `outDir` holds, neither staged nor in `keep`, is
 * removed; then the staging folder. Only a build that succeeded gets here (a failed one leaves
 * `build/` as it was), its manifests forgotten first: a crash midway leaves an output the next
 * build does not trust. Earlier builds' old outputs left beside it are removed in the background.
 */
export function commitInPlace(
  staging: string,
  outDir: string,
  staged: string[],
  keep: Set<string>,
  /**
   * What `outDir` holds, when known (see `OutputCheck.others`): its files, and its folders as
   * `dir/`, relative, forward slashes; else it is walked.
   */
  entries: string[] | null = null,
): { removal: ChildProcess | null } {
  const wanted = new Set(staged)
  const folders = new Set<string>()
  for (const files of [keep, wanted])
    for (const file of files)
      for (let dir = path.posix.dirname(file); dir !== '.'; dir = path.posix.dirname(dir)) {
        if (folders.has(dir)) break
        folders.add(dir)
      }
  for (const entry of entries ?? walkOutput(outDir)) {
    const folder = entry.endsWith('/')
    const file = folder ? entry.slice(0, -1) : entry
    if (folder ? folders.has(file) : keep.has(file) || wanted.has(file)) continue
    // A file of the previous build only, one put there by hand, or a folder none of the new
    // output's files is in (a file staged under its name replaces it).
    rmSync(path.join(outDir, file), { recursive: true, force: true })
  }
  const made = new Set<string>()
  for (const file of staged) {
    const to = path.join(outDir, file)
    const dir = path.dirname(to)
    if (!made.has(dir)) mkdirSync(dir, { recursive: true })
    made.add(dir)
    renameSync(path.join(staging, file), to)
  }
  rmSync(staging, { recursive: true, force: true })
  return { removal: removeInBackground(leftOldOutputs(outDir, '')) }
}

/** Every entry under `outDir` as `commitInPlace` takes them: files, and folders as `dir/`. */
function walkOutput(outDir: string): string[] {
  return readdirSync(outDir, { recursive: true, withFileTypes: true }).map((entry) => {
    const file = siteRelative(outDir, path.join(entry.parentPath, entry.name))
    return entry.isDirectory() ? file + '/' : file
  })
}

/** A path under `dir` relative to it, with forward slashes (cut, not resolved: 40,000 of them). */
function siteRelative(dir: string, full: string): string {
  const relative =
    full.startsWith(dir) && full[dir.length] === path.sep
      ? full.slice(dir.length + 1)
      : path.relative(dir, full)
  return path.sep === '/' ? relative : relative.split(path.sep).join('/')
}

/** `<outDir>.old-*` folders beside `outDir` other than `except`. */
export function leftOldOutputs(outDir: string, except: string): string[] {
  const prefix = path.basename(outDir) + OLD_MARK
  let names: string[]
  try {
    names = readdirSync(path.dirname(outDir))
  } catch {
    return []
  }
  return names
    .filter((name) => name.startsWith(prefix) && /^\d+-\d+$/.test(name.slice(prefix.length)))
    .map((name) => path.join(path.dirname(outDir), name))
    .filter((folder) => folder !== except)
}

/** Removes folders in a detached Node process (this one may exit first); null for none. */
export function removeInBackground(folders: string[]): ChildProcess | null {
  if (folders.length === 0) return null
  const script =
    "const { rmSync } = require('node:fs');" +
    'for (const f of process.argv.slice(1)) rmSync(f, { recursive: true, force: true })'
  const child = spawn(process.execPath, ['-e', script, ...folders], {
    detached: true,
    stdio: 'ignore',
    windowsHide: true,
  })
  // Not started (no such executable, too many processes): the next build removes them.
  child.on('error', () => {})
  child.unref()
  return child
}
