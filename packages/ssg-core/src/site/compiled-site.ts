import type { ResolvedConfig } from '../config/load-config.js'
import type { CompiledPage } from '../pipeline/compile-page.js'
import type { BuildMessage } from '../report/messages.js'
import { applySeverities } from '../report/severity.js'
import type { PageData } from '../theme/contract.js'
import { pageDataOf } from './page-data.js'
import { AssetLookup, type AssetFiles } from '../pipeline/assets.js'
import { reconcileRouteTable, type RouteTable } from './route-table.js'

/** A page of the site with its data. */
export interface SitePage {
  page: CompiledPage
  data: PageData
}

/** Every page of a site compiled: what `ssg build` renders and indexes. */
export interface CompiledSite {
  /** The route table (made again if a compiled page disagreed with its head). */
  table: RouteTable
  /** The pages kept by the table, in its order, with their data. */
  pages: SitePage[]
  /**
   * Every message, in the order the build reports them: the ones passed in (discovery), the
   * pages' own, duplicates, sidebars, links (by page), redirects; severities as the config's
   * `messages` sets them.
   */
  messages: BuildMessage[]
  /** The link check's messages of each page, by file (pages without any left out). */
  links: Map<string, BuildMessage[]>
  /** The files beside the Markdown that pages use (images, downloads): output path -> source. */
  assets: AssetFiles
}

/** The data of every page once all are compiled (`pageDataOf` for each page of the table). */
export function compileSite(options: {
  config: ResolvedConfig
  table: RouteTable
  /** Every source's compiled page, in discovery order. */
  compiled: CompiledPage[]
  staticFiles: Set<string>
  lastUpdated: Pick<ReadonlyMap<string, string>, 'get'>
  messages: BuildMessage[]
}): CompiledSite {
  const { config, compiled } = options
  const table = reconcileRouteTable(options.table, config, compiled)
  const byFile = new Map(compiled.map((page) => [page.file, page]))
  const links = new Map<string, BuildMessage[]>()
  const assets: AssetFiles = new Map()
  const assetLookup = new AssetLookup(config.root)
  const pages = table.pages.map((head): SitePage => {
    const page = byFile.get(head.file)!
    const result = pageDataOf(page, table, {
      config,
      lastUpdated: options.lastUpdated,
      staticFiles: options.staticFiles,
      anchorsOf: (target) => byFile.get(target.file)?.anchors,
      assetLookup,
    })
    for (const [output, source] of result.assets) assets.set(output, source)
    if (result.messages.length) links.set(page.file, result.messages)
    return { page, data: result.data }
  })
  const messages = [...options.messages]
  for (const page of compiled) if (page.messages.length) messages.push(...page.messages)
  messages.push(
    ...table.messages.duplicates,
    ...table.messages.sidebars,
    ...[...links.values()].flat(),
    ...table.messages.redirects,
  )
  return { table, pages, messages: applySeverities(messages, config.messages), links, assets }
}
