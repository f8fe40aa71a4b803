import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
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
