import type { ResolvedConfig } from '../config/load-config.js'
import type { CompiledPage } from '../pipeline/compile-page.js'
import type { BuildMessage } from '../report/messages.js'
import { applySeverities } from '../report/severity.js'
import type { PageData } from '../theme/contract.js'
import { pageDataOf } from './page-data.js'
import { AssetLookup, type AssetFiles } from '../pipeline/assets.js'
import { reconcileRouteTable, type RouteTable } from './route-table.js'
import type { PageRecord } from '../pipeline/page-records.js'
import { shareHtml } from '../pipeline/packed-html.js'

/**
 * A page of the site with its data, or a page the build leaves alone: what the previous build
 * made of it (its record) stands.
 */
export type SitePage =
  | { page: CompiledPage; data: PageData; assets: AssetFiles; record?: undefined }
  | { page?: undefined; data?: undefined; record: PageRecord; file: string }

/** A page as the build has it: compiled, or only its record (`SitePage`). */
export type BuildPage = CompiledPage | { file: string; record: PageRecord }

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
  /** Every source's compiled page (or record of a page left alone), in discovery order. */
  compiled: BuildPage[]
  staticFiles: Set<string>
  lastUpdated: Pick<ReadonlyMap<string, string>, 'get'>
  messages: BuildMessage[]
}): CompiledSite {
  const { config, compiled } = options
  const table = reconcileRouteTable(
    options.table,
    config,
    compiled.map((page) => ('record' in page ? page.record.head : page)),
  )
  const byFile = new Map(compiled.map((page) => [page.file, page]))
  const anchorsOf = (file: string) => {
    const page = byFile.get(file)
    return page && ('record' in page ? page.record.anchors : page.anchors)
  }
  const links = new Map<string, BuildMessage[]>()
  const assets: AssetFiles = new Map()
  const assetLookup = new AssetLookup(config.root)
  const pages = table.pages.map((head): SitePage => {
    const page = byFile.get(head.file)!
    if ('record' in page) {
      for (const [output, source] of page.record.assets) assets.set(output, source)
      if (page.record.links.length) links.set(page.file, page.record.links)
      return { record: page.record, file: page.file }
    }
    const result = pageDataOf(page, table, {
      config,
      lastUpdated: options.lastUpdated,
      staticFiles: options.staticFiles,
      anchorsOf: (target) => anchorsOf(target.file),
      assetLookup,
    })
    // One copy of the HTML for the page and its data (held as bytes until rendered).
    shareHtml(result.data, page)
    for (const [output, source] of result.assets) assets.set(output, source)
    if (result.messages.length) links.set(page.file, result.messages)
    return { page, data: result.data, assets: result.assets }
  })
  const messages = [...options.messages]
  for (const page of compiled) {
    const own = 'record' in page ? page.record.messages : page.messages
    if (own.length) messages.push(...own)
  }
  messages.push(
    ...table.messages.duplicates,
    ...table.messages.sidebars,
    ...[...links.values()].flat(),
    ...table.messages.redirects,
  )
  return { table, pages, messages: applySeverities(messages, config.messages), links, assets }
}
