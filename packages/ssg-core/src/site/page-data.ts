import type { ResolvedConfig } from '../config/load-config.js'
import type { CompiledPage } from '../pipeline/compile-page.js'
import { checkPageLinks, siteLinkOptions, type LinkCheckOptions } from '../pipeline/link-check.js'
import type { BuildMessage } from '../report/messages.js'
import { withBase, type PageData } from '../theme/contract.js'
import type { RouteTable } from './route-table.js'
import { encodeRoute, markdownFileOf } from '../pipeline/output-paths.js'
import { AssetLookup, checkAssets, type AssetFiles } from '../pipeline/assets.js'

export interface PageDataOptions {
  config: ResolvedConfig
  /** Last change time of each file (see `lastUpdatedTimes`). */
  lastUpdated: Pick<ReadonlyMap<string, string>, 'get'>
  /** Files under `static/` (site paths: links to them are fine). */
  staticFiles: Set<string>
  /** See `LinkCheckOptions.anchorsOf`. */
  anchorsOf: LinkCheckOptions['anchorsOf']
  /** Which site files exist (see `AssetLookup`). @default a new lookup */
  assetLookup?: AssetLookup
}

/** One route's data and what its link check found. */
export interface PageDataResult {
  data: PageData
  /** The page's link messages (its compile messages are the compiled page's). */
  messages: BuildMessage[]
  /** Some `#anchor` links could not be checked yet (their pages are not compiled). */
  unchecked: boolean
  /** The files beside the Markdown the page uses: output path -> absolute source. */
  assets: AssetFiles
}

/**
 * The data of one route: its compiled page, placed by the route table (sidebar, breadcrumbs,
 * previous/next), its links checked and rewritten against the table, its dates and edit link.
 * Made for one route at a time: `ssg serve` on request, `ssg build` for each page.
 */
export function pageDataOf(
  page: CompiledPage,
  table: RouteTable,
  options: PageDataOptions,
): PageDataResult {
  const { config } = options
  const checked = checkPage(
    page,
    siteLinkOptions(config, {
      table,
      staticFiles: options.staticFiles,
      anchorsOf: options.anchorsOf,
    }),
    options.assetLookup ?? new AssetLookup(config.root),
  )
  const layout = layoutOf(page)
  const place = table.placementOf(page)
  const hero = page.frontMatter.hero
  const data: PageData = {
    path: page.route,
    title: page.title,
    description: page.description,
    layout,
    html: checked.html,
    toc: page.toc,
    hideTableOfContents: page.frontMatter.hide_table_of_contents ?? false,
    sidebarId: place.sidebarId,
    breadcrumbs: place.breadcrumbs,
    prev: place.prev,
    next: place.next,
    lastUpdated: layout === 'doc' ? (options.lastUpdated.get(page.file) ?? null) : null,
    editUrl:
      config.docs.editUrl && page.kind === 'docs'
        ? config.docs.editUrl.replace(/\/?$/, '/') + page.file
        : null,
    hero: hero
      ? {
          title: hero.title,
          ...(hero.tagline ? { tagline: hero.tagline } : {}),
          actions: hero.actions.map((a) => ({
            label: a.label,
            href: a.href,
            ...(a.variant ? { variant: a.variant } : {}),
          })),
        }
      : null,
    cards: page.frontMatter.cards ?? [],
    needsMermaid: page.needsMermaid,
    markdownUrl: page.markdown
      ? withBase(config.baseUrl, encodeRoute('/' + markdownFileOf(page.route)))
      : null,
  }
  return { data, messages: checked.messages, unchecked: checked.unchecked, assets: checked.assets }
}

/**
 * One page's check against the site, the same in `ssg build` and `ssg serve`: its links against
 * the route table (rewritten in its HTML) and the files it uses beside the Markdown.
 */
export function checkPage(
  page: CompiledPage,
  links: LinkCheckOptions,
  assetLookup: AssetLookup,
): Omit<PageDataResult, 'data'> & { html: string } {
  const checked = checkPageLinks(page, links)
  const assets = checkAssets([page], assetLookup)
  return {
    html: checked.html,
    messages: [...checked.messages, ...assets.messages],
    unchecked: checked.unchecked,
    assets: assets.files,
  }
}

/** A page's layout as its data will have it (known from its head, before it is compiled). */
export function layoutOf(page: Pick<CompiledPage, 'frontMatter' | 'kind'>): PageData['layout'] {
  return page.frontMatter.layout ?? (page.kind === 'docs' ? 'doc' : 'page')
}
