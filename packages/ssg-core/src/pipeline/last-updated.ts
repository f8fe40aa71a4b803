import { execFile } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/**
 * The newest git commit time of each file under the site's `content/` (relative to the site
 * folder), read with ONE `git log`; empty outside a git repository or without git. Nothing is
 * run when no folder from `root` up holds a `.git` (spawning git to hear that cost a build
 * 0.1-0.2 s): `ssg build` starts it as soon as the config is loaded, the log runs meanwhile.
 */
export async function gitTimes(root: string): Promise<Map<string, string>> {
  const times = new Map<string, string>()
  if (!inGitRepository(root)) return times
  try {
    // Both at once: the log does not need the prefix until it is read.
    const [{ stdout: prefixOut }, { stdout }] = await Promise.all([
      run('git', ['rev-parse', '--show-prefix'], { cwd: root }),
      run('git', ['log', '--format=%x00%ct', '--name-only', '--no-renames', '--', 'content'], {
        cwd: root,
        maxBuffer: 256 * 1024 * 1024,
      }),
    ])
    const prefix = prefixOut.trim()
    let current = 0
    for (const line of stdout.split('\n')) {
      if (line.startsWith('\0')) current = Number(line.slice(1)) * 1000
      else if (line && current) {
        const file = line.startsWith(prefix) ? line.slice(prefix.length) : line
        if (!times.has(file)) times.set(file, new Date(current).toISOString())
      }
    }
  } catch {
    // Not a git repository after all, or git is missing: mtimes instead.
  }
  return times
}

/** Whether git may find a repository at `root`: a `.git` there or above, or `GIT_DIR` set. */
function inGitRepository(root: string): boolean {
  if (process.env.GIT_DIR) return true
  for (let dir = path.resolve(root); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, '.git'))) return true
    if (path.dirname(dir) === dir) return false
  }
}

/**
 * Last change time of each file: the newest git commit touching it (see `gitTimes`); files that
 * git does not know use their mtime.
 */
export async function lastUpdatedTimes(options: {
  root: string
  files: string[]
  /** A file's mtime when known already (discovery's), else it is read. */
  mtimeOf?: (file: string) => number | undefined
  /** `gitTimes(root)`, when started already. */
  git?: Promise<Map<string, string>>
}): Promise<Map<string, string>> {
  const times = new Map(await (options.git ?? gitTimes(options.root)))
  // Synchronous: 10,000 stat calls take a fraction of the time they take through the thread pool.
  for (const file of options.files) {
    if (times.has(file)) continue
    const known = options.mtimeOf?.(file)
    if (known !== undefined) {
      // Rounded, as `Stats.mtime` is made from `mtimeMs`.
      times.set(file, new Date(Math.round(known)).toISOString())
      continue
    }
    const stats = statSync(path.join(options.root, file), { throwIfNoEntry: false })
    // No stats: the file vanished meanwhile; no date.
    if (stats) times.set(file, stats.mtime.toISOString())
  }
  return times
}
