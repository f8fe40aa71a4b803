import path from 'node:path'
import type { ResolvedConfig } from '../config/load-config.js'
import { flattenSidebar, resolveSidebars } from '../pipeline/sidebars.js'
import type { BuildMessage } from '../report/messages.js'
import type { NavLink, Sidebar } from '../theme/contract.js'
import { headKey, headOf, type PageHead } from './page-head.js'

/** Where a route sits in its sidebar: what a page takes from the other pages. */
export interface Placement {
  sidebarId: string | null
  breadcrumbs: NavLink[]
  prev: NavLink | null
  next: NavLink | null
}

const NOWHERE: Placement = { sidebarId: null, breadcrumbs: [], prev: null, next: null }

/**
 * The site's routes before any Markdown is turned into HTML: the pages (one per route), the
 * sidebars, the redirects and each page's place in its sidebar, made from the pages' heads
 * (front matter and first heading). `ssg build` and `ssg serve` both make it, the same way.
 */
export interface RouteTable {
  /** Every page's head the table was made from (duplicates too, drafts left out), in discovery order. */
  heads: PageHead[]
  /** The drafts left out (`draft: true`, `ssg build` only), in discovery order. */
  drafts: PageHead[]
  /** The pages kept (the first file of a route wins), in discovery order. */
  pages: PageHead[]
  byRoute: Map<string, PageHead>
  byFile: Map<string, PageHead>
  /** Every route: the pages' and the redirects' old paths. */
  routes: Set<string>
  /** Old paths of the config's redirects (also those that are pages: their links are not checked). */
  redirectSources: Set<string>
  sidebars: Sidebar[]
  /** The redirects kept (not shadowed by a page), targets resolved to routes. */
  redirects: Array<{ from: string; to: string }>
  /** The table's own messages, by kind (the build reports them in this order, with others between). */
  messages: { duplicates: BuildMessage[]; sidebars: BuildMessage[]; redirects: BuildMessage[] }
  /** A page's place in its sidebar (none for pages outside the docs or with `sidebar: false`). */
  placementOf(page: PageHead): Placement
}

/**
 * Makes the route table from every page's head, in discovery order. `leaveOutDrafts` (`ssg
 * build`): pages with `draft: true` get no route (`ssg serve` shows them).
 */
export function createRouteTable(options: {
  config: ResolvedConfig
  heads: PageHead[]
  leaveOutDrafts?: boolean
}): RouteTable {
  const { config } = options
  const drafts = options.leaveOutDrafts ? options.heads.filter(isDraft) : []
  const heads = drafts.length ? options.heads.filter((head) => !isDraft(head)) : options.heads
  const duplicates: BuildMessage[] = []
  const pages = dropDuplicateRoutes(heads, duplicates)
  const sidebarMessages: BuildMessage[] = []
  const sidebars = resolveSidebars({ config, pages, messages: sidebarMessages, drafts })
  const configured = configRedirects(config)
  const routes = new Set([...pages.map((p) => p.route), ...configured.map((r) => r.from)])
  const redirectMessages: BuildMessage[] = []
  const redirects = checkRedirects({
    config,
    redirects: configured,
    pages,
    messages: redirectMessages,
  })
  const placement = placements(sidebars)
  return {
    heads,
    drafts,
    pages,
    byRoute: new Map(pages.map((p) => [p.route, p])),
    byFile: new Map(pages.map((p) => [p.file, p])),
    routes,
    redirectSources: new Set(configured.map((r) => r.from)),
    sidebars,
    redirects,
    messages: { duplicates, sidebars: sidebarMessages, redirects: redirectMessages },
    placementOf(page) {
      if (page.frontMatter.sidebar === false || page.kind !== 'docs') return NOWHERE
      return placement.get(page.route) ?? NOWHERE
    },
  }
}

/**
 * Whether a new head changes the table: its route, title, sidebar keys or layout differ from the
 * page's entry (or the page is new). Edits that keep all of these keep every other page's data.
 */
export function changesTable(table: RouteTable, head: PageHead): boolean {
  const known = table.byFile.get(head.file)
  return !known || headKey(known) !== headKey(head)
}

/**
 * The table made again from compiled pages when one of them disagrees with the head it was made
 * from (a title the heading scan read otherwise): the compile's reading wins. The same table
 * otherwise.
 */
export function reconcileRouteTable(
  table: RouteTable,
  config: ResolvedConfig,
  compiled: PageHead[],
): RouteTable {
  const same =
    compiled.length === table.heads.length &&
    compiled.every((page, i) => {
      const head = table.heads[i]!
      return head.file === page.file && headKey(head) === headKey(page)
    })
  return same
    ? table
    : createRouteTable({
        config,
        heads: [...compiled.map(headOf), ...table.drafts],
        leaveOutDrafts: table.drafts.length > 0,
      })
}

/** A page marked `draft: true`: left out of `ssg build`. */
export function isDraft(head: PageHead): boolean {
  return head.frontMatter.draft === true
}

/** Each sidebar entry's place: the first sidebar (in config order) holding a route wins. */
function placements(sidebars: Sidebar[]): Map<string, Placement> {
  const out = new Map<string, Placement>()
  for (const sidebar of sidebars) {
    const flat = flattenSidebar(sidebar.items)
    const link = (i: number): NavLink | null => {
      const entry = flat[i]
      return entry ? { label: entry.label, href: entry.href } : null
    }
    flat.forEach((entry, index) => {
      if (out.has(entry.href)) return
      out.set(entry.href, {
        sidebarId: sidebar.id,
        breadcrumbs: entry.trail.map((c) => ({
          label: c.label,
          href: c.type === 'category' ? (c.href ?? '') : c.href,
        })),
        prev: link(index - 1),
        next: link(index + 1),
      })
    })
  }
  return out
}

/** The config's redirects, one entry per old path. */
function configRedirects(config: ResolvedConfig): Array<{ from: string; to: string }> {
  return config.redirects.flatMap((r) =>
    (Array.isArray(r.from) ? r.from : [r.from]).map((from) => ({ from, to: r.to })),
  )
}

/** Two files with one route: the first (in path order) wins; the build warns naming both. */
function dropDuplicateRoutes(pages: PageHead[], messages: BuildMessage[]): PageHead[] {
  const seen = new Map<string, PageHead>()
  const kept: PageHead[] = []
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

/**
 * The redirects that stand: an old path that is also a page is skipped (a warning); a target
 * that is no page is an error; `/x` targets resolve to `/x/` when that is the page.
 */
function checkRedirects(options: {
  config: ResolvedConfig
  redirects: Array<{ from: string; to: string }>
  pages: PageHead[]
  messages: BuildMessage[]
}): Array<{ from: string; to: string }> {
  const routes = new Set(options.pages.map((p) => p.route))
  const file = options.config.configFile
    ? path.relative(options.config.root, options.config.configFile)
    : 'ssg.config.ts'
  const out: Array<{ from: string; to: string }> = []
  options.redirects.forEach((r, i) => {
    if (routes.has(r.from))
      options.messages.push({
        file,
        severity: 'warning',
        message: `redirects: \`${r.from}\` is also a page; the redirect is skipped`,
        ruleId: 'duplicate-route',
      })
    let to = r.to
    if (to.startsWith('/')) {
      const target = to.split('#')[0]!
      const resolved = routes.has(target) ? target : routes.has(target + '/') ? target + '/' : null
      if (!resolved)
        options.messages.push({
          file,
          severity: 'error',
          message: `redirects[${i}]: the target \`${r.to}\` of \`${r.from}\` is not a page of the site`,
          ruleId: 'missing-page',
        })
      else to = resolved + to.slice(target.length)
    }
    if (!routes.has(r.from)) out.push({ from: r.from, to })
  })
  return out
}
