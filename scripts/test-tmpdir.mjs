// Vitest global setup shared by every package's config: the run's temporary folders (the sites,
// caches and browser profiles tests make with `mkdtemp(os.tmpdir() ...)`) go in one folder of the
// run, removed when it ends. Tests that made their own and did not remove them left thousands of
// folders in /tmp over a few hundred runs.
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export default function setup() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ssg-tests-'))
  // Read by `os.tmpdir()` in the test workers, started after this, and in what they start.
  process.env.TMPDIR = dir
  return () => rmSync(dir, { recursive: true, force: true, maxRetries: 3 })
}
