import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { SearchIndexFiles } from './build-index.js'

export interface WriteSearchIndexOptions {
  files: SearchIndexFiles
  /** The folder served at the site base path. */
  outDir: string
}

/** Writes the doc and index files, and their parts if split, into `outDir` (created if missing). */
export async function writeSearchIndex(options: WriteSearchIndexOptions): Promise<void> {
  const { files, outDir } = options
  await mkdir(outDir, { recursive: true })
  await Promise.all([
    writeFile(join(outDir, files.docFile), files.docJson),
    writeFile(join(outDir, files.indexFile), files.indexJson),
    ...files.parts.map((part) => writeFile(join(outDir, part.file), part.json)),
  ])
}
