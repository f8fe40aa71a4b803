import { readFileSync } from 'node:fs'
import Module, { createRequire } from 'node:module'
import path from 'node:path'
import { Script, constants } from 'node:vm'

/** A CommonJS bundle run through `vm.Script`, and whether V8 took its code cache. */
export interface CachedScript<T> {
  exports: T
  script: Script
  /** `'used'`, `'rejected'` (another Node or other V8 options made it) or `'none'` (no file). */
  cache: 'used' | 'rejected' | 'none'
}

/**
 * Runs the CommonJS file `file` as `require` would, with V8's code cache read from `cacheFile`
 * when there is one (Node 20 has no compile cache for modules: `module.enableCompileCache` came in
 * 22). A code cache holds the bytecode of every function that had run when it was made, so the
 * functions a first page needs start compiled instead of being parsed and compiled on first call.
 * V8 checks the cache against the source, its own version and its options, and compiles the
 * source as usual when the cache does not fit: a stale or foreign cache costs only its read.
 */
export function runCachedScript<T>(file: string, cacheFile: string | null): CachedScript<T> {
  const source = readFileSync(file, 'utf8')
  let cachedData: Buffer | undefined
  if (cacheFile) {
    try {
      cachedData = readFileSync(cacheFile)
    } catch {
      // No cache made (or not readable): compiled from source.
    }
  }
  const script = new Script(Module.wrap(source), {
    filename: file,
    cachedData,
    // A bundle may still `import()` (a file outside it): with the process's own loader.
    importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  })
  const module = { exports: {} as T }
  const run = script.runInThisContext() as (
    exports: T,
    require: NodeJS.Require,
    module: { exports: T },
    filename: string,
    dirname: string,
  ) => void
  run.call(module.exports, module.exports, createRequire(file), module, file, path.dirname(file))
  const cache = !cachedData ? 'none' : script.cachedDataRejected ? 'rejected' : 'used'
  return { exports: module.exports, script, cache }
}
