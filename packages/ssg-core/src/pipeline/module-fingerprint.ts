import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { hash } from '../util/hash.js'

/** `import … from '…'`, `export … from '…'`, `import '…'` and `import('…')` with a literal. */
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)(['"])([^'"\n]+)\1/g

/**
 * Identity of a module and of every local module it imports, for cache keys: a hash of the bytes
 * of the entry and of each file reached through relative imports, plus the resolved path of each
 * package import (under pnpm the path names the version). A theme's server entry is not always one
 * bundle (theme-react builds one module per component), so the entry's bytes alone would miss an
 * edit of a component.
 */
export async function moduleFingerprint(entry: string): Promise<string> {
  const seen = new Set<string>()
  const parts: string[] = []
  const visit = async (file: string): Promise<void> => {
    if (seen.has(file)) return
    seen.add(file)
    let source: string
    try {
      source = await readFile(file, 'utf8')
    } catch {
      parts.push(file + '\0missing')
      return
    }
    parts.push(file + '\0' + hash(source))
    const local: string[] = []
    for (const match of source.matchAll(IMPORT)) {
      const specifier = match[2]!
      if (specifier.startsWith('.') || specifier.startsWith('/'))
        local.push(path.resolve(path.dirname(file), specifier))
      else if (!specifier.startsWith('node:'))
        parts.push(specifier + '\0' + packagePath(file, specifier))
    }
    await Promise.all(local.map(visit))
  }
  await visit(path.resolve(entry))
  return hash(...parts.sort())
}

function packagePath(from: string, specifier: string): string {
  try {
    return createRequire(from).resolve(specifier)
  } catch {
    return 'unresolved'
  }
}

const themes = new Map<string, Promise<string>>()
/**
 * The theme's server modules as this process loaded them: Node imports a module once per process,
 * so a build run again in the same process renders with the modules of the first import, and its
 * keys must say so (taken at the first build, right after that import).
 */
export function themeFingerprint(theme: {
  serverEntry: string
  themeServerEntry: string
}): Promise<string> {
  const { serverEntry, themeServerEntry } = theme
  const id = serverEntry + '\0' + themeServerEntry
  let fingerprint = themes.get(id)
  if (!fingerprint) {
    // A customised theme runs from a bundle of the theme and the site's overrides; the bundle
    // may leave the theme's own modules as imports, so both count.
    fingerprint = Promise.all([
      moduleFingerprint(serverEntry),
      serverEntry === themeServerEntry ? '' : moduleFingerprint(themeServerEntry),
    ]).then((parts) => hash(...parts))
    themes.set(id, fingerprint)
  }
  return fingerprint
}

let core: Promise<string> | undefined
/**
 * This core's own code: a rebuilt core with the same version number (a development build) may
 * render other HTML. Built, it is the `dist/build-id` its build wrote (a hash of every bundle,
 * the compile worker's too); from the sources (tests), this module and what it imports.
 */
export function coreFingerprint(): Promise<string> {
  core ??= (async () => {
    const here = fileURLToPath(import.meta.url)
    return (await buildId(here)) ?? moduleFingerprint(here)
  })()
  return core
}

/**
 * The `build-id` of the built package `module` is part of (in the nearest `dist/` above it, as
 * `scripts/build.mjs` writes it), or null: not built, or no id written.
 */
export async function buildId(module: string): Promise<string | null> {
  const parts = path.resolve(module).split(path.sep)
  const dist = parts.lastIndexOf('dist')
  if (dist === -1) return null
  const file = [...parts.slice(0, dist + 1), 'build-id'].join(path.sep)
  const id = await readFile(file, 'utf8').catch(() => '')
  return id.trim() || null
}

let indexer: Promise<string> | undefined
/** The search indexer's modules: a new indexer may write other files from the same pages. */
export function indexerFingerprint(): Promise<string> {
  indexer ??= (async () => {
    try {
      return await moduleFingerprint(createRequire(import.meta.url).resolve('@ssg/search-indexer'))
    } catch {
      // Unknown indexer: a value of this process alone, so that no search file is reused.
      return `unknown-${process.pid}-${Date.now()}`
    }
  })()
  return indexer
}
