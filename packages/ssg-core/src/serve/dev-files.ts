import path from 'node:path'
import { assetSourceOf } from '../pipeline/assets.js'
import { notFoundPage, searchPages } from '../pipeline/render-context.js'
import { tableFileContent } from '../site/site-files.js'
import { jsonForScript } from '../util/html.js'
import { errorDocument, renderRecord } from './dev-render.js'
import { recordOf } from './dev-records.js'
import type { DevSite } from './dev-site.js'
import { PRIORITY } from './page-store.js'
import { diskSource, type FileSource } from './static-server.js'

/**
 * The files of a `DevSite` by site-relative path: generated ones from memory
 * (`generatedFile`), else a file beside the Markdown (read at each request: an edited image is
 * served as it is now; the paths `ssg build` copies them to), else `static/` from disk.
 */
export function siteFileSource(site: DevSite, root: string): FileSource {
  const staticSource = diskSource(path.join(path.resolve(root), 'static'))
  const siteSource = diskSource(path.resolve(root))
  return async (relative) => {
    const body = await generatedFile(site, relative)
    if (body !== null) return { path: relative, body }
    const source = assetSourceOf(relative, site.config.docs.basePath)
    const asset = source === null ? null : await siteSource(source)
    return asset ?? staticSource(relative)
  }
}

/** Compiles a page's record unless the outputs have it (another request may make it meanwhile). */
async function pageRecord(site: DevSite, route: string, priority: number): Promise<void> {
  if (site.outputs.has(route)) return
  const record = await recordOf(site, route, priority)
  if (record && !site.outputs.has(route)) site.outputs.apply([record], false)
}

/**
 * A generated file of `ssg serve` by site-relative path (the site's file map, `SiteFiles`, says
 * what is at the path), made when asked for: a page's document or data compiles the page first
 * if need be; null when the map has nothing there (or a file of `static/`, read from disk).
 */
export async function generatedFile(
  site: DevSite,
  relative: string,
): Promise<string | Uint8Array | null> {
  const runtime = site.themeRuntime
  if (relative.startsWith('_ssg/assets/')) {
    await runtime.ready()
    return runtime.asset(relative) ?? null
  }
  const file = site.files.find(relative)
  if (!file) return null
  switch (file.kind) {
    case 'page': {
      if (file.format === 'data') {
        await pageRecord(site, file.route, PRIORITY.data)
        return site.outputs.json(file.route)
      }
      const served = site.pageAsked()
      try {
        const started = performance.now()
        await pageRecord(site, file.route, PRIORITY.document)
        const compiled = performance.now()
        await Promise.all([runtime.ready(), site.dates.ready])
        const ready = performance.now()
        const html = site.outputs.html(file.route, (record) => renderRecord(site, record))
        if (process.env.SSG_TRACE)
          console.error(
            `ssg: ${file.route}: page ${Math.round(compiled - started)} ms, bundle and dates ${Math.round(ready - compiled)} ms, render ${Math.round(performance.now() - ready)} ms; asked at ${Math.round(started)} ms after the process started`,
          )
        return html
      } finally {
        served()
      }
    }
    case 'not-found':
      if (file.format === 'data') return jsonForScript(notFoundPage())
      await runtime.ready()
      return site.notFoundDocument()
    case 'sidebar':
      return site.routeTable.sidebarJson(file.id)
    case 'search':
      return site.search.file(relative)
    case 'build-info':
      return site.buildInfo()
    case 'static':
      return null // from disk
    case 'markdown':
    case 'llms': {
      // A twin needs its page compiled; the llms files need every page (titles, descriptions).
      const head = file.kind === 'markdown' ? site.table.byRoute.get(file.route) : undefined
      const heads = head ? [head] : file.kind === 'llms' ? site.table.pages : []
      await Promise.all(heads.map((h) => site.store.ensure(site.requestOf(h.file), PRIORITY.data)))
      // Loaded when asked for: the Markdown writer is not part of the server thread's start.
      const { markdownFileContent } = await import('../pipeline/markdown-output.js')
      return markdownFileContent(file, {
        config: site.config,
        table: site.table,
        staticFiles: site.staticFiles,
        pageOf: (page) => site.store.get(page.file),
      })
    }
    default:
      return tableFileContent(file, {
        config: site.config,
        table: site.table,
        lastUpdated: site.dates,
      })
  }
}

/** The not-found page's document; an error document when the theme cannot render it. */
export function renderNotFound(site: DevSite): string {
  try {
    return site.themeRuntime.render(notFoundPage(), null)
  } catch (error) {
    return errorDocument(site.theme.serverEntry, error)
  }
}

/** What the search index is made from now: the table's pages that are compiled. */
export function siteSearchPages(site: DevSite) {
  const pages = []
  for (const head of site.table.pages) {
    const page = site.store.get(head.file)
    if (!page) continue
    pages.push({ page, data: { breadcrumbs: site.table.placementOf(head).breadcrumbs } })
  }
  return searchPages(pages)
}
