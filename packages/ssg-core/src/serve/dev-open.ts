import type { ResolvedConfig } from '../config/load-config.js'
import { placeOf } from '../pipeline/discover.js'
import { listStaticFiles } from '../pipeline/extras.js'
import { AssetLookup } from '../pipeline/assets.js'
import { openSite } from '../site/open-site.js'
import { stage } from '../util/stage.js'
import { startCompilers } from './compile-pool.js'
import { DevApis } from './dev-apis.js'
import { siteSearchPages } from './dev-files.js'
import { afterBackground, onCompiled } from './dev-records.js'
import type { DevSite } from './dev-site.js'
import { DevTable } from './dev-table.js'
import { compileEarly } from './early-page.js'
import { PageDates } from './page-dates.js'
import { PRIORITY } from './page-store.js'
import { SearchFiles, searchFileNames } from './search-files.js'
import { EarlyBundle, ThemeRuntime } from './theme-runtime.js'

/**
 * Opens a `DevSite`: the session (config, theme, the pages' front matter), with the compile
 * threads, the client bundle and git's dates started as soon as the config is read; the OpenAPI
 * specs read meanwhile; the route table. No page is compiled here: the background pass starts
 * once the first page is served.
 */
export async function openDevSite(site: DevSite): Promise<void> {
  const { options } = site
  const session = await openSite({
    root: options.root,
    mode: 'serve',
    timings: site.timings,
    ...(options.cache !== undefined ? { cache: options.cache } : {}),
    // The compile threads start with the config: they make their highlighter meanwhile.
    onConfig: (config, cacheDir) => {
      startPools(site, config, cacheDir)
      site.early = EarlyBundle.start(config)
      // Early: starting git costs less while this process is small.
      site.dates = new PageDates(config.root)
    },
  })
  const { config } = session
  site.config = config
  site.discovery = session.messages
  // The OpenAPI specs, read meanwhile: only the pages placing parts of one wait for them.
  site.apis = new DevApis(
    config,
    session,
    () => {
      site.setApis()
      site.messagesChanged()
      site.onMessages?.()
    },
    site.firstPage.served,
  )
  site.apis.onCorrected = () => site.onTableChange?.()
  for (const pool of site.pools)
    pool.waitFor = (file, priority) => site.apis.waitFor(file, priority < PRIORITY.background)
  site.order = session.sources.map((s) => s.file)
  for (const source of session.sources) site.places.set(source.file, placeOf(source))
  for (const head of await session.heads()) site.heads.set(head.file, head)
  site.staticFiles = await listStaticFiles(config.root)
  site.assetLookup = new AssetLookup(config.root)
  site.searchNames = config.search.enabled ? searchFileNames(site.now) : null
  site.routeTable = new DevTable(config, site.searchNames)
  // The client bundle starts here and goes on in esbuild's process (pages wait for it).
  site.runtime = await stage(site.timings, 'client bundle (start)', () =>
    ThemeRuntime.start({ config, theme: session.theme, early: site.early }),
  )
  site.search = new SearchFiles({
    settled: () => site.store.settled(),
    hurry: () => site.store.hurry(),
    pages: () => siteSearchPages(site),
    now: site.now,
  })
  await stage(site.timings, 'route table', () => site.remakeTable())
  // The rest of the site, at the lowest priority, once the first page is served.
  site.firstPage.arm()
  void site.store.background(
    () => site.order.map((file) => site.requestOf(file)),
    site.firstPage.served,
  )
  void site.store.settled().then(() => afterBackground(site))
}

/** The compile threads: one for what a reader waits for, the others for the background pass. */
function startPools(site: DevSite, config: ResolvedConfig, cacheDir: string | null): void {
  const { options } = site
  let done = 0
  const compilers = startCompilers({
    config,
    cacheDir,
    background: site.firstPage.served,
    // Before the warm-up pages: a page asked for already compiles first.
    beforeWarmUp: (foreground) =>
      compileEarly({
        config,
        cacheDir,
        foreground,
        firstAsked: options.firstAsked,
        // Asked once the table is made: the request compiles its page itself.
        opened: () => site.routeTable !== undefined,
      }),
    ...(options.workers !== undefined ? { workers: options.workers } : {}),
    onCompiled: (page, reason) => {
      onCompiled(site, page, reason)
      options.onPages?.(++done, site.order.length)
    },
    onReads: (files) => site.onIncludes?.(files),
  })
  site.pools = compilers.pools
  site.store = compilers.store
  site.warmUp = compilers.warmUp
}
