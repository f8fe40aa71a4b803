import { readFileSync, realpathSync, statSync } from 'node:fs'
import path from 'node:path'
import type { Metafile } from 'esbuild'
import { hash } from '../util/hash.js'

/**
 * What a client bundle was made from, as the next build checks it: each input file (absolute
 * path), and each import specifier an input wrote (`original`), so that a resolution that would
 * now find another file is seen. See `bundleKey`.
 */
export interface BundlePlan {
  inputs: Array<{ file: string; imports: string[] }>
}

/** esbuild's default `resolveExtensions`: the files a relative import without one may find. */
const EXTENSIONS = ['.tsx', '.ts', '.jsx', '.js', '.css', '.json']

/** Files of a folder that change how esbuild reads or resolves the modules under it. */
const FOLDER_FILES = ['package.json', 'tsconfig.json', 'jsconfig.json']

/** The plan of a bundle from its metafile (paths in it are relative to `cwd`); null if virtual. */
export function planOf(metafile: Metafile, cwd: string): BundlePlan | null {
  const inputs: BundlePlan['inputs'] = []
  for (const [file, input] of Object.entries(metafile.inputs)) {
    // A module of a plugin's namespace (`ns:path`) is no file: its text cannot be checked.
    if (/^[a-z][\w-]*:/i.test(file) && !path.isAbsolute(file)) return null
    const imports = input.imports.flatMap((i) => (i.original !== undefined ? [i.original] : []))
    inputs.push({ file: path.resolve(cwd, file), imports })
  }
  return { inputs }
}

/**
 * The key of everything a bundle of `plan` depends on besides esbuild and its options: the bytes
 * of each input; for each folder holding one and its parents, their `package.json` (main fields,
 * `sideEffects`, `browser`) and `tsconfig.json`/`jsconfig.json` (JSX, paths); for each bare
 * import, the package folder it finds (a `node_modules` link retargeted to another version
 * changes it, while the files of the old version stay as they were) and its `package.json`; for
 * each relative import, which of the files it could find exist (a new `x.ts` beside `x.js`).
 * Mtimes are not part of it: a checkout or copy changes them, and a file changed within a tick
 * keeps one. Null when a file cannot be read (a build of its own will say why).
 */
export function bundleKey(plan: BundlePlan): string | null {
  const parts: string[] = []
  const folders = new Map<string, string>()
  // Not a throw for each file missing (most candidates of a relative import are); Node 20
  // throws still for a path through a file (ENOTDIR).
  const state = (file: string) => {
    try {
      const stat = statSync(file, { throwIfNoEntry: false })
      return !stat ? '-' : stat.isFile() ? 'f' : stat.isDirectory() ? 'd' : 'o'
    } catch {
      return '-'
    }
  }
  // The folder files of `dir` and its parents, once per folder.
  const folder = (dir: string): string => {
    const known = folders.get(dir)
    if (known !== undefined) return known
    const own = FOLDER_FILES.map((name) => {
      const file = path.join(dir, name)
      return state(file) === 'f' ? hash(readFileSync(file)) : '-'
    }).join(',')
    const parent = path.dirname(dir)
    const key = parent === dir ? own : hash(own, folder(parent))
    folders.set(dir, key)
    return key
  }
  try {
    for (const { file, imports } of plan.inputs) {
      const dir = path.dirname(file)
      parts.push(file, hash(readFileSync(file)), folder(dir))
      for (const specifier of imports) parts.push(specifier, resolution(dir, specifier, state))
    }
  } catch {
    return null
  }
  return hash(...parts)
}

/** What decides where `specifier`, imported from a module in `dir`, resolves (see `bundleKey`). */
function resolution(dir: string, specifier: string, state: (file: string) => string): string {
  if (specifier.startsWith('.') || path.isAbsolute(specifier)) {
    const base = path.resolve(dir, specifier)
    const own = state(base)
    const files = EXTENSIONS.map((e) => state(base + e)).join('')
    if (own !== 'd') return own + files
    const inside = ['package.json', ...EXTENSIONS.map((e) => 'index' + e)]
    return own + files + inside.map((name) => state(path.join(base, name))).join('')
  }
  const name = specifier.startsWith('@')
    ? specifier.split('/').slice(0, 2).join('/')
    : specifier.split('/')[0]!
  for (let at = dir; ; at = path.dirname(at)) {
    const found = path.join(at, 'node_modules', name)
    if (state(found) === 'd') {
      const real = realpathSync.native(found)
      const manifest = path.join(real, 'package.json')
      return real + ':' + (state(manifest) === 'f' ? hash(readFileSync(manifest)) : '-')
    }
    if (path.dirname(at) === at) return '-'
  }
}

/**
 * A file changed less than 2 s before `time` (ms), or not found: a cache saves nothing made from
 * it, since its key is made after the build and would hold bytes the build did not read.
 */
export function changedSince(file: string, time: number): boolean {
  try {
    return statSync(file).mtimeMs >= time - 2000
  } catch {
    return true
  }
}
