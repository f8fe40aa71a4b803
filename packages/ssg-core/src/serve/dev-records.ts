import type { CompiledPage } from '../pipeline/compile-page.js'
import type { BuildMessage } from '../report/messages.js'
import { siteLinkOptions, type LinkCheckOptions } from '../pipeline/link-check.js'
import { headKey, headOf } from '../site/page-head.js'
import { checkPage, pageDataOf } from '../site/page-data.js'
import type { DevSite } from './dev-site.js'
import type { RouteRecord } from './invalidate.js'
import type { CompileReason } from './page-store.js'

/** A compiled page: its head may correct the table's; its links are checked. */
export function onCompiled(site: DevSite, page: CompiledPage, reason: CompileReason): void {
  const before = site.heads.get(page.file)
  site.heads.set(page.file, headOf(page))
  // Edits apply their own table changes (with reloads); a first compile that reads a title
  // otherwise than the front matter scan did corrects the table here.
  if (reason !== 'edit' && before && headKey(before) !== headKey(page)) site.correctTable()
  checkLinks(site, page)
  if (
    reason === 'background' &&
    (page.messages.length || site.links.get(page.file)?.messages.length)
  )
    site.onMessages?.()
}

/** The link check's options now (anchors of pages not compiled yet are unknown). */
function linkOptions(site: DevSite): LinkCheckOptions {
  return siteLinkOptions(site.config, {
    table: site.table,
    staticFiles: site.staticFiles,
    anchorsOf: (target) => site.store.get(target.file)?.anchors,
  })
}

/**
 * Checks a page's links against the table (anchors of pages not compiled yet wait) and the files
 * it uses beside the Markdown (`checkPage`, as `ssg build` does in `pageDataOf`).
 */
export function checkLinks(site: DevSite, page: CompiledPage): void {
  keepLinks(site, page, checkPage(page, linkOptions(site), site.assetLookup))
}

/** A page's link check, and whether the page has messages now. */
function keepLinks(
  site: DevSite,
  page: CompiledPage,
  links: { messages: BuildMessage[]; unchecked: boolean },
): void {
  site.links.set(page.file, { messages: links.messages, unchecked: links.unchecked })
  if (links.messages.length || page.messages.length) site.withMessages.add(page.file)
  site.messagesChanged()
}

/** Once every page is compiled: the anchors left unchecked are checked. */
export function afterBackground(site: DevSite): void {
  for (const [file, links] of site.links) {
    const page = links.unchecked ? site.store.get(file) : undefined
    if (page) checkLinks(site, page)
  }
  site.onMessages?.()
}

/** The record a route's output is made from, its page compiled first if need be. */
export async function recordOf(
  site: DevSite,
  route: string,
  priority: number,
): Promise<RouteRecord | null> {
  const head = site.table.byRoute.get(route)
  if (!head) return null
  const page = await site.store.ensure(site.requestOf(head.file), priority)
  return page && recordFor(site, page)
}

/** The record of a compiled page under the current table: its data made (`pageDataOf`). */
export function recordFor(site: DevSite, page: CompiledPage): RouteRecord {
  const { data, messages, unchecked } = pageDataOf(page, site.table, {
    ...linkOptions(site),
    config: site.config,
    lastUpdated: site.dates,
  })
  keepLinks(site, page, { messages, unchecked })
  const broken = site.hasErrors(page.file)
  return {
    route: page.route,
    file: page.file,
    page,
    data,
    sidebar: (data.sidebarId && site.routeTable.sidebarVersion(data.sidebarId)) || null,
    broken,
  }
}
