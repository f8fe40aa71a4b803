import path from 'node:path'
import { buildSearchIndex, type SearchIndexFiles, type SearchPage } from '@ssg/search-indexer'
import type { ResolvedConfig } from '../config/load-config.js'
import type { BuildMessage } from '../report/messages.js'
import type { HeadTag, PageData, Sidebar, SiteData, ThemeServerModule } from '../theme/contract.js'
import { hash } from '../util/hash.js'
import { jsonForScript } from '../util/html.js'
import type { CompiledPage } from './compile-page.js'
import { checkLinks } from './link-check.js'
import { dataFileOf, htmlFileOf } from './output-paths.js'
import { configHeadTags, renderDocument, type DocumentAssets } from './render.js'
import { createPageData, createSiteData } from './route-data.js'
import { resolveSidebars } from './sidebars.js'

/**
 * The whole site in memory after parse + transform: the kept pages (duplicates dropped, internal
 * links checked and rewritten), sidebars, redirects and every page's `PageData`. `ssg build`
 * computes it once; `ssg serve` recomputes it after each change (it is cheap: no Markdown work).
 */
export interface SiteState {
  config: ResolvedConfig
  /** Copies of the compiled pages (the link check rewrites `html`), in discovery order. */
  pages: CompiledPage[]
  sidebars: Sidebar[]
  redirects: Array<{ from: string; to: string }>
  /** One per entry of `pages`, same order. */
  pageData: PageData[]
  /** Every message: the ones passed in, the pages', then duplicates, sidebars, links, redirects. */
  messages: BuildMessage[]
}

export interface SiteStateOptions {
  config: ResolvedConfig
  /** Compiled pages in discovery order; never modified. */
  compiled: CompiledPage[]
  /** Site paths of the files under `static/` (links to them are fine). */
  staticFiles: Set<string>
  /** Last change time of each file (see `lastUpdatedTimes`). */
  lastUpdated: Map<string, string>
  /** Messages found before (discovery); the state's messages start with them. */
  messages?: BuildMessage[]
}

/** Routes, sidebars, link check, redirects and page data: pure, in memory. */
export function createSiteState(options: SiteStateOptions): SiteState {
  const { config } = options
  const messages: BuildMessage[] = [...(options.messages ?? [])]
  for (const page of options.compiled) messages.push(...page.messages)
  // Copies: the link check rewrites `html`, and `ssg serve` keeps the originals across changes.
  const pages = dropDuplicateRoutes(
    options.compiled.map((page) => ({ ...page })),
    messages,
  )
  const sidebars = resolveSidebars({ config, pages, messages })
  const redirects = configRedirects(config)
  const routes = new Set([...pages.map((p) => p.route), ...redirects.map((r) => r.from)])
  messages.push(
    ...checkLinks({
      pages,
      routes,
      redirects: new Set(redirects.map((r) => r.from)),
      baseUrl: config.baseUrl,
      staticFiles: options.staticFiles,
    }),
  )
  checkRedirects({ config, redirects, pages, messages })
  const pageData = createPageData({ config, pages, sidebars, lastUpdated: options.lastUpdated })
  return { config, pages, sidebars, redirects, pageData, messages }
}

/** The config's redirects, one entry per old path. */
function configRedirects(config: ResolvedConfig): Array<{ from: string; to: string }> {
  return config.redirects.flatMap((r) =>
    (Array.isArray(r.from) ? r.from : [r.from]).map((from) => ({ from, to: r.to })),
  )
}

/** Everything a page's document needs besides its own data and sidebar. */
export interface RenderContext {
  config: ResolvedConfig
  theme: ThemeServerModule
  assets: DocumentAssets
  site: SiteData
  headTags: HeadTag[]
}

export function createRenderContext(options: {
  config: ResolvedConfig
  theme: ThemeServerModule
  assets: DocumentAssets
  /** Sidebar id -> URL of its JSON file. */
  sidebarUrls: Record<string, string>
  search: { docUrl: string; indexUrl: string }
  buildId: string
}): RenderContext {
  const { config, theme, assets } = options
  return {
    config,
    theme,
    assets,
    site: createSiteData({
      config,
      sidebarUrls: options.sidebarUrls,
      search: options.search,
      buildId: options.buildId,
    }),
    headTags: configHeadTags(config),
  }
}

/** A page's two output files: its HTML document and its page-data JSON. */
export function renderPageFiles(
  context: RenderContext,
  page: PageData,
  sidebar: Sidebar | null,
): { html: { path: string; content: string }; data: { path: string; content: string } } {
  return {
    html: { path: pageHtmlFile(page), content: renderPageHtml(context, page, sidebar) },
    data: { path: dataFileOf(page.path), content: jsonForScript(page) },
  }
}

/** The HTML document of one page. */
export function renderPageHtml(
  context: RenderContext,
  page: PageData,
  sidebar: Sidebar | null,
): string {
  return renderDocument({
    route: { site: context.site, page, sidebar },
    theme: context.theme,
    config: context.config,
    assets: context.assets,
    headTags: context.headTags,
  })
}

/** Output file of a page's document: `404.html` for the not-found page. */
export function pageHtmlFile(page: PageData): string {
  return page.layout === 'not-found' ? '404.html' : htmlFileOf(page.path)
}

/**
 * The JSON file of a sidebar, fetched once by the client and shared by its pages. Content-hashed
 * for `ssg build` (cached for good); a stable name for `ssg serve` (pages need not change when
 * only a sidebar does).
 */
export function sidebarFile(
  sidebar: Sidebar,
  options: { hashed: boolean },
): { path: string; content: string } {
  const json = JSON.stringify(sidebar)
  return {
    path: options.hashed
      ? `_ssg/sidebars/${sidebar.id}.${hash(json).slice(0, 10)}.json`
      : `_ssg/sidebars/${sidebar.id}.json`,
    content: json,
  }
}

/** The two search files of the site, or null when search is off. */
export function searchIndexFiles(state: SiteState, now: () => Date): SearchIndexFiles | null {
  if (!state.config.search.enabled) return null
  return buildSearchIndex({ pages: searchPages(state), now })
}

/** The pages search indexes: those that do not opt out and that compiled. */
export function searchPages(state: SiteState): SearchPage[] {
  return state.pages
    .map((page, i) => ({ page, data: state.pageData[i]! }))
    .filter(({ page }) => page.frontMatter.search !== false && !page.failed)
    .map(({ page, data }) => ({
      path: page.route,
      title: page.title,
      breadcrumbs: data.breadcrumbs.map((b) => b.label),
      sections: page.sections,
    }))
}

/** The not-found page's data (rendered to `404.html`). */
export function notFoundPage(): PageData {
  return {
    path: '/404',
    title: 'Page not found',
    description: 'We could not find what you were looking for.',
    layout: 'not-found',
    html: '',
    toc: [],
    hideTableOfContents: true,
    sidebarId: null,
    breadcrumbs: [],
    prev: null,
    next: null,
    lastUpdated: null,
    editUrl: null,
    hero: null,
    cards: [],
    needsMermaid: false,
  }
}

/** Two files with one route: the first (in path order) wins; the build warns naming both. */
function dropDuplicateRoutes(pages: CompiledPage[], messages: BuildMessage[]): CompiledPage[] {
  const seen = new Map<string, CompiledPage>()
  const kept: CompiledPage[] = []
  for (const page of pages) {
    const other = seen.get(page.route)
    if (other) {
      messages.push({
        file: page.file,
        line: 1,
        column: 1,
        severity: 'warning',
        message: `Duplicate route \`${page.route}\`: \`${other.file}\` has it already, this file is skipped; change one file's name or \`slug\``,
        ruleId: 'duplicate-route',
      })
      continue
    }
    seen.set(page.route, page)
    kept.push(page)
  }
  return kept
}

function checkRedirects(options: {
  config: ResolvedConfig
  redirects: Array<{ from: string; to: string }>
  pages: CompiledPage[]
  messages: BuildMessage[]
}) {
  const routes = new Set(options.pages.map((p) => p.route))
  const file = options.config.configFile
    ? path.relative(options.config.root, options.config.configFile)
    : 'ssg.config.ts'
  options.redirects.forEach((r, i) => {
    if (routes.has(r.from))
      options.messages.push({
        file,
        severity: 'warning',
        message: `redirects: \`${r.from}\` is also a page; the redirect is skipped`,
        ruleId: 'duplicate-route',
      })
    if (!r.to.startsWith('/')) return
    const target = r.to.split('#')[0]!
    const resolved = routes.has(target) ? target : routes.has(target + '/') ? target + '/' : null
    if (!resolved)
      options.messages.push({
        file,
        severity: 'error',
        message: `redirects[${i}]: the target \`${r.to}\` of \`${r.from}\` is not a page of the site`,
        ruleId: 'missing-page',
      })
    else r.to = resolved + r.to.slice(target.length)
  })
  options.redirects.splice(
    0,
    options.redirects.length,
    ...options.redirects.filter((r) => !routes.has(r.from)),
  )
}
