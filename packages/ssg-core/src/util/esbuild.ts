import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

/**
 * esbuild, imported when first used. Its module took 70-130 ms to load at every start of
 * `ssg build`, whose edit builds need none of it when the config and the client bundle are cached
 * (see `ConfigCache`, `BundleCache`): issue #17.
 */
export function esbuild(): Promise<typeof import('esbuild')> {
  return import('esbuild')
}

let version: string | undefined

/** esbuild's version, read from its `package.json` (without loading esbuild: see `esbuild`). */
export function esbuildVersion(): string {
  if (version === undefined) {
    const file = createRequire(import.meta.url).resolve('esbuild/package.json')
    version = String((JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown }).version)
  }
  return version
}
