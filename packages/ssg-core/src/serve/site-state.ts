import type { ResolvedConfig } from '../config/load-config.js'
import type { CompiledPage } from '../pipeline/compile-page.js'
import type { BuildMessage } from '../report/messages.js'
import { applySeverities } from '../report/severity.js'
import { compileSite, type SitePage } from '../site/compiled-site.js'
import { headKey } from '../site/page-head.js'
import { pageDataOf } from '../site/page-data.js'
import { createRouteTable, type RouteTable } from '../site/route-table.js'
import type { PageData, Sidebar } from '../theme/contract.js'

/**
 * The site as `ssg serve` holds it once every page is compiled: the route table and each page's
 * data, made the way `ssg build` makes them (`compileSite`).
 */
export interface SiteState {
  config: ResolvedConfig
  table: RouteTable
  /** The pages kept by the table, in its order. */
  pages: CompiledPage[]
  sidebars: Sidebar[]
  redirects: Array<{ from: string; to: string }>
  /** One per entry of `pages`, same order. */
  pageData: PageData[]
  messages: BuildMessage[]
  /** Index in `pages` of each page's file. */
  index: Map<string, number>
  /** What the state was made from. */
  options: SiteStateOptions
  /** Link messages by page file. */
  links: Map<string, BuildMessage[]>
}

export interface SiteStateOptions {
  config: ResolvedConfig
  /** Compiled pages in discovery order; never modified. */
  compiled: CompiledPage[]
  staticFiles: Set<string>
  lastUpdated: Map<string, string>
  /** Messages found before (discovery). */
  messages?: BuildMessage[]
}

/** Routes, sidebars, link check, redirects and page data: pure, in memory. */
export function createSiteState(options: SiteStateOptions): SiteState {
  const { config, compiled } = options
  const table = createRouteTable({ config, heads: compiled })
  const site = compileSite({
    config,
    table,
    compiled,
    staticFiles: options.staticFiles,
    lastUpdated: options.lastUpdated,
    messages: options.messages ?? [],
  })
  return stateOf(options, site.table, site.pages, site.messages, site.links)
}

function stateOf(
  options: SiteStateOptions,
  table: RouteTable,
  pages: SitePage[],
  messages: BuildMessage[],
  links: Map<string, BuildMessage[]>,
): SiteState {
  return {
    config: options.config,
    table,
    pages: pages.map((p) => p.page),
    sidebars: table.sidebars,
    redirects: table.redirects,
    pageData: pages.map((p) => p.data),
    messages,
    index: new Map(pages.map((p, i) => [p.page.file, i])),
    options,
    links,
  }
}

/**
 * The state after some pages were compiled again, when each keeps its head (route, title,
 * sidebar keys) and its anchors: the table and the other pages' data are unchanged, only the
 * edited pages' data and links are made again. Null otherwise (make a new state).
 */
export function updateSiteState(
  previous: SiteState,
  changed: CompiledPage[],
  lastUpdated: Map<string, string>,
): SiteState | null {
  const { table, options } = previous
  const compiled = options.compiled.slice()
  const positions = new Map(compiled.map((p, i) => [p.file, i]))
  for (const page of changed) {
    const at = positions.get(page.file)
    const before = at === undefined ? undefined : compiled[at]!
    if (
      !before ||
      !previous.index.has(page.file) ||
      headKey(before) !== headKey(page) ||
      before.anchors.join('\n') !== page.anchors.join('\n')
    )
      return null
    compiled[at!] = page
  }
  const next: SiteStateOptions = { ...options, compiled, lastUpdated }
  const byFile = new Map(compiled.map((p) => [p.file, p]))
  const pages = previous.pages.map((page, i) => ({ page, data: previous.pageData[i]! }))
  const links = new Map(previous.links)
  for (const page of changed) {
    const result = pageDataOf(page, table, {
      config: options.config,
      lastUpdated,
      staticFiles: options.staticFiles,
      anchorsOf: (target) => byFile.get(target.file)?.anchors,
    })
    pages[previous.index.get(page.file)!] = { page, data: result.data }
    if (result.messages.length) links.set(page.file, result.messages)
    else links.delete(page.file)
  }
  const messages = [...(options.messages ?? [])]
  for (const page of compiled) messages.push(...page.messages)
  messages.push(...table.messages.duplicates, ...table.messages.sidebars)
  for (const { page } of pages) messages.push(...(links.get(page.file) ?? []))
  messages.push(...table.messages.redirects)
  return stateOf(next, table, pages, applySeverities(messages, options.config.messages), links)
}
