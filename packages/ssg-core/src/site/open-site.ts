import path from 'node:path'
import { loadConfig, type ResolvedConfig } from '../config/load-config.js'
import { discoverPages, noPagesMessage, type SourcePage } from '../pipeline/discover.js'
import { SourceStats } from '../pipeline/source-stats.js'
import type { BuildMessage } from '../report/messages.js'
import { resolveTheme, type ResolvedTheme } from '../theme/resolve-theme.js'
import { stage, type StageTiming } from '../util/stage.js'
import {
  assembleApis,
  directiveUses,
  loadSpecs,
  type ApiSet,
  type LoadedSpecs,
} from '../openapi/apis.js'
import { readPageHeads, type PageHead } from './page-head.js'

export interface OpenSiteOptions {
  /** The site folder. */
  root: string
  /** Who opens it: `ssg build` or `ssg serve`. */
  mode: 'build' | 'serve'
  /** Use the on-disk caches in `<root>/.ssg-cache`. @default true */
  cache?: boolean
  /** Records the duration of each step (the build's report). */
  timings?: StageTiming[]
  /** Extra argument of the theme's import (`ssg serve` imports a changed theme again). */
  reload?: string
  /**
   * Told the config as soon as it is loaded, with the page cache's folder and that of the on-disk
   * caches (null when off): `ssg serve` starts its compile threads then, while the theme and the
   * pages load, and `ssg build` the worker of an edit.
   */
  onConfig?: (config: ResolvedConfig, pageCache: string | null, cacheDir: string | null) => void
  /**
   * Told the pages as soon as they are found, with the folder of the on-disk caches (null when
   * off), before the specs are read: `ssg build` starts its compile workers then.
   */
  onSources?: (sources: readonly SourcePage[], cacheDir: string | null) => void
}

/**
 * One site, opened: its config, its theme, its pages (discovered and their heads read) and where
 * its caches are. `ssg build` and `ssg serve` both start here, so that what they read of a site
 * and how cannot drift apart.
 */
export interface SiteSession {
  root: string
  mode: OpenSiteOptions['mode']
  config: ResolvedConfig
  theme: ResolvedTheme
  /**
   * Every Markdown file found, in discovery order. For `serve`, only the start of each file is
   * read (`SourcePage.partial`, no hash): pages are compiled from their file when asked for.
   */
  sources: SourcePage[]
  /**
   * Each source's head (front matter, title), same order: what the route table is made from.
   * Read on first call (a warm build of an unchanged site never needs them); `known` gives the
   * heads known without reading their pages (see `readPageHeads`).
   */
  heads(known?: (page: SourcePage) => PageHead | undefined): Promise<PageHead[]>
  /** What opening found (unreadable files, the OpenAPI specs' problems). */
  messages: BuildMessage[]
  /**
   * The site's OpenAPI specs and where its pages place them, or null when it has none (and for
   * `serve`, which reads them in the background: see `DevApis`).
   */
  apis: ApiSet | null
  /** The specs as read (`ssg serve` assembles them again as pages change). */
  specs: LoadedSpecs | null
  /** The specs' own messages and the unplaced operations (also in `messages`). */
  apiMessages: BuildMessage[]
  /** The on-disk caches, or null when they are off. */
  cache: {
    /** Compiled pages, by source bytes and compile options (`PageCache`). */
    pages: string | null
    /** The output manifest of the last build (`OutputCache`). */
    outputs: string | null
    /** OpenAPI verdicts, by spec bytes (`loadSpec`). */
    openapi: string | null
  }
}

/** Opens a site: its config, theme and pages (see `SiteSession`). */
export async function openSite(options: OpenSiteOptions): Promise<SiteSession> {
  const timings = options.timings ?? []
  const cacheDir =
    options.cache === false ? null : path.join(path.resolve(options.root), '.ssg-cache')
  const config = await stage(timings, 'load config', () =>
    loadConfig({ root: options.root, cacheDir }),
  )
  options.onConfig?.(config, cacheDir && path.join(cacheDir, 'pages'), cacheDir)
  // React's development build renders several times slower: load the theme in production mode.
  process.env.NODE_ENV ??= 'production'
  const messages: BuildMessage[] = []
  const theme = await stage(timings, 'load theme', () =>
    resolveTheme({ config, ...(options.reload ? { reload: options.reload } : {}) }),
  )
  // `ssg serve` compiles pages later: it reads their front matter now, not their whole text;
  // unless the site has OpenAPI specs, whose sections and schemas' homes any page may place
  // (`::openapi`): then every page is read whole, to know where the specs are placed.
  const head = options.mode === 'serve' && Object.keys(config.openapi).length === 0
  // A build reads every file whole: one of the size and mtime it had last time is not hashed.
  const stats = !head && cacheDir ? SourceStats.open(cacheDir) : undefined
  const sources = await stage(timings, 'discover', () =>
    discoverPages({ config, messages, head, ...(stats ? { stats } : {}) }),
  )
  await stats?.save()
  // A build of nothing is an error; `ssg serve` waits for the first page.
  if (sources.length === 0 && options.mode === 'build') messages.push(await noPagesMessage(config))
  options.onSources?.(sources, cacheDir)
  let heads: Promise<PageHead[]> | undefined
  // `ssg serve` reads the specs itself, in the background (`DevApis`): a large spec takes seconds
  // to validate, and only the pages that place parts of it need it.
  const specs =
    options.mode === 'build'
      ? await stage(timings, 'openapi', () =>
          loadSpecs(config, cacheDir && path.join(cacheDir, 'openapi')),
        )
      : null
  const assembled = specs
    ? assembleApis({ config, specs, pages: directiveUses(sources) })
    : { apis: null, messages: [] }
  messages.push(...assembled.messages)
  return {
    root: config.root,
    mode: options.mode,
    config,
    theme,
    sources,
    heads: (known) =>
      (heads ??= stage(timings, 'front matter', () => readPageHeads(sources, known))),
    messages,
    apis: assembled.apis,
    specs,
    apiMessages: assembled.messages,
    cache: {
      pages: cacheDir && path.join(cacheDir, 'pages'),
      outputs: cacheDir,
      openapi: cacheDir && path.join(cacheDir, 'openapi'),
    },
  }
}
