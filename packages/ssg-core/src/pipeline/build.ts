import path from 'node:path'
import { rm } from 'node:fs/promises'
import { writeSearchIndex } from '@ssg/search-indexer'
import { loadConfig, type ResolvedConfig } from '../config/load-config.js'
import { resolveTheme } from '../theme/resolve-theme.js'
import { bundleClient } from '../client/bundle.js'
import type { BuildMessage } from '../report/messages.js'
import type { Sidebar } from '../theme/contract.js'
import { BuildFailedError } from '../util/errors.js'
import { hash } from '../util/hash.js'
import { stage, type StageTiming } from '../util/stage.js'
import { compilePages } from './compile.js'
import { discoverPages } from './discover.js'
import { copyStatic, listStaticFiles, robotsTxt, sitemapXml, writeRedirects } from './extras.js'
import { lastUpdatedTimes } from './last-updated.js'
import {
  createRenderContext,
  createSiteState,
  notFoundPage,
  renderPageFiles,
  searchIndexFiles,
  sidebarFile,
} from './site.js'
import { createStagingDir, swapIntoPlace, writeFiles } from './write.js'

/** Pages rendered before their files are written and dropped. */
const RENDER_BATCH = 200

export interface BuildOptions {
  /** The site folder. */
  root: string
  /** Use the on-disk cache in `<root>/.ssg-cache`. @default true */
  cache?: boolean
  /** Worker threads for parse + transform; 0 for none. @default automatic */
  workers?: number
  /** Clock for the search file names and the build id. @default () => new Date() */
  now?: () => Date
}

export interface BuildReport {
  config: ResolvedConfig
  outDir: string
  pages: number
  cacheHits: number
  messages: BuildMessage[]
  timings: StageTiming[]
}

/** The on-disk cache folder of compiled pages, or null when the cache is off. */
export function pageCacheDir(config: ResolvedConfig, cache: boolean | undefined): string | null {
  return cache === false ? null : path.join(config.root, '.ssg-cache', 'pages')
}

/** `ssg build`: Markdown in `content/` to a complete static site in `build/`, or nothing at all. */
export async function build(options: BuildOptions): Promise<BuildReport> {
  const timings: StageTiming[] = []
  const now = options.now ?? (() => new Date())
  const config = await stage(timings, 'load config', () => loadConfig({ root: options.root }))
  // React's development build renders several times slower: load the theme in production mode.
  process.env.NODE_ENV ??= 'production'
  const theme = await stage(timings, 'load theme', () => resolveTheme({ config }))
  const messages: BuildMessage[] = []
  const sources = await stage(timings, 'discover', () => discoverPages({ config, messages }))
  const { pages: compiled, cacheHits } = await stage(timings, 'parse + transform', () =>
    compilePages({
      pages: sources,
      config,
      cacheDir: pageCacheDir(config, options.cache),
      ...(options.workers !== undefined ? { workers: options.workers } : {}),
    }),
  )
  const state = await stage(timings, 'routes + link check', async () =>
    createSiteState({
      config,
      compiled,
      messages,
      staticFiles: await listStaticFiles(config.root),
      lastUpdated: await lastUpdatedTimes({
        root: config.root,
        files: compiled.map((p) => p.file),
      }),
    }),
  )
  const report: BuildReport = {
    config,
    outDir: path.resolve(config.root, config.outDir),
    pages: state.pages.length,
    cacheHits,
    messages: state.messages,
    timings,
  }
  if (state.messages.some((m) => m.severity === 'error'))
    throw Object.assign(new BuildFailedError('The build failed: see the messages above'), {
      report,
    })

  const outDir = report.outDir
  const staging = await createStagingDir(outDir)
  try {
    const assets = await stage(timings, 'client bundle', () =>
      bundleClient({
        clientEntry: theme.clientEntry,
        plugins: theme.clientPlugins,
        outDir: staging,
        baseUrl: config.baseUrl,
      }),
    )
    const sidebarFiles = state.sidebars.map((sidebar) => ({
      sidebar,
      ...sidebarFile(sidebar, { hashed: true }),
    }))
    const search = await stage(timings, 'search index', async () => {
      const files = searchIndexFiles(state, now)
      if (!files) return { docUrl: '', indexUrl: '' }
      await writeSearchIndex({ files, outDir: staging })
      return { docUrl: config.baseUrl + files.docFile, indexUrl: config.baseUrl + files.indexFile }
    })
    const context = createRenderContext({
      config,
      theme: theme.server,
      assets,
      sidebarUrls: Object.fromEntries(
        sidebarFiles.map((f) => [f.sidebar.id, config.baseUrl + f.path]),
      ),
      search,
      buildId: hash(now().toISOString(), assets.entry),
    })
    const sidebarById = new Map<string, Sidebar>(state.sidebars.map((s) => [s.id, s]))
    await stage(timings, 'render + write', async () => {
      await copyStatic({ root: config.root, outDir: staging })
      await writeFiles(staging, [
        ...sidebarFiles.map((f) => ({ path: f.path, content: f.content })),
        { path: 'sitemap.xml', content: sitemapXml({ config, pages: state.pageData }) },
        { path: 'robots.txt', content: robotsTxt(config) },
      ])
      // Render and write in batches: holding every page's HTML and data at once ran a
      // 10,000-page site out of memory.
      const pages = [...state.pageData, notFoundPage()]
      for (let start = 0; start < pages.length; start += RENDER_BATCH) {
        const files: Array<{ path: string; content: string }> = []
        for (const page of pages.slice(start, start + RENDER_BATCH)) {
          const sidebar = page.sidebarId ? (sidebarById.get(page.sidebarId) ?? null) : null
          const { html, data } = renderPageFiles(context, page, sidebar)
          files.push(html, data)
        }
        await writeFiles(staging, files)
      }
      await writeRedirects({ outDir: staging, config, redirects: state.redirects })
    })
    await stage(timings, 'swap into place', () => swapIntoPlace(staging, outDir))
  } catch (error) {
    await rm(staging, { recursive: true, force: true })
    throw error
  }
  return report
}
