// Test setup shared by every package's vitest config: the repository stands alone. A new user's
// clone has nothing beside it, so a test that reads a file next to the repository (a shared folder,
// `../other-repo`) passes here and fails there. This guard makes it fail here too: reading or
// listing a path that lies beside the repository throws, naming the path and the fix.
// (`scripts/check-standalone.mjs` is the static half: it looks for such paths in the sources.)
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { syncBuiltinESMExports } from 'node:module'
import { fileURLToPath } from 'node:url'

const repoRoot = path.resolve(fileURLToPath(new URL('..', import.meta.url)))
const beside = path.dirname(repoRoot) + path.sep
const tmp = path.resolve(os.tmpdir()) + path.sep

/** Whether `target` lies beside the repository (in its parent folder, outside the repository). */
export function isBesideRepo(target) {
  if (typeof target !== 'string' && !(target instanceof URL)) return false
  const full = path.resolve(target instanceof URL ? fileURLToPath(target) : target) + path.sep
  if (full.startsWith(repoRoot + path.sep) || full.startsWith(tmp)) return false
  return full.startsWith(beside)
}

function outside(name, target) {
  return new Error(
    `${name}(${String(target)}): the path lies outside the repository, which a fresh clone ` +
      `does not have beside it; copy what the test needs into the repository`,
  )
}

function guard(name, original) {
  return function guarded(target, ...rest) {
    if (isBesideRepo(target)) throw outside(name, target)
    return original.call(this, target, ...rest)
  }
}

function guardAsync(name, original) {
  return function guarded(target, ...rest) {
    if (isBesideRepo(target)) return Promise.reject(outside(name, target))
    return original.call(this, target, ...rest)
  }
}

for (const name of ['readFile', 'readdir', 'open', 'readFileSync', 'readdirSync', 'openSync'])
  fs[name] = guard(name, fs[name])
fs.createReadStream = guard('createReadStream', fs.createReadStream)
for (const name of ['readFile', 'readdir', 'open'])
  fs.promises[name] = guardAsync(name, fs.promises[name])
syncBuiltinESMExports()
