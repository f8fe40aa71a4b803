import { execFile } from 'node:child_process'
import { statSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/**
 * Last change time of each file: the newest git commit touching it, read with ONE `git log`
 * for the whole content folder; files that git does not know use their mtime.
 */
export async function lastUpdatedTimes(options: {
  root: string
  files: string[]
  /** A file's mtime when known already (discovery's), else it is read. */
  mtimeOf?: (file: string) => number | undefined
}): Promise<Map<string, string>> {
  const times = new Map<string, string>()
  try {
    // Both at once: the log does not need the prefix until it is read.
    const [{ stdout: prefixOut }, { stdout }] = await Promise.all([
      run('git', ['rev-parse', '--show-prefix'], { cwd: options.root }),
      run('git', ['log', '--format=%x00%ct', '--name-only', '--no-renames', '--', 'content'], {
        cwd: options.root,
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
    // Not a git repository, or git is missing: mtimes below.
  }
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
