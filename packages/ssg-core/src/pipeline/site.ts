import path from 'node:path'
import { buildSearchIndex, type SearchIndexFiles, type SearchPage } from '@ssg/search-indexer'
import type { ResolvedConfig } from '../config/load-config.js'
import type { BuildMessage } from '../report/messages.js'
import { applySeverities } from '../report/severity.js'
import type { HeadTag, PageData, Sidebar, SiteData, ThemeServerModule } from '../theme/contract.js'
import { notFoundPageData } from '../theme/contract.js'
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
 * computes it once; `ssg serve` recomputes it after each change (it is cheap: no Markdown work),
 * or updates it (`updateSiteState`) when an edit keeps every route, sidebar entry and anchor.
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
  /** What the state was made from, by stage (for `updateSiteState`). */
  parts: SiteStateParts
}

export interface SiteStateParts {
  options: SiteStateOptions
  /** Index in `pages` of each kept page's file. */
  index: Map<string, number>
  /** Index in `options.compiled` of each file. */
  positions: Map<string, number>
  /**
   * Pages by route and by file, for the link check: what it reads of them (route, anchors) is
   * what an update keeps, so an update looks the previous pages up.
   */
  lookup: { byRoute: Map<string, CompiledPage>; byFile: Map<string, CompiledPage> }
  routes: Set<string>
  duplicates: BuildMessage[]
  sidebars: BuildMessage[]
  /** Link-check messages by page file. */
  links: Map<string, BuildMessage[]>
  redirects: BuildMessage[]
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
  const duplicates: BuildMessage[] = []
  // Copies: the link check rewrites `html`, and `ssg serve` keeps the originals across changes.
  const pages = dropDuplicateRoutes(
    options.compiled.map((page) => ({ ...page })),
    duplicates,
  )
  const sidebarMessages: BuildMessage[] = []
  const sidebars = resolveSidebars({ config, pages, messages: sidebarMessages })
  const redirects = configRedirects(config)
  const routes = new Set([...pages.map((p) => p.route), ...redirects.map((r) => r.from)])
  const lookup = {
    byRoute: new Map(pages.map((p) => [p.route, p])),
    byFile: new Map(pages.map((p) => [p.file, p])),
  }
  const links = byFile(
    checkLinks({
      pages,
      lookup,
      routes,
      redirects: new Set(redirects.map((r) => r.from)),
      baseUrl: config.baseUrl,
      staticFiles: options.staticFiles,
    }),
  )
  const redirectMessages: BuildMessage[] = []
  checkRedirects({ config, redirects, pages, messages: redirectMessages })
  const pageData = createPageData({ config, pages, sidebars, lastUpdated: options.lastUpdated })
  const parts: SiteStateParts = {
    options,
    index: new Map(pages.map((page, i) => [page.file, i])),
    positions: new Map(options.compiled.map((page, i) => [page.file, i])),
    lookup,
    routes,
    duplicates,
    sidebars: sidebarMessages,
    links,
    redirects: redirectMessages,
  }
  return {
    config,
    pages,
    sidebars,
    redirects,
    pageData,
    messages: allMessages(pages, parts),
    parts,
  }
}

/**
 * The state after some pages were compiled again, without recomputing the rest: when each edited
 * page keeps its route, its sidebar entry (see `sidebarInputs`) and its heading anchors, the
 * sidebars, the other pages' data and their links are unchanged; only the edited pages' links
 * are checked and their data made again. Returns null otherwise (call `createSiteState`).
 * Same result as `createSiteState` with the new pages (tested).
 */
export function updateSiteState(
  previous: SiteState,
  changed: CompiledPage[],
  lastUpdated: Map<string, string>,
): SiteState | null {
  const { parts } = previous
  const compiled = parts.options.compiled.slice()
  const pages = previous.pages.slice()
  const pageData = previous.pageData.slice()
  const positions = parts.positions
  const edited: Array<{ index: number; page: CompiledPage }> = []
  const compiledBefore: CompiledPage[] = []
  for (const page of changed) {
    const index = parts.index.get(page.file)
    const position = positions.get(page.file)
    if (index === undefined || position === undefined) return null
    const before = compiled[position]!
    if (
      sidebarInputs(before) !== sidebarInputs(page) ||
      before.anchors.join('\n') !== page.anchors.join('\n')
    )
      return null
    compiledBefore.push(before)
    compiled[position] = page
    pages[index] = { ...page }
    edited.push({ index, page: pages[index]! })
  }
  const { config } = previous
  const links = new Map(parts.links)
  for (const file of changed.map((p) => p.file)) links.delete(file)
  const checked = byFile(
    checkLinks({
      pages,
      lookup: parts.lookup,
      check: edited.map((e) => e.page),
      routes: parts.routes,
      redirects: new Set(previous.redirects.map((r) => r.from)),
      baseUrl: config.baseUrl,
      staticFiles: parts.options.staticFiles,
    }),
  )
  for (const [file, messages] of checked) links.set(file, messages)
  // Same sidebars, same sidebar entry: the placement is the previous one (not searched again).
  const data = createPageData({
    config,
    pages: edited.map((e) => e.page),
    sidebars: [],
    lastUpdated,
  })
  edited.forEach((e, i) => {
    const place = previous.pageData[e.index]!
    pageData[e.index] = {
      ...data[i]!,
      sidebarId: place.sidebarId,
      breadcrumbs: place.breadcrumbs,
      prev: place.prev,
      next: place.next,
    }
  })
  const nextParts: SiteStateParts = {
    ...parts,
    options: { ...parts.options, compiled, lastUpdated },
    links,
  }
  // Usually an edit has no messages, before or after: the list stays as it was.
  const quiet = changed.every(
    (page, i) =>
      page.messages.length === 0 &&
      !checked.has(page.file) &&
      !parts.links.has(page.file) &&
      compiledBefore[i]!.messages.length === 0,
  )
  return {
    config,
    pages,
    sidebars: previous.sidebars,
    redirects: previous.redirects,
    pageData,
    messages: quiet ? previous.messages : allMessages(pages, nextParts),
    parts: nextParts,
  }
}

/**
 * What the sidebars take from a page: an edit that keeps these keeps every sidebar, and with
 * them every other page's breadcrumbs and previous/next links.
 */
export function sidebarInputs(page: CompiledPage): string {
  const fm = page.frontMatter
  return JSON.stringify([
    page.kind,
    page.id,
    page.dir,
    page.route,
    page.title,
    fm.sidebar_label,
    fm.sidebar_position,
    fm.sidebar,
  ])
}

/** The messages in the order `ssg build` reports them. */
function allMessages(pages: CompiledPage[], parts: SiteStateParts): BuildMessage[] {
  const messages = [...(parts.options.messages ?? [])]
  for (const page of parts.options.compiled)
    if (page.messages.length) for (const m of page.messages) messages.push(m)
  messages.push(...parts.duplicates, ...parts.sidebars)
  if (parts.links.size)
    for (const page of pages) {
      const links = parts.links.get(page.file)
      if (links) for (const m of links) messages.push(m)
    }
  messages.push(...parts.redirects)
  return applySeverities(messages, parts.options.config.messages)
}

function byFile(messages: BuildMessage[]): Map<string, BuildMessage[]> {
  const out = new Map<string, BuildMessage[]>()
  for (const message of messages) {
    const list = out.get(message.file)
    if (list) list.push(message)
    else out.set(message.file, [message])
  }
  return out
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
      ...(page.description ? { description: page.description } : {}),
      ...(page.frontMatter.keywords ? { keywords: page.frontMatter.keywords } : {}),
    }))
}

/** The not-found page's data (rendered to `404.html`). */
export function notFoundPage(): PageData {
  return notFoundPageData({
    path: '/404',
    description: 'We could not find what you were looking for.',
  })
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
