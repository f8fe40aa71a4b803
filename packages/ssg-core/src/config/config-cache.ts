import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Metafile } from 'esbuild'
import { bundleKey, changedSince, planOf, type BundlePlan } from '../client/bundle-key.js'
import { esbuildVersion } from '../util/esbuild.js'
import { hash } from '../util/hash.js'

const VERSION = 1

/** The saved config: what it was compiled from and with, and the code esbuild made. */
interface Saved {
  version: number
  /** esbuild's version and options (see `optionsKey`). */
  options: string
  plan: BundlePlan
  key: string
  code: string
}

/**
 * `.ssg-cache/config/config.json`: the config file as esbuild last compiled it (one module, its
 * imports bundled in) and what it was made from. The config is run from it, esbuild neither
 * loaded nor run, when esbuild, its options and every input (see `bundleKey`) are as they were:
 * compiling took 0.1-0.15 s of each one-page edit's build at 10,000 pages, and loading esbuild
 * 70-130 ms more (issue #17). The code still runs each time: what it reads or computes when run
 * (the environment, files it reads) is as fresh as before.
 */
export class ConfigCache {
  private readonly file: string

  constructor(dir: string) {
    this.file = path.join(dir, 'config.json')
  }

  /** The code compiled with `options` from inputs as they are now, else null. */
  load(options: string): string | null {
    let saved: Saved
    try {
      saved = JSON.parse(readFileSync(this.file, 'utf8')) as Saved
    } catch {
      return null
    }
    if (saved.version !== VERSION || saved.options !== optionsKey(options)) return null
    if (bundleKey(saved.plan) !== saved.key) return null
    return saved.code
  }

  /**
   * Saves the code compiled with `options`, begun at `startedAt` (ms), from the inputs of
   * `metafile` (paths relative to the working folder). Not when an input changed since shortly
   * before (see `changedSince`) or cannot be keyed.
   */
  save(options: { options: string; metafile: Metafile; code: string; startedAt: number }): void {
    const plan = planOf(options.metafile, process.cwd())
    if (!plan || plan.inputs.some((input) => changedSince(input.file, options.startedAt))) return
    const key = bundleKey(plan)
    if (!key) return
    const saved: Saved = {
      version: VERSION,
      options: optionsKey(options.options),
      plan,
      key,
      code: options.code,
    }
    mkdirSync(path.dirname(this.file), { recursive: true })
    const temporary = `${this.file}.${process.pid}.tmp`
    writeFileSync(temporary, JSON.stringify(saved))
    renameSync(temporary, this.file)
  }
}

/** The key of the compile's options (serialised by the caller) and esbuild's version. */
function optionsKey(options: string): string {
  return hash(esbuildVersion(), options)
}
