import path from 'node:path'
import type { ResolvedConfig } from '../config/load-config.js'
import {
  createRenderContext,
  renderPageHtml,
  type RenderContext,
} from '../pipeline/render-context.js'
import type { BuildMessage } from '../report/messages.js'
import { sidebarPath } from '../site/site-files.js'
import { withBase, type PageData, type Sidebar } from '../theme/contract.js'
import { hasCustomization } from '../theme/customize.js'
import { resolveTheme, themeClientEntry, type ResolvedTheme } from '../theme/resolve-theme.js'
import { errorChain } from '../util/errors.js'
import { ClientBundleError, ClientBundler, type ClientBundle } from './client-bundler.js'

/** The search files' names of a session (they stay put while serving), or null without search. */
export type SearchNames = { docFile: string; indexFile: string } | null

/**
 * The client bundle of a site whose theme is not customised, begun with the config: its entry is
 * the theme's own, known before the theme's server code loads (0.2-0.3 s of a start), and esbuild
 * works in its own process meanwhile. `ThemeRuntime.start` takes it when the loaded theme's entry
 * is that one, and disposes of it otherwise.
 */
export class EarlyBundle {
  private taken = false

  private constructor(
    readonly clientEntry: string,
    readonly bundler: Promise<ClientBundler>,
    readonly first: Promise<ClientBundle>,
  ) {
    // Seen by whoever takes it; not an unhandled rejection before then.
    first.catch(() => {})
  }

  /** Starts it, or null for a customised theme or one that cannot be found (said later). */
  static start(config: ResolvedConfig): EarlyBundle | null {
    if (hasCustomization(config)) return null
    let clientEntry: string
    try {
      clientEntry = themeClientEntry(config)
    } catch {
      return null
    }
    const bundler = ClientBundler.create({
      clientEntry,
      root: config.root,
      baseUrl: config.baseUrl,
    })
    bundler.catch(() => {})
    return new EarlyBundle(
      clientEntry,
      bundler,
      bundler.then((b) => b.rebuild()),
    )
  }

  /** Its bundler and first bundle, when made for `theme` (once). */
  take(
    theme: ResolvedTheme,
  ): { bundler: Promise<ClientBundler>; first: Promise<ClientBundle> } | null {
    if (this.taken || theme.clientEntry !== this.clientEntry || theme.clientPlugins.length)
      return null
    this.taken = true
    return { bundler: this.bundler, first: this.first }
  }

  /** Stops esbuild's context unless it was taken. */
  async dispose(): Promise<void> {
    if (this.taken) return
    this.taken = true
    const bundler = await this.bundler.catch(() => null)
    await bundler?.dispose()
  }
}

/**
 * The theme as `ssg serve` runs it: its server entry, its client bundle (in memory, rebuilt
 * incrementally) and the render context made from them. A theme that breaks keeps the last good
 * one rendering, with its problems reported.
 */
export class ThemeRuntime {
  /** Problems of the theme's bundle or server entry now (empty when it works). */
  problems: BuildMessage[] = []
  private bundle: ClientBundle = { assets: { entry: '', preload: [], css: [] }, files: new Map() }
  private context!: RenderContext
  private generation = 0
  private bundled: Promise<void> = Promise.resolve()

  private constructor(
    private readonly config: ResolvedConfig,
    public theme: ResolvedTheme,
    private bundler: ClientBundler,
  ) {}

  /** Starts the client bundle (not waited for: see `ready`), or takes the early one. */
  static async start(options: {
    config: ResolvedConfig
    theme: ResolvedTheme
    early?: EarlyBundle | null
  }): Promise<ThemeRuntime> {
    const { config, theme } = options
    const early = options.early?.take(theme)
    await options.early?.dispose()
    const bundler = await (early?.bundler ??
      ClientBundler.create({
        clientEntry: theme.clientEntry,
        plugins: theme.clientPlugins,
        root: config.root,
        baseUrl: config.baseUrl,
      }))
    const runtime = new ThemeRuntime(config, theme, bundler)
    runtime.bundled = runtime.rebundle(early?.first)
    return runtime
  }

  /** Resolves once the client bundle is made (pages name its files). */
  ready(): Promise<void> {
    return this.bundled
  }

  /** A file of the client bundle, by site-relative path. */
  asset(relative: string): Uint8Array | undefined {
    return this.bundle.files.get(relative)
  }

  /** The document of a page (throws when the theme fails to render it). */
  render(page: PageData, sidebar: Sidebar | null): string {
    return renderPageHtml(this.context, page, sidebar)
  }

  /** Imports the theme's server entry again and re-bundles the client; true when it worked. */
  async reload(): Promise<boolean> {
    const problems: BuildMessage[] = []
    let theme = this.theme
    try {
      theme = await resolveTheme({ config: this.config, reload: `ssg-serve=${++this.generation}` })
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
      problems.push(...bundleProblems(error))
    }
    this.problems = problems
    if (problems.length) return false
    this.theme = theme
    this.bundle = bundle
    this.context = this.createContext()
    return true
  }

  dispose(): Promise<void> {
    return this.bundler.dispose()
  }

  /** Bundles again (or takes `made`, a bundle begun already) and makes the render context. */
  private async rebundle(made?: Promise<ClientBundle>): Promise<void> {
    try {
      this.bundle = await (made ?? this.bundler.rebuild())
      this.problems = []
    } catch (error) {
      // Serve the pages without a client; the overlay shows why.
      this.problems = bundleProblems(error)
    }
    this.context = this.createContext()
  }

  private createContext(): RenderContext {
    const { config } = this
    return createRenderContext({
      config,
      theme: this.theme.server,
      assets: this.bundle.assets,
      sidebarUrls: Object.fromEntries(
        Object.keys(config.sidebars ?? { docs: [] }).map((id) => [
          id,
          withBase(config.baseUrl, '/' + sidebarPath(id)),
        ]),
      ),
    })
  }
}

function bundleProblems(error: unknown): BuildMessage[] {
  if (error instanceof ClientBundleError) return error.messages
  throw error
}
