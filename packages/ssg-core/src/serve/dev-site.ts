import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import type { Processor } from 'unified'
import { buildSearchIndex, type SearchIndexFiles } from '@ssg/search-indexer'
import type { ResolvedConfig } from '../config/load-config.js'
import { createProcessor, DEFAULT_LANGUAGES } from '../markdown/processor.js'
import { compilePages, markdownOptions } from '../pipeline/compile.js'
import { compilePage, type CompiledPage } from '../pipeline/compile-page.js'
import { sourcePageOf, type SourcePage } from '../pipeline/discover.js'
import { listStaticFiles } from '../pipeline/extras.js'
import { lastUpdatedTimes } from '../pipeline/last-updated.js'
import {
  createRenderContext,
  notFoundPage,
  renderPageHtml,
  searchPages,
  type RenderContext,
} from '../pipeline/render-context.js'
import type { BuildMessage } from '../report/messages.js'
import { openSite } from '../site/open-site.js'
import { SiteFiles, sidebarJson, sidebarPath, tableFileContent } from '../site/site-files.js'
import { withBase, type PageData } from '../theme/contract.js'
import { resolveTheme, type ResolvedTheme } from '../theme/resolve-theme.js'
import {
  assembleApis,
  loadSpecs,
  materializeApis,
  routeOf,
  scanDirectives,
  type ApiSet,
  type DirectiveUse,
  type LoadedSpecs,
} from '../openapi/apis.js'
import { errorChain } from '../util/errors.js'
import { jsonForScript } from '../util/html.js'
import { ClientBundleError, ClientBundler, type ClientBundle } from './client-bundler.js'
import {
  invalidate,
  type ChangePlan,
  type OutputRecord,
  type RouteRecord,
  type SidebarVersion,
} from './invalidate.js'
import { createSiteState, updateSiteState, type SiteState } from './site-state.js'
import { assetSourceOf } from '../pipeline/assets.js'
import { diskSource, type FileSource } from './static-server.js'

export interface DevSiteOptions {
  root: string
  /** Use the on-disk cache of compiled pages for the first build. @default true */
  cache?: boolean
  /** Worker threads for the first build; 0 for none. @default automatic */
  workers?: number
  /** The session's clock: names the search files once (their names stay put while serving). */
  now?: () => Date
  /** Told the pages compiled out of the total during the first build (the terminal's progress). */
  onPages?: (done: number, total: number) => void
}

/** The output of one route: its inputs, and its document and data, made on first request. */
interface Output extends OutputRecord {
  html?: string
  json?: string
}

/** What an update changed, for the browsers and the terminal. */
export interface UpdateResult {
  /** Site paths (base URL included) whose output changed, or `all`. */
  reload: string[] | 'all'
  /** Pages compiled again. */
  compiled: number
  /** Routes of the edited pages: worth rendering before the browsers ask (see `prerender`). */
  edited: string[]
}

/** Above this many changed pages, browsers are told to reload whatever they show. */
const RELOAD_LIST_LIMIT = 200
/** Edited pages rendered right after the reload push; other changed pages render on request. */
const EAGER_RENDER_LIMIT = 20

/**
 * The site of `ssg serve`, in memory: compiled pages by file, the site state (sidebars, routes,
 * link check, page data), and each route's output, rendered on first request and kept until its
 * inputs change (see `invalidate.ts`). A page whose content is broken keeps its last good output.
 */
export class DevSite {
  config!: ResolvedConfig
  theme!: ResolvedTheme
  state!: SiteState
  /** Problems that are not the content's: the theme's bundle or server entry, rendering. */
  private themeProblems: BuildMessage[] = []
  private renderProblems = new Map<string, BuildMessage>()
  private bundler!: ClientBundler
  private bundle!: ClientBundle
  private context!: RenderContext
  private processor: Promise<Processor> | undefined
  private readonly now: Date
  private themeGeneration = 0

  /** Source of each page file (site-relative path), in discovery order once sorted. */
  private sources = new Map<string, SourcePage>()
  private order: string[] = []
  /** What the site state is made from: the last compile of each file, or its last good one. */
  private effective = new Map<string, CompiledPage>()
  private lastGood = new Map<string, CompiledPage>()
  private discoverMessages: BuildMessage[] = []
  /** The OpenAPI specs as read, and as the pages use them (see `assembleApis`). */
  private specs: LoadedSpecs | null = null
  private openapiCache: string | null = null
  private apis: ApiSet | null = null
  private apiMessages: BuildMessage[] = []
  /** The `::openapi` directives of each page that has any, and its route. */
  private directives = new Map<string, { route: string; uses: DirectiveUse[] }>()
  private staticFiles = new Set<string>()
  private lastUpdated = new Map<string, string>()
  /** The longest pages, compiled once in the background to warm the processor up. */
  private longest: SourcePage[] = []
  private gitTimes = new Map<string, string>()

  private outputs = new Map<string, Output>()
  /** The site's files by path (see `SiteFiles`), made again when the route table changes. */
  private files!: SiteFiles
  private sidebars = new Map<string, SidebarVersion>()
  private notFound: string | undefined
  private search: SearchIndexFiles | null | undefined
  private readonly searchNames: { docFile: string; indexFile: string }
  private readonly staticSource: FileSource
  private readonly siteSource: FileSource

  private constructor(private readonly options: DevSiteOptions) {
    this.now = (options.now ?? (() => new Date()))()
    const names = buildSearchIndex({ pages: [], now: () => this.now })
    this.searchNames = { docFile: names.docFile, indexFile: names.indexFile }
    this.staticSource = diskSource(path.join(path.resolve(options.root), 'static'))
    this.siteSource = diskSource(path.resolve(options.root))
  }

  /** The first build: config, theme, client bundle, every page (from the disk cache when it can). */
  static async create(options: DevSiteOptions): Promise<DevSite> {
    const site = new DevSite(options)
    await site.load()
    return site
  }

  private async load(): Promise<void> {
    const site = await openSite({
      root: this.options.root,
      mode: 'serve',
      ...(this.options.cache !== undefined ? { cache: this.options.cache } : {}),
    })
    const { config } = site
    this.config = config
    this.theme = site.theme
    this.bundler = await ClientBundler.create({
      clientEntry: this.theme.clientEntry,
      plugins: this.theme.clientPlugins,
      root: config.root,
      baseUrl: config.baseUrl,
    })
    try {
      try {
        this.bundle = await this.bundler.rebuild()
      } catch (error) {
        if (!(error instanceof ClientBundleError)) throw error
        // Serve the pages without a client; the overlay shows why.
        this.themeProblems = error.messages
        this.bundle = { assets: { entry: '', preload: [], css: [] }, files: new Map() }
      }
      const sources = site.sources
      this.discoverMessages = site.messages.filter((m) => !site.apiMessages.includes(m))
      this.specs = site.specs
      this.openapiCache = site.cache.openapi
      for (const source of sources) this.noteDirectives(source.file, source)
      this.assembleApis()
      // Edits compile pages one by one: the specs' documents are ready for them.
      if (this.apis) await materializeApis(this.apis)
      const { pages } = await compilePages({
        pages: sources,
        config,
        apis: this.apis,
        cacheDir: site.cache.pages,
        ...(this.options.workers !== undefined ? { workers: this.options.workers } : {}),
        ...(this.options.onPages ? { onProgress: this.options.onPages } : {}),
      })
      // The Markdown itself is not kept (a change is read again): its hash tells a real change.
      for (const source of sources) this.sources.set(source.file, { ...source, source: '' })
      this.longest = [...sources].sort((a, b) => b.source.length - a.source.length).slice(0, 3)
      for (const page of pages) this.setCompiled(page)
      this.order = sources.map((s) => s.file)
      this.staticFiles = await listStaticFiles(config.root)
      this.lastUpdated = await lastUpdatedTimes({ root: config.root, files: this.order })
      this.gitTimes = await lastUpdatedTimes({ root: config.root, files: [] })
      this.context = this.createContext()
      this.recompute()
    } catch (error) {
      await this.bundler.dispose()
      throw error
    }
    // Ready for the first edit: the highlighter and the processor take a moment to create, and
    // each code language's grammar is compiled on its first use (seconds, all told).
    this.processor = createProcessor(markdownOptions(config), this.apis)
    this.warmUp = this.processor.then(
      (processor) => warmUp(processor, config, this.longest.splice(0)),
      () => {},
    )
  }

  /** Resolves when the first edit will find the processor warm (tests, the benchmark). */
  warmUp: Promise<void> = Promise.resolve()

  async dispose(): Promise<void> {
    await this.bundler.dispose()
  }

  /** Number of pages. */
  get size(): number {
    return this.state.pages.length
  }

  /** Every error now: content, config (sidebars, redirects), theme, rendering. */
  errors(): BuildMessage[] {
    return [
      ...this.themeProblems,
      ...this.state.messages.filter((m) => m.severity === 'error'),
      ...this.renderProblems.values(),
    ]
  }

  /** Every message now, warnings included. */
  messages(): BuildMessage[] {
    return [...this.themeProblems, ...this.state.messages, ...this.renderProblems.values()]
  }

  /** Applies content, static and theme changes (a config change makes a new `DevSite`). */
  async update(plan: ChangePlan): Promise<UpdateResult> {
    let all = false
    if (plan.theme) all = (await this.reloadTheme()) || all
    if (plan.static) {
      this.staticFiles = await listStaticFiles(this.config.root)
      all = true
    }
    const { changed: edited, structural } = await this.applyContent(plan)
    // A changed spec, or a page that moved a schema's table elsewhere, changes every page that
    // places parts of a spec: compile them again.
    const specMessages = JSON.stringify(this.apiMessages)
    for (const file of await this.applyApis(plan.openapi)) edited.add(file)
    // The specs' messages changed (an operation placed now, a spec fixed): the state is made
    // again, as an update keeps the previous messages.
    const messagesChanged = JSON.stringify(this.apiMessages) !== specMessages
    if (!edited.size && !plan.static && !all && !messagesChanged)
      return { reload: [], compiled: 0, edited: [] }
    const changed = this.recompute(structural || plan.static || messagesChanged ? null : edited)
    const reload =
      all || changed.length > RELOAD_LIST_LIMIT
        ? 'all'
        : changed.map((route) => withBase(this.config.baseUrl, route))
    const edits = changed.filter((route) => edited.has(this.outputs.get(route)?.record.file ?? ''))
    return { reload, compiled: edited.size, edited: edits.slice(0, EAGER_RENDER_LIMIT) }
  }

  /**
   * Renders routes ahead of their first request (the edited pages, right after the push: the
   * reloading browsers ask for them next). A route that was rendered meanwhile is skipped.
   */
  prerender(routes: string[]): void {
    for (const route of routes) if (this.outputs.has(route)) this.renderOutput(route)
  }

  /** Reads and compiles changed content files; returns the site-relative paths that changed. */
  private async applyContent(
    plan: ChangePlan,
  ): Promise<{ changed: Set<string>; structural: boolean }> {
    const changed = new Set<string>()
    const pagesBefore = this.sources.size
    let structural = false
    const toFile = (absolute: string) =>
      path.relative(this.config.root, absolute).split(path.sep).join('/')
    for (const dir of plan.removedDirs) {
      const prefix = toFile(dir) + '/'
      for (const file of this.sources.keys())
        if (file.startsWith(prefix) && this.forget(file)) changed.add(file)
    }
    if (plan.content.size === 0) return { changed, structural: this.sources.size !== pagesBefore }
    const processor = await (this.processor ??= createProcessor(
      markdownOptions(this.config),
      this.apis,
    ))
    for (const [absolute, action] of plan.content) {
      const file = toFile(absolute)
      let source: string | null = null
      if (action === 'write') {
        try {
          source = await readChangedFile(absolute)
        } catch {
          source = null // Gone again meanwhile: the unlink event follows.
        }
      }
      const page = source === null ? null : sourcePageOf(this.config, absolute, source)
      if (!page) {
        if (this.forget(file)) changed.add(file)
        continue
      }
      const known = this.sources.get(file)
      if (known && known.hash === page.hash) continue
      this.noteDirectives(file, page)
      this.sources.set(file, { ...page, source: '' })
      if (!known) {
        this.order = [...this.sources.keys()].sort()
        structural = true
      }
      // As `ssg build` dates it: the last commit when git knows the file, else its mtime.
      if (!this.gitTimes.has(file))
        this.lastUpdated.set(
          file,
          (await stat(absolute).catch(() => null))?.mtime.toISOString() ?? new Date().toISOString(),
        )
      this.setCompiled(await compilePage(page, processor))
      changed.add(file)
    }
    return { changed, structural: structural || this.sources.size !== pagesBefore }
  }

  /** Records the `::openapi` directives of a page (for the schemas' homes). */
  private noteDirectives(file: string, page: Pick<SourcePage, 'route' | 'source'>): void {
    const uses = scanDirectives(page.source)
    if (uses.length) this.directives.set(file, { route: routeOf(page), uses })
    else this.directives.delete(file)
  }

  /** The specs as the pages use them now; their messages go with the discovery messages. */
  private assembleApis(): void {
    if (!this.specs) return
    const { apis, messages } = assembleApis({
      config: this.config,
      specs: this.specs,
      pages: [...this.directives].map(([file, d]) => ({ file, ...d })),
    })
    this.apis = apis
    this.apiMessages = messages
  }

  /**
   * Reads the specs again when one changed (`reload`), and recompiles the pages that place parts
   * of a spec when what they are made from changed; returns those pages. A spec with errors
   * leaves those pages at their last good version (they fail to compile), with its messages.
   */
  private async applyApis(reload: boolean): Promise<string[]> {
    if (!this.specs) return []
    const before = this.apis?.key
    // An edited spec is read without the cache (its verdict is made again, and cached).
    if (reload) this.specs = await loadSpecs(this.config, this.openapiCache)
    this.assembleApis()
    if (this.apis?.key === before) return []
    if (this.apis) await materializeApis(this.apis)
    this.processor = createProcessor(markdownOptions(this.config), this.apis)
    const processor = await this.processor
    const files: string[] = []
    for (const file of this.directives.keys()) {
      const absolute = path.join(this.config.root, file)
      const source = await readFile(absolute, 'utf8').catch(() => null)
      const page = source === null ? null : sourcePageOf(this.config, absolute, source)
      if (!page) continue
      this.setCompiled(await compilePage(page, processor))
      files.push(file)
    }
    return files
  }

  private forget(file: string): boolean {
    this.directives.delete(file)
    if (!this.sources.delete(file)) return false
    this.effective.delete(file)
    this.lastGood.delete(file)
    this.order = this.order.filter((f) => f !== file)
    return true
  }

  /** A page that failed to compile keeps its last good content, with the new messages. */
  private setCompiled(page: CompiledPage): void {
    if (!page.failed) {
      this.lastGood.set(page.file, page)
      this.effective.set(page.file, page)
      return
    }
    const good = this.lastGood.get(page.file)
    this.effective.set(page.file, good ? { ...good, messages: page.messages } : page)
  }

  /** Imports the theme's server entry again and re-bundles the client; true when it worked. */
  private async reloadTheme(): Promise<boolean> {
    const problems: BuildMessage[] = []
    let theme = this.theme
    try {
      theme = await resolveTheme({
        config: this.config,
        reload: `ssg-serve=${++this.themeGeneration}`,
      })
    } catch (error) {
      problems.push({
        file: path.relative(this.config.root, this.theme.serverEntry),
        severity: 'error',
        message: `Cannot load the theme: ${errorChain(error).join(': ')}`,
        ruleId: 'theme',
      })
    }
    let bundle = this.bundle
    try {
      // The site's overrides may export other components now: bundle with the new plan.
      if (theme !== this.theme && theme.clientPlugins.length) {
        const previous = this.bundler
        this.bundler = await ClientBundler.create({
          clientEntry: theme.clientEntry,
          plugins: theme.clientPlugins,
          root: this.config.root,
          baseUrl: this.config.baseUrl,
        })
        await previous.dispose()
      }
      bundle = await this.bundler.rebuild()
    } catch (error) {
      if (!(error instanceof ClientBundleError)) throw error
      problems.push(...error.messages)
    }
    this.themeProblems = problems
    if (problems.length) return false
    this.theme = theme
    this.bundle = bundle
    this.context = this.createContext()
    this.renderProblems.clear()
    this.notFound = undefined
    for (const output of this.outputs.values()) delete output.html
    return true
  }

  private createContext(): RenderContext {
    const { config } = this
    return createRenderContext({
      config,
      theme: this.theme.server,
      assets: this.bundle.assets,
      // Stable names: a sidebar that changes re-renders its pages, not every page of the site.
      sidebarUrls: Object.fromEntries(
        Object.keys(config.sidebars ?? { docs: [] }).map((id) => [
          id,
          withBase(config.baseUrl, '/' + sidebarPath({ id, items: [] }, { hashed: false })),
        ]),
      ),
      search: config.search.enabled
        ? {
            docUrl: withBase(config.baseUrl, '/' + this.searchNames.docFile),
            indexUrl: withBase(config.baseUrl, '/' + this.searchNames.indexFile),
          }
        : { docUrl: '', indexUrl: '' },
      buildId: 'dev-' + this.now.getTime(),
    })
  }

  /** Site state again (cheap, no Markdown work), then the outputs whose inputs changed. */
  /**
   * `edited`: the files compiled again when no page was added or removed (the state can then be
   * updated rather than made again); null after any other change.
   */
  private recompute(edited: Set<string> | null = null): string[] {
    const previous = this.state as SiteState | undefined
    const updated =
      previous && edited
        ? updateSiteState(
            previous,
            [...edited].map((file) => this.effective.get(file)!),
            this.lastUpdated,
          )
        : null
    const state =
      updated ??
      createSiteState({
        config: this.config,
        compiled: this.order.map((file) => this.effective.get(file)!),
        staticFiles: this.staticFiles,
        lastUpdated: this.lastUpdated,
        messages: [...this.discoverMessages, ...this.apiMessages],
      })
    this.state = state
    if (state.sidebars !== previous?.sidebars) {
      // The same version object while a sidebar's JSON is unchanged (see `SidebarVersion`).
      const before = this.sidebars
      this.sidebars = new Map(
        state.sidebars.map((sidebar) => {
          const json = sidebarJson(sidebar)
          const kept = before.get(sidebar.id)
          return [sidebar.id, kept && kept.json === json ? kept : { sidebar, json }]
        }),
      )
    }
    const broken = new Set(state.messages.filter((m) => m.severity === 'error').map((m) => m.file))
    const recordAt = (i: number): RouteRecord => {
      const page = state.pages[i]!
      const data = state.pageData[i]!
      return {
        route: page.route,
        file: page.file,
        page: this.effective.get(page.file)!,
        data,
        sidebar: (data.sidebarId && this.sidebars.get(data.sidebarId)) || null,
        broken: broken.has(page.file),
      }
    }
    // After an update only the edited pages can change: the others keep their data and sidebar.
    const records = updated
      ? [...edited!].map((file) => recordAt(state.index.get(file)!))
      : state.pages.map((_, i) => recordAt(i))
    const result = invalidate(this.outputs, records, !updated)
    for (const record of records) {
      const action = result.actions.get(record.route)!
      const output = this.outputs.get(record.route)
      if (action === 'add' || action === 'render') {
        this.outputs.set(record.route, { record, good: !record.broken })
        this.renderProblems.delete(record.route)
      } else if (action === 'keep' && output) {
        output.good ||= !record.broken
      }
    }
    for (const route of result.removed) {
      this.outputs.delete(route)
      this.renderProblems.delete(route)
    }
    if (result.search) this.search = undefined
    if (state.table !== previous?.table)
      this.files = new SiteFiles({
        table: state.table,
        sidebarPath: (sidebar) => sidebarPath(sidebar, { hashed: false }),
        search: this.config.search.enabled ? this.searchNames : null,
        staticFiles: this.staticFiles,
      })
    return result.changed
  }

  /** The document of a route, rendered on first request. */
  private renderOutput(route: string): string {
    const output = this.outputs.get(route)!
    if (output.html !== undefined) return output.html
    const { data } = output.record
    try {
      output.html = renderPageHtml(this.context, data, output.record.sidebar?.sidebar ?? null)
      this.renderProblems.delete(route)
    } catch (error) {
      const message: BuildMessage = {
        file: output.record.file,
        severity: 'error',
        message: errorChain(error).join(': '),
        ruleId: 'render-failed',
      }
      this.renderProblems.set(route, message)
      output.html = errorDocument(message)
    }
    return output.html
  }

  /** The file at a site-relative path: generated ones from memory, else `static/` from disk. */
  readonly file: FileSource = async (relative) => {
    const memory = this.memoryFile(relative)
    if (memory !== null) return { path: relative, body: memory }
    // Files beside the Markdown, read from the site's files at each request (an edited image is
    // served as it is now); the same paths as `ssg build` copies them to.
    const source = assetSourceOf(relative, this.config.docs.basePath)
    const asset = source === null ? null : await this.siteSource(source)
    return asset ?? this.staticSource(relative)
  }

  private memoryFile(relative: string): string | Uint8Array | null {
    const asset = this.bundle.files.get(relative)
    if (asset) return asset
    const file = this.files.find(relative)
    if (!file) return null
    switch (file.kind) {
      case 'page': {
        const output = this.outputs.get(file.route)
        if (!output) return null
        if (file.format === 'html') return this.renderOutput(file.route)
        return (output.json ??= jsonForScript(output.record.data))
      }
      case 'not-found':
        return file.format === 'html'
          ? (this.notFound ??= this.renderNotFound())
          : jsonForScript(notFoundPage())
      case 'sidebar':
        return this.sidebars.get(file.id)?.json ?? null
      case 'search': {
        const files = (this.search ??= this.searchFiles())
        if (!files) return null
        if (relative === files.docFile) return files.docJson
        if (relative === files.indexFile) return files.indexJson
        return files.parts.find((part) => part.file === relative)?.json ?? null
      }
      case 'static':
        return null // from disk
      default:
        return tableFileContent(file, {
          config: this.config,
          table: this.state.table,
          lastUpdated: this.lastUpdated,
        })
    }
  }

  private searchFiles(): SearchIndexFiles | null {
    if (!this.config.search.enabled) return null
    const pages = this.state.pages.map((page, i) => ({ page, data: this.state.pageData[i]! }))
    return buildSearchIndex({ pages: searchPages(pages), now: () => this.now })
  }

  private renderNotFound(): string {
    const page: PageData = notFoundPage()
    try {
      return renderPageHtml(this.context, page, null)
    } catch (error) {
      return errorDocument({
        file: this.theme.serverEntry,
        severity: 'error',
        message: errorChain(error).join(': '),
        ruleId: 'render-failed',
      })
    }
  }

  /** Routes of the site (for tests and the benchmark). */
  routes(): string[] {
    return [...this.outputs.keys()]
  }
}

/**
 * Compiles, in the background, a page with a code block in each language and a few real pages:
 * the grammars, the highlighter's caches and the JIT are warm for the first edit.
 */
async function warmUp(processor: Processor, config: ResolvedConfig, sources: SourcePage[]) {
  const languages = [...new Set([...DEFAULT_LANGUAGES, ...config.code.extraLanguages])]
  const page = (id: string, markdown: string) =>
    ({
      file: `content/docs/${id}.md`,
      kind: 'docs',
      id,
      dir: '',
      route: `/docs/${id}`,
      source: markdown,
      hash: '',
    }) as SourcePage
  const pages = [
    page(
      '__warm-up',
      '---\ntitle: Warm-up\n---\n\n# Warm-up\n\n:::note\nA *note* with `code`.\n:::\n\n| a | b |\n| - | - |\n| 1 | 2 |\n',
    ),
    // One language a page: each grammar compiles for a moment, and requests (and Ctrl+C) are
    // answered in between (all in one page held the event loop for 17 s on a busy machine).
    ...languages.map((lang) => page(`__warm-up-${lang}`, '```' + lang + '\nx = 1\n```\n')),
    // The longest pages use the most features.
    ...sources,
  ]
  for (const page of pages) {
    await new Promise((resolve) => setImmediate(resolve))
    await compilePage(page, processor).catch(() => {})
  }
}

/**
 * Reads a file that just changed. An editor may truncate the file before writing it, and the
 * change event can come in between: an empty read waits a moment for the bytes (as Vite does,
 * vitejs/vite#610), so that an empty page never becomes a page's "last good version".
 */
async function readChangedFile(file: string): Promise<string> {
  const source = await readFile(file, 'utf8')
  if (source !== '') return source
  const before = await stat(file)
  for (let i = 0; i < 10; i++) {
    await new Promise((resolve) => setTimeout(resolve, 10))
    const now = await stat(file)
    if (now.mtimeMs !== before.mtimeMs || now.size > 0) return readFile(file, 'utf8')
  }
  return source
}

/** A page that could not be rendered: the message, escaped; the overlay shows it too. */
function errorDocument(message: BuildMessage): string {
  const text = `${message.file}: ${message.message}`.replace(
    /[&<>]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!,
  )
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Cannot render this page</title></head><body><h1>Cannot render this page</h1><pre>${text}</pre></body></html>`
}
