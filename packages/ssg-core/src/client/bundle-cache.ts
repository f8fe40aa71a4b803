import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { DocumentAssets } from '../pipeline/render.js'
import { esbuildVersion } from '../util/esbuild.js'
import { hash } from '../util/hash.js'
import { bundleKey, changedSince, type BundlePlan } from './bundle-key.js'

const VERSION = 1

/** The saved bundle: what it was made from and with, its files' names and hashes, its URLs. */
interface Saved {
  version: number
  /** esbuild's version and options (see `optionsKey`). */
  options: string
  plan: BundlePlan
  key: string
  /** Paths relative to the assets folder (`main-X.js`, `chunks/…`), with their bytes' hash. */
  files: Array<{ path: string; hash: string }>
  assets: DocumentAssets
}

/** A bundle's files: paths relative to the assets folder, and their bytes. */
export type BundleFiles = Array<{ path: string; contents: Uint8Array }>

/**
 * `.ssg-cache/client/`: the last client bundle (`files/`) and what it was made from. `ssg build`
 * reuses it when esbuild, its options and every input (see `bundleKey`) are as they were: at
 * 10,000 pages, bundling the theme was ~0.3 s of each one-page edit's build (issue #17).
 */
export class BundleCache {
  constructor(private readonly dir: string) {}

  /** The saved bundle when made with `options` from inputs as they are now, else null. */
  load(options: string): { files: BundleFiles; assets: DocumentAssets } | null {
    let saved: Saved
    try {
      saved = JSON.parse(readFileSync(path.join(this.dir, 'bundle.json'), 'utf8')) as Saved
    } catch {
      return null
    }
    if (saved.version !== VERSION || saved.options !== optionsKey(options)) return null
    if (bundleKey(saved.plan) !== saved.key) return null
    const files: BundleFiles = []
    try {
      for (const file of saved.files) {
        const contents = readFileSync(path.join(this.dir, 'files', file.path))
        // A file changed by hand (or a save cut short) is not served.
        if (hash(contents) !== file.hash) return null
        files.push({ path: file.path, contents })
      }
    } catch {
      return null
    }
    return { files, assets: saved.assets }
  }

  /**
   * Saves a bundle made with `options` from `plan`, begun at `startedAt` (ms). Not when its
   * inputs cannot be keyed, nor when one changed since shortly before the bundle began: the key
   * is made after the bundle, and a file changed meanwhile would be keyed with bytes the bundle
   * does not hold (the check of `SourceStats`, for the same reason).
   */
  save(options: {
    options: string
    plan: BundlePlan | null
    files: BundleFiles
    assets: DocumentAssets
    startedAt: number
  }): void {
    const { plan, files, assets } = options
    const manifest = path.join(this.dir, 'bundle.json')
    // The old bundle's record goes first: its files are replaced next.
    rmSync(manifest, { force: true })
    if (!plan || plan.inputs.some((input) => changedSince(input.file, options.startedAt))) return
    const key = bundleKey(plan)
    if (!key) return
    const folder = path.join(this.dir, 'files')
    rmSync(folder, { recursive: true, force: true })
    for (const file of files) {
      const target = path.join(folder, file.path)
      mkdirSync(path.dirname(target), { recursive: true })
      writeFileSync(target, file.contents)
    }
    const saved: Saved = {
      version: VERSION,
      options: optionsKey(options.options),
      plan,
      key,
      files: files.map((file) => ({ path: file.path, hash: hash(file.contents) })),
      assets,
    }
    const temporary = `${manifest}.${process.pid}.tmp`
    writeFileSync(temporary, JSON.stringify(saved))
    renameSync(temporary, manifest)
  }
}

/** The key of the bundle's esbuild options (serialised by the caller) and esbuild's version. */
function optionsKey(options: string): string {
  return hash(esbuildVersion(), options)
}
