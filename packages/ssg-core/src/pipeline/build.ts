import path from 'node:path'
import { rm } from 'node:fs/promises'
import { loadConfig, type ResolvedConfig } from '../config/load-config.js'
import { resolveTheme } from '../theme/resolve-theme.js'
import { bundleClient } from '../client/bundle.js'
import type { BuildMessage } from '../report/messages.js'
import type { PageData, Sidebar } from '../theme/contract.js'
import { BuildFailedError } from '../util/errors.js'
import { applyStrict } from '../report/severity.js'
import { stage, stageTimings, type ProgressListener, type StageTiming } from '../util/stage.js'
import { compilePages } from './compile.js'
import { discoverPages, noPagesMessage } from './discover.js'
import { copyStatic, robotsTxt, sitemapXml, writeRedirects } from './extras.js'
import { collectInputs } from './input-key.js'
import { OutputCache } from './output-cache.js'
import { createRenderContext, createSiteState, notFoundPage, sidebarFile } from './site.js'
import { createStagingDir, swapIntoPlace, writeFiles } from './write.js'
import { pageKeys, writePages, writeSearchFiles } from './write-pages.js'

export interface BuildOptions {
  /** The site folder. */
  root: string
  /** Use the on-disk cache in `<root>/.ssg-cache`. @default true */
  cache?: boolean
  /** Worker threads for parse + transform; 0 for none. @default automatic */
  workers?: number
  /**
   * Clock for the search file names (files of unchanged search text keep their names).
   * @default () => new Date()
   */
  now?: () => Date
  /** Warnings count as errors: the build fails on any (`ssg build --strict`). @default false */
  strict?: boolean
  /** Told when each stage starts and ends, and the pages done in the long ones. */
  onProgress?: ProgressListener
}

export interface BuildReport {
  config: ResolvedConfig
  outDir: string
  pages: number
  cacheHits: number
  /** Output files linked from the previous build (unchanged) rather than made again. */
  reusedFiles: number
  /** Pages rendered by the theme (the others' documents came from the previous build). */
  renderedPages: number
  messages: BuildMessage[]
  timings: StageTiming[]
}

/** The on-disk cache folder of compiled pages, or null when the cache is off. */
export function pageCacheDir(config: ResolvedConfig, cache: boolean | undefined): string | null {
  return cache === false ? null : path.join(config.root, '.ssg-cache', 'pages')
}

/** The folder of the output manifest (see `OutputCache`), or null when the cache is off. */
export function outputCacheDir(config: ResolvedConfig, cache: boolean | undefined): string | null {
  return cache === false ? null : path.join(config.root, '.ssg-cache')
}

/** `ssg build`: Markdown in `content/` to a complete static site in `build/`, or nothing at all. */
export async function build(options: BuildOptions): Promise<BuildReport> {
  const timings = stageTimings(options.onProgress)
  const now = options.now ?? (() => new Date())
  const config = await stage(timings, 'load config', () => loadConfig({ root: options.root }))
  // React's development build renders several times slower: load the theme in production mode.
  process.env.NODE_ENV ??= 'production'
  const theme = await stage(timings, 'load theme', () => resolveTheme({ config }))
  const messages: BuildMessage[] = []
  const sources = await stage(timings, 'discover', () => discoverPages({ config, messages }))
  if (sources.length === 0) messages.push(await noPagesMessage(config))
  const outDir = path.resolve(config.root, config.outDir)
  const staging = await createStagingDir(outDir)
  try {
    const outputs = await OutputCache.open({
      cacheDir: outputCacheDir(config, options.cache),
      outDir,
      staging,
    })
    const assets = await stage(timings, 'client bundle', () =>
      bundleClient({
        clientEntry: theme.clientEntry,
        plugins: theme.clientPlugins,
        outDir: staging,
        baseUrl: config.baseUrl,
      }),
    )
    const inputs = await stage(timings, 'inputs', () =>
      collectInputs({ config, theme, sources, messages, assets }),
    )
    // Nothing the output is made from changed, and the output folder is as the last build left
    // it: that output stands (a warm rebuild of an unchanged site does no other work).
    const kept = outputs.unchanged(inputs.key)
    if (kept) {
      await rm(staging, { recursive: true, force: true })
      return failOnErrors({
        config,
        outDir,
        pages: kept.pages,
        cacheHits: kept.pages,
        reusedFiles: kept.files,
        renderedPages: 0,
        messages: applyStrict(kept.messages, options.strict),
        timings,
      })
    }
    const { pages: compiled, cacheHits } = await stage(timings, 'parse + transform', (progress) =>
      compilePages({
        pages: sources,
        config,
        onProgress: progress,
        cacheDir: pageCacheDir(config, options.cache),
        ...(options.workers !== undefined ? { workers: options.workers } : {}),
      }),
    )
    const state = await stage(timings, 'routes + link check', async () =>
      createSiteState({
        config,
        compiled,
        messages,
        staticFiles: inputs.staticFiles,
        lastUpdated: inputs.lastUpdated,
      }),
    )
    const report: BuildReport = {
      config,
      outDir,
      pages: state.pages.length,
      cacheHits,
      reusedFiles: 0,
      renderedPages: 0,
      messages: applyStrict(state.messages, options.strict),
      timings,
    }
    failOnErrors(report)

    const sidebarFiles = state.sidebars.map((sidebar) => ({
      sidebar,
      ...sidebarFile(sidebar, { hashed: true }),
    }))
    // Everything written with plain writes goes first: later files may be links to the previous
    // build, which must never be written into.
    await stage(timings, 'static + sidebars', async () => {
      await copyStatic({ root: config.root, outDir: staging })
      await writeFiles(staging, [
        ...sidebarFiles.map((f) => ({ path: f.path, content: f.content })),
        { path: 'sitemap.xml', content: sitemapXml({ config, pages: state.pageData }) },
        { path: 'robots.txt', content: robotsTxt(config) },
      ])
    })
    const search = await stage(timings, 'search index', () =>
      writeSearchFiles({ state, now, outputs }),
    )
    const context = createRenderContext({
      config,
      theme: theme.server,
      assets,
      sidebarUrls: Object.fromEntries(
        sidebarFiles.map((f) => [f.sidebar.id, config.baseUrl + f.path]),
      ),
      search,
      buildId: '',
    })
    const sidebarById = new Map<string, Sidebar>(state.sidebars.map((s) => [s.id, s]))
    const sidebarOf = (page: PageData) =>
      page.sidebarId ? (sidebarById.get(page.sidebarId) ?? null) : null
    const pages = [...state.pageData, notFoundPage()]
    const keys = await stage(timings, 'render keys', () =>
      pageKeys({ context, pages, sidebarOf, theme }),
    )
    context.site = { ...context.site, buildId: keys.buildId }
    await stage(timings, 'render + write', async (progress) => {
      const written = await writePages({ context, pages, sidebarOf, keys, outputs, progress })
      report.renderedPages = written.rendered
      await writeRedirects({ outDir: staging, config, redirects: state.redirects })
    })
    await outputs.recordOthers()
    // The manifest goes first: after a crash during the swap, no file is trusted.
    await outputs.forget()
    await stage(timings, 'swap into place', () => swapIntoPlace(staging, outDir))
    // Only now: the manifest describes the output folder as it is.
    await outputs.save({ inputKey: inputs.key, pages: report.pages, messages: report.messages })
    report.reusedFiles = outputs.reused
    return report
  } catch (error) {
    await rm(staging, { recursive: true, force: true })
    throw error
  }
}

/** Throws `BuildFailedError` (carrying the report) when a message is an error. */
function failOnErrors(report: BuildReport): BuildReport {
  if (report.messages.some((m) => m.severity === 'error'))
    throw Object.assign(new BuildFailedError('The build failed: see the messages above'), {
      report,
    })
  return report
}
