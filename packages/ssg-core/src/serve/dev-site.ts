import path from 'node:path'
import type { ResolvedConfig } from '../config/load-config.js'
import type { CompileRequest } from '../pipeline/compile-source.js'
import type { PagePlace } from '../pipeline/discover.js'
import type { BuildMessage } from '../report/messages.js'
import type { PageHead } from '../site/page-head.js'
import type { RouteTable } from '../site/route-table.js'
import type { SiteFiles } from '../site/site-files.js'
import { withBase } from '../theme/contract.js'
import type { ResolvedTheme } from '../theme/resolve-theme.js'
import type { StageTiming } from '../util/stage.js'
import type { AssetLookup } from '../pipeline/assets.js'
import type { CompilePool } from './compile-pool.js'
import type { DevApis } from './dev-apis.js'
import { FirstPage } from './first-page.js'
import { applyContent, type UpdateResult } from './dev-content.js'
import { renderNotFound, siteFileSource } from './dev-files.js'
import { openDevSite } from './dev-open.js'
import { renderRecord } from './dev-render.js'
import type { DevTable } from './dev-table.js'
import type { ChangePlan } from './invalidate.js'
import type { PageDates } from './page-dates.js'
import type { PageStore } from './page-store.js'
import { RouteOutputs } from './route-outputs.js'
import type { SearchFiles } from './search-files.js'
import { fileMessages, siteMessages, type MessageSources } from './site-messages.js'
import type { FileSource } from './static-server.js'
import type { EarlyBundle, SearchNames, ThemeRuntime } from './theme-runtime.js'
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
  /** Told when a compile read files besides its page not read before (see `PageStore`). */
  onIncludes: ((files: string[]) => void) | undefined
  /** The theme's runtime (see `themeRuntime`); set by `openDevSite`, like the fields below. */
  runtime!: ThemeRuntime
  /** The client bundle begun with the config (see `EarlyBundle`). */
  early: EarlyBundle | null = null
  /** The route table, sidebars and file map (see `DevTable`). */
  routeTable!: DevTable
  /** Each file's head: from its front matter, then from its compile. */
  readonly heads = new Map<string, PageHead>()
  /** Files in discovery order. */
  order: string[] = []
  /** Where each file is, as discovery found it (kind, id, folder, route before `slug`). */
  readonly places = new Map<string, PagePlace>()
  /** What opening found (unreadable files, the specs' problems). */
  discovery: BuildMessage[] = []
  /** The site's OpenAPI specs as its pages place them. */
  apis!: DevApis
  store!: PageStore
  pools: CompilePool[] = []
  /** The link check of each page made into page data, by file. */
  readonly links = new Map<string, { messages: BuildMessage[]; unchecked: boolean }>()
  /** Files whose compile or link check had messages (see `MessageSources.withMessages`). */
  readonly withMessages = new Set<string>()
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
  /** The session's clock reading (names the search files). */
  readonly now: Date
  /** What waits for the first page served: the background pass, the OpenAPI specs. */
  readonly firstPage = new FirstPage()
  private notFound: string | undefined
  private messageCache: BuildMessage[] | null = null
  /** Bumped whenever the messages may have changed (the pages' warnings panels ask again). */
  messagesVersion = 0
  searchNames: SearchNames = null
  /** How long each step of opening took (`SSG_TRACE=1` prints them). */
  readonly timings: StageTiming[] = []

  private constructor(readonly options: DevSiteOptions) {
    this.now = (options.now ?? (() => new Date()))()
    this.file = siteFileSource(this, options.root)
  }

  /** Opens the site: config, theme, front matter and route table; no page is compiled yet. */
  static async create(options: DevSiteOptions): Promise<DevSite> {
    const site = new DevSite(options)
    try {
      await openDevSite(site)
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
    this.messageCache ??= siteMessages(this.messageSources())
    return [...this.runtime.problems, ...this.messageCache, ...this.renderProblems.values()]
  }

  /** Whether a file has an error now: what `errors()` lists of it, without the site's list. */
  hasErrors(file: string): boolean {
    return [
      ...this.runtime.problems,
      ...fileMessages(this.messageSources(), file),
      ...this.renderProblems.values(),
    ].some((m) => m.file === file && m.severity === 'error')
  }

  private messageSources(): MessageSources {
    return {
      config: this.config,
      discovery: [...this.discovery, ...this.apis.messages],
      table: this.table,
      order: this.order,
      compiled: (file) => this.store.get(file),
      links: this.links,
      withMessages: this.withMessages,
    }
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
