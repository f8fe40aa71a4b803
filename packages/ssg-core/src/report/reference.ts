import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

let cached: string | undefined

/**
 * The error reference (`ERRORS.md`, published in the package) as a `file://` URL, with the
 * rule's anchor when given. The file sits at the package root, found from this module: it runs
 * from `src/report/`, from `dist/` or from one of `dist/chunks/`, installed or in a checkout.
 */
export function referenceUrl(ruleId?: string): string {
  cached ??= findReference()
  return ruleId ? `${cached}#${ruleId}` : cached
}

function findReference(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url))
  for (let i = 0; i < 5; i++) {
    const manifest = path.join(dir, 'package.json')
    if (existsSync(manifest) && readName(manifest) === '@ssg/core')
      return pathToFileURL(path.join(dir, 'ERRORS.md')).href
    dir = path.dirname(dir)
  }
  // Bundled somewhere else (a test's bundle of the CLI): the reference of the sources.
  return pathToFileURL(fileURLToPath(new URL('../../ERRORS.md', import.meta.url))).href
}

function readName(manifest: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name
  } catch {
    return undefined
  }
}
