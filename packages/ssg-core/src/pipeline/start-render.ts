import type { ResolvedConfig } from '../config/load-config.js'
import type { CompiledSite } from '../site/compiled-site.js'
import type { SiteFiles } from '../site/site-files.js'
import { withBase, type Sidebar } from '../theme/contract.js'
import type { ResolvedTheme } from '../theme/resolve-theme.js'
import { stage, type StageTiming } from '../util/stage.js'
import type { OutputCache } from './output-cache.js'
import { pageKeys, type PageKeys, type PageToWrite } from './page-keys.js'
import { createRenderContext, notFoundPage } from './render-context.js'
import type { DocumentAssets } from './render.js'
import { startWritePages, type PageWrites } from './write-pages.js'

/**
 * The pages' keys (stage `render keys`), then render + write started: on a render worker while
 * the build's thread goes on with the Markdown output and the search index (pages do not name the
 * search files: only `build.json` does), see `startWritePages`.
 */
export async function startRender(options: {
  config: ResolvedConfig
  theme: ResolvedTheme
  assets: DocumentAssets
  files: SiteFiles
  site: Pick<CompiledSite, 'table' | 'pages'>
  outputs: OutputCache
  staging: string
  /** The cache folder (null: none), see `pageKeys`. */
  cacheDir: string | null
  timings: StageTiming[]
  /** 0: no render worker (see `BuildOptions.workers`). */
  workers?: number | undefined
}): Promise<{ keys: PageKeys; pageData: PageToWrite[]; rendering: PageWrites }> {
  const { config, theme, files, outputs } = options
  const { table, pages } = options.site
  const context = createRenderContext({
    config,
    theme: theme.server,
    assets: options.assets,
    sidebarUrls: Object.fromEntries(
      files.ofKind('sidebar').map((f) => [f.id, withBase(config.baseUrl, '/' + f.path)]),
    ),
  })
  const sidebarById = new Map<string, Sidebar>(table.sidebars.map((s) => [s.id, s]))
  // The documents the map holds, each with its data (the not-found page last).
  const dataByRoute = new Map<string, PageToWrite>(
    pages.map((p) =>
      p.record
        ? [
            p.record.head.route,
            { path: p.record.head.route, sidebarId: p.record.sidebarId, dataKey: p.record.data },
          ]
        : [p.data.path, p.data],
    ),
  )
  const pageData: PageToWrite[] = [
    ...files
      .ofKind('page')
      .flatMap((f) => (f.format === 'html' ? [dataByRoute.get(f.route)!] : [])),
    ...(files.ofKind('not-found').length ? [notFoundPage()] : []),
  ]
  const sidebarOf = (page: { sidebarId: string | null }) =>
    page.sidebarId ? (sidebarById.get(page.sidebarId) ?? null) : null
  const keys = await stage(options.timings, 'render keys', () =>
    pageKeys({ context, pages: pageData, sidebarOf, theme, cacheDir: options.cacheDir }),
  )
  const rendering = startWritePages({
    context,
    pages: pageData,
    sidebarOf,
    keys,
    outputs,
    worker:
      options.workers === 0
        ? null
        : { serverEntry: theme.serverEntry, sidebars: table.sidebars, staging: options.staging },
  })
  return { keys, pageData, rendering }
}
