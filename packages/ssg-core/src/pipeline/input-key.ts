import { stat } from 'node:fs/promises'
import path from 'node:path'
import type { ResolvedConfig } from '../config/load-config.js'
import { PLUGIN_FINGERPRINT } from '../markdown/markdown-options.js'
import type { BuildMessage } from '../report/messages.js'
import { CONTRACT_VERSION } from '../theme/contract.js'
import { hash } from '../util/hash.js'
import { CORE_VERSION } from '../version.js'
import type { SourcePage } from './discover.js'
import { listStaticFiles } from './extras.js'
import { lastUpdatedTimes } from './last-updated.js'
import { coreFingerprint, indexerFingerprint, themeFingerprint } from './module-fingerprint.js'
import type { DocumentAssets } from './render.js'
import { contentFileStats } from './assets.js'

/**
 * What the build reads besides the pages (the files under `static/`, the pages' last-updated
 * times) and the key of all its inputs (`buildInputKey`).
 */
export async function collectInputs(options: {
  config: ResolvedConfig
  theme: { serverEntry: string; themeServerEntry: string }
  sources: SourcePage[]
  messages: BuildMessage[]
  assets: DocumentAssets
  /** The site's OpenAPI specs (their key), when it has any. */
  apis?: { key: string } | null
  /** `gitTimes(config.root)`, when started already (see `lastUpdatedTimes`). */
  git?: Promise<Map<string, string>>
}): Promise<{
  staticFiles: Set<string>
  lastUpdated: Map<string, string>
  key: string
  /** `staticFileStats` and `contentFileStats`: what the key holds of the files besides pages. */
  files: string[]
}> {
  const { config } = options
  const staticFiles = await listStaticFiles(config.root)
  const mtimes = new Map(options.sources.map((p) => [p.file, p.mtimeMs]))
  const lastUpdated = await lastUpdatedTimes({
    root: config.root,
    files: options.sources.map((p) => p.file),
    mtimeOf: (file) => mtimes.get(file),
    ...(options.git ? { git: options.git } : {}),
  })
  const stats = await staticFileStats(config.root, staticFiles)
  const contentFiles = contentFileStats(config.root)
  const key = await buildInputKey({ ...options, lastUpdated, staticFiles: stats, contentFiles })
  return { staticFiles, lastUpdated, key, files: [...stats, '\0', ...contentFiles] }
}

/**
 * Hash of everything `ssg build` makes the output from: the config, this core and its Markdown
 * plugins, the theme's server modules and client bundle, the search indexer, every page's bytes,
 * the discovery messages, the pages' last-updated times and the files under `static/`. Equal keys,
 * equal output (the clock only names new search files).
 */
export async function buildInputKey(options: {
  config: ResolvedConfig
  /** The theme's server modules (the theme's own, and the site's bundle of it if customised). */
  theme: { serverEntry: string; themeServerEntry: string }
  sources: SourcePage[]
  messages: BuildMessage[]
  assets: DocumentAssets
  lastUpdated: Map<string, string>
  /** Site path -> size and mtime of each static file. */
  staticFiles: string[]
  /** Path, size and mtime of each file under `content/` that is not Markdown (images...). */
  contentFiles?: string[]
  apis?: { key: string } | null
}): Promise<string> {
  return hash(
    CORE_VERSION,
    await coreFingerprint(),
    String(CONTRACT_VERSION),
    PLUGIN_FINGERPRINT,
    options.config.fingerprint,
    options.config.root,
    await themeFingerprint(options.theme),
    await indexerFingerprint(),
    JSON.stringify(options.assets),
    JSON.stringify(options.messages),
    // By file: a sort without a comparator makes a string of each pair for each comparison.
    JSON.stringify([...options.lastUpdated].sort((a, b) => (a[0] < b[0] ? -1 : 1))),
    JSON.stringify(options.staticFiles),
    JSON.stringify(options.contentFiles ?? []),
    options.apis?.key ?? '',
    ...options.sources.map((page) => page.file + '\0' + page.hash),
  )
}

/** `<site path> <size> <mtime>` of each file under `static/` (copied, not read, by the build). */
export async function staticFileStats(root: string, files: Set<string>): Promise<string[]> {
  return Promise.all(
    [...files].sort().map(async (file) => {
      try {
        const s = await stat(path.join(root, 'static', file))
        return `${file} ${s.size} ${s.mtimeMs}`
      } catch {
        return `${file} missing`
      }
    }),
  )
}
