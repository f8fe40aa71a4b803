import path from 'node:path'
import type { ResolvedConfig } from '../config/load-config.js'
import type { CompileRequest } from '../pipeline/compile-source.js'
import { placeOf, type PagePlace } from '../pipeline/discover.js'
import { listStaticFiles } from '../pipeline/extras.js'
import type { BuildMessage } from '../report/messages.js'
import { openSite } from '../site/open-site.js'
import type { PageHead } from '../site/page-head.js'
import type { RouteTable } from '../site/route-table.js'
import type { SiteFiles } from '../site/site-files.js'
import { withBase } from '../theme/contract.js'
import type { ResolvedTheme } from '../theme/resolve-theme.js'
import { stage, type StageTiming } from '../util/stage.js'
import { AssetLookup } from '../pipeline/assets.js'
import { startCompilers, type CompilePool } from './compile-pool.js'
import { DevApis } from './dev-apis.js'
import { FirstPage } from './first-page.js'
import { compileEarly } from './early-page.js'
import { applyContent, type UpdateResult } from './dev-content.js'
import { renderNotFound, siteFileSource, siteSearchPages } from './dev-files.js'
import { afterBackground, onCompiled } from './dev-records.js'
import { renderRecord } from './dev-render.js'
import type { ChangePlan } from './invalidate.js'
import { PageDates } from './page-dates.js'
import { PRIORITY, type PageStore } from './page-store.js'
import { RouteOutputs } from './route-outputs.js'
import { SearchFiles, searchFileNames } from './search-files.js'
import { siteMessages } from './site-messages.js'
import type { FileSource } from './static-server.js'
import { DevTable } from './dev-table.js'
import { EarlyBundle, ThemeRuntime, type SearchNames } from './theme-runtime.js'
import { buildInfoJson } from '../site/build-info.js'

export type { UpdateResult }

export interface DevSiteOptions {
  root: string
  /** Use the on-disk cache of compiled pages. @default true */
  cache?: boolean
  /** Background compile threads; 0 compiles in this thread. @default cores - 1 (at least 1) */
  workers?: number
  /** The session's clock: names the search files once (their names stay put while serving). */
  now?: () => Date
  /** Told the pages the background pass has compiled out of the total (the terminal's progress). */
  onPages?: (done: number, total: number) => void
  /** Calls the listener with the first file asked for while the site opens (see `compileEarly`). */
  firstAsked?: (listener: (relative: string) => void) => void
}

/** Above this many changed pages, browsers are told to reload whatever they show. */
const RELOAD_LIST_LIMIT = 200

/**
 * The site of `ssg serve`. It answers once the route table is made from the pages' front matter:
 * a request compiles its page alone (in the foreground compile thread) and renders it; a
 * background pass compiles the rest at the lowest priority, for the link check, the search
 * index and the pages a reader goes to next. Edits compile their page at once; a page whose
 * content breaks keeps its last good output.
 */
export class DevSite {
  config!: ResolvedConfig
  /** Told when the background pass found messages, and when it is over. */
  onMessages: (() => void) | undefined
  /**
   * Told when a page's compile read its title (or sidebar keys) otherwise than its front matter
   * scan did: the route table was made again, and the pages served so far may show old labels
   * (the server runs an update without changes, see `refresh`). Also when the full reading of
   * the OpenAPI specs found them otherwise than their quick reading (see `DevApis.check`).
   */
  onTableChange: (() => void) | undefined
  private runtime!: ThemeRuntime
  private early: EarlyBundle | null = null
  /** The route table, sidebars and file map (see `DevTable`). */
  routeTable!: DevTable
  /** Each file's head: from its front matter, then from its compile. */
  readonly heads = new Map<string, PageHead>()
  /** Files in discovery order. */
  order: string[] = []
  /** Where each file is, as discovery found it (kind, id, folder, route before `slug`). */
  readonly places = new Map<string, PagePlace>()
  private discovery: BuildMessage[] = []
  /** The site's OpenAPI specs as its pages place them. */
  apis!: DevApis
  store!: PageStore
  private pools: CompilePool[] = []
  /** The link check of each page made into page data, by file. */
  readonly links = new Map<string, { messages: BuildMessage[]; unchecked: boolean }>()
  readonly outputs = new RouteOutputs()
  staticFiles = new Set<string>()
  /**
   * Which files beside the Markdown exist, as the pages' checks found them (one lookup for the
   * session: changes forget theirs, see `assetChanges`).
   */
  assetLookup!: AssetLookup
  dates!: PageDates
  search!: SearchFiles
  readonly renderProblems = new Map<string, BuildMessage>()
  private readonly now: Date
  /** What waits for the first page served: the background pass, the OpenAPI specs. */
  private readonly firstPage = new FirstPage()
  private notFound: string | undefined
  private messageCache: BuildMessage[] | null = null
  /** Bumped whenever the messages may have changed (the pages' warnings panels ask again). */
  messagesVersion = 0
  private searchNames: SearchNames = null
  /** How long each step of opening took (`SSG_TRACE=1` prints them). */
  readonly timings: StageTiming[] = []

  private constructor(private readonly options: DevSiteOptions) {
    this.now = (options.now ?? (() => new Date()))()
    this.file = siteFileSource(this, options.root)
  }

  /** Opens the site: config, theme, front matter and route table; no page is compiled yet. */
  static async create(options: DevSiteOptions): Promise<DevSite> {
    const site = new DevSite(options)
    try {
      await site.load()
    } catch (error) {
      // What opening started (compile threads, esbuild) stops with it.
      await site.dispose().catch(() => {})
      throw error
    }
    return site
  }

  get theme(): ResolvedTheme {
    return this.runtime.theme
  }

  /** The names of the session's two search files, or null without search. */
  get searchFileNames(): SearchNames {
    return this.searchNames
  }

  /** The content of `_ssg/build.json` (see `BuildInfo`): the session's search files. */
  buildInfo(): string {
    return buildInfoJson({
      config: this.config,
      search: this.searchNames,
      buildId: 'dev-' + this.now.getTime(),
    })
  }

  /** Resolves once the first page is served (or none was asked for a while: see `FirstPage`). */
  get firstPageServed(): Promise<void> {
    return this.firstPage.served
  }

  /** Number of pages. */
  get size(): number {
    return this.table.pages.length
  }

  /** Resolves when the first edit will find the compile thread warm (tests, the benchmark). */
  warmUp: Promise<void> = Promise.resolve()

  private async load(): Promise<void> {
    const site = await openSite({
      root: this.options.root,
      mode: 'serve',
      timings: this.timings,
      ...(this.options.cache !== undefined ? { cache: this.options.cache } : {}),
      // The compile threads start with the config: they make their highlighter meanwhile.
      onConfig: (config, cacheDir) => {
        this.startPools(config, cacheDir)
        this.early = EarlyBundle.start(config)
        // Early: starting git costs less while this process is small.
        this.dates = new PageDates(config.root)
      },
    })
    const { config } = site
    this.config = config
    this.discovery = site.messages
    // The OpenAPI specs, read meanwhile: only the pages placing parts of one wait for them.
    this.apis = new DevApis(
      config,
      site,
      () => {
        this.setApis()
        this.messagesChanged()
        this.onMessages?.()
      },
      this.firstPage.served,
    )
    this.apis.onCorrected = () => this.onTableChange?.()
    for (const pool of this.pools)
      pool.waitFor = (file, priority) => this.apis.waitFor(file, priority < PRIORITY.background)
    this.order = site.sources.map((s) => s.file)
    for (const source of site.sources) this.places.set(source.file, placeOf(source))
    for (const head of await site.heads()) this.heads.set(head.file, head)
    this.staticFiles = await listStaticFiles(config.root)
    this.assetLookup = new AssetLookup(config.root)
    this.searchNames = config.search.enabled ? searchFileNames(this.now) : null
    this.routeTable = new DevTable(config, this.searchNames)
    // The client bundle starts here and goes on in esbuild's process (pages wait for it).
    this.runtime = await stage(this.timings, 'client bundle (start)', () =>
      ThemeRuntime.start({ config, theme: site.theme, early: this.early }),
    )
    this.search = new SearchFiles({
      settled: () => this.store.settled(),
      hurry: () => this.store.hurry(),
      pages: () => siteSearchPages(this),
      now: this.now,
    })
    await stage(this.timings, 'route table', () => this.remakeTable())
    // The rest of the site, at the lowest priority, once the first page is served.
    this.firstPage.arm()
    void this.store.background(
      () => this.order.map((file) => this.requestOf(file)),
      this.firstPage.served,
    )
    void this.store.settled().then(() => afterBackground(this))
  }

  /** The compile threads: one for what a reader waits for, the others for the background pass. */
  private startPools(config: ResolvedConfig, cacheDir: string | null): void {
    let done = 0
    const compilers = startCompilers({
      config,
      cacheDir,
      background: this.firstPage.served,
      // Before the warm-up pages: a page asked for already compiles first.
      beforeWarmUp: (foreground) =>
        compileEarly({
          config,
          cacheDir,
          foreground,
          firstAsked: this.options.firstAsked,
          // Asked once the table is made: the request compiles its page itself.
          opened: () => this.routeTable !== undefined,
        }),
      ...(this.options.workers !== undefined ? { workers: this.options.workers } : {}),
      onCompiled: (page, reason) => {
        onCompiled(this, page, reason)
        this.options.onPages?.(++done, this.order.length)
      },
    })
    this.pools = compilers.pools
    this.store = compilers.store
    this.warmUp = compilers.warmUp
  }

  async dispose(): Promise<void> {
    this.store?.stop()
    await Promise.all([
      this.runtime?.dispose(),
      this.early?.dispose(),
      ...this.pools.map((pool) => pool.close()),
    ])
  }

  /** Resolves once every page of the site has been compiled (the background pass is over). */
  settled(): Promise<void> {
    return this.store.settled()
  }

  /** Every error now: content, config (sidebars, redirects), theme, rendering. */
  errors(): BuildMessage[] {
    return this.messages().filter((m) => m.severity === 'error')
  }

  /** Every message now, warnings included. */
  messages(): BuildMessage[] {
    this.messageCache ??= siteMessages({
      config: this.config,
      discovery: [...this.discovery, ...this.apis.messages],
      table: this.table,
      order: this.order,
      compiled: (file) => this.store.get(file),
      links: this.links,
    })
    return [...this.runtime.problems, ...this.messageCache, ...this.renderProblems.values()]
  }

  /** The compile threads compile with the specs as they are now. */
  setApis(): void {
    for (const pool of this.pools) pool.setApis(this.apis.apis)
  }

  /** Routes of the site (for tests and the benchmark). */
  routes(): string[] {
    return this.table.pages.map((p) => p.route)
  }

  /** The route of a page's file, or undefined. */
  routeOf(file: string): string | undefined {
    return this.table.byFile.get(file)?.route
  }

  /** Applies content, static and theme changes (a config change makes a new `DevSite`). */
  update(plan: ChangePlan): Promise<UpdateResult> {
    return applyContent(this, plan)
  }

  /** A compile request for a page (the compile thread reads the file). */
  requestOf(file: string): CompileRequest {
    return { ...this.places.get(file)!, absolute: path.join(this.config.root, file) }
  }

  get table(): RouteTable {
    return this.routeTable.table
  }

  get files(): SiteFiles {
    return this.routeTable.files
  }

  /** Makes the route table again from the heads, and what hangs on it. */
  remakeTable(): void {
    this.routeTable.make(
      this.order.map((file) => this.heads.get(file)!),
      this.staticFiles,
    )
    this.messagesChanged()
  }

  /** The cached list of messages is stale. */
  messagesChanged(): void {
    this.messageCache = null
    this.messagesVersion++
  }

  /**
   * A compile read a page's title (or sidebar keys) otherwise than its front matter scan did:
   * the table is made again, and the pages served so far are compared at the next update.
   */
  correctTable(): void {
    this.remakeTable()
    this.routeTable.markCorrected()
    this.onTableChange?.()
  }

  /**
   * A document was asked for: what waits for the first one (the OpenAPI specs, read on this
   * thread: see `DevApis`; the background threads) starts once the function returned is called,
   * when it is served or failed.
   */
  pageAsked(): () => void {
    return this.firstPage.asked()
  }

  /** Renders routes ahead of their first request (the edited pages, after the push). */
  prerender(routes: string[]): void {
    for (const route of routes) this.outputs.html(route, (record) => renderRecord(this, record))
  }

  /** Site paths of routes (base URL included). */
  sitePaths(routes: string[]): string[] | 'all' {
    return routes.length > RELOAD_LIST_LIMIT
      ? 'all'
      : routes.map((route) => withBase(this.config.baseUrl, route))
  }

  /** The theme runtime (theme reloads, rendering). */
  get themeRuntime(): ThemeRuntime {
    return this.runtime
  }

  /** The not-found document is stale (the theme changed). */
  forgetNotFound(): void {
    this.notFound = undefined
  }

  /** The file at a site-relative path (see `siteFileSource`). */
  readonly file: FileSource

  /** The not-found document, rendered on first request. */
  notFoundDocument(): string {
    return (this.notFound ??= renderNotFound(this))
  }
}
