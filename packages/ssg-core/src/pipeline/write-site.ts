import { mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { ResolvedConfig } from '../config/load-config.js'
import { tableFileContent, type SiteFiles } from '../site/site-files.js'
import type { RouteTable } from '../site/route-table.js'
import { copyStatic } from './extras.js'
import { writeFiles } from './write.js'

interface TableSite {
  config: ResolvedConfig
  table: RouteTable
  lastUpdated: ReadonlyMap<string, string>
}

/**
 * Writes the files of the map that need no page and no search index: `static/` (copied as a
 * folder), the sidebars, the sitemap and `robots.txt`. Plain writes: they go before anything is
 * linked from the previous build (a linked file must never be written into).
 */
export async function writeTableFiles(options: {
  files: SiteFiles
  site: TableSite
  outDir: string
}): Promise<void> {
  const { files, site, outDir } = options
  // The folder as a whole: its empty folders too, and symbolic links as links.
  await copyStatic({ root: site.config.root, outDir })
  const plain = files
    .list()
    .filter((f) => f.kind === 'sidebar' || f.kind === 'sitemap' || f.kind === 'robots')
  await writeFiles(
    outDir,
    plain.map((file) => ({ path: file.path, content: tableFileContent(file, site)! })),
  )
}

/** Writes the redirect pages of the map, each a new file (a path may be a link to the last build). */
export async function writeRedirectFiles(options: {
  files: SiteFiles
  site: TableSite
  outDir: string
}): Promise<void> {
  const { files, site, outDir } = options
  await Promise.all(
    files.ofKind('redirect').map(async (redirect) => {
      const file = path.join(outDir, redirect.path)
      await mkdir(path.dirname(file), { recursive: true })
      await rm(file, { force: true })
      await writeFile(file, tableFileContent(redirect, site)!)
    }),
  )
}
