import { CONTRACT_VERSION, type PageData, type Sidebar } from '../theme/contract.js'
import { HeapGuard } from '../util/heap-guard.js'
import { hash } from '../util/hash.js'
import { jsonForScript } from '../util/html.js'
import { CORE_VERSION } from '../version.js'
import { coreFingerprint, themeFingerprint } from './module-fingerprint.js'
import type { OutputCache } from './output-cache.js'
import { dataFileOf, htmlFileOf } from './output-paths.js'
import { StaleRecordError } from './page-records.js'
import { pageHtmlFile, renderPageHtml, type RenderContext } from './render-context.js'
import { WriteBehind } from './write-behind.js'
import { SidebarKeys } from './sidebar-keys.js'

/** Pages rendered before their files are written and dropped. */
const RENDER_BATCH = 200

/**
 * A page to write: its data, or the key of its data file and its sidebar for a page the build
 * leaves alone (see `PageRecord`: its files are linked from the previous build).
 */
export type PageToWrite = PageData | KeptPage

/** A page the build leaves alone. */
export interface KeptPage {
  path: string
  sidebarId: string | null
  dataKey: string
}

const isKept = (page: PageToWrite): page is KeptPage => 'dataKey' in page

/** What a page's two files are made from, as hashes (see `pageKeys`). */
export interface PageKeys {
  /** Key of each page's HTML document, in the order of `pages`. */
  html: string[]
  /** Key of each page's data file (its JSON), same order. */
  data: string[]
  /**
   * Hash of every page's key, of what all pages share and of `extra` (the search's main files):
   * it changes when any output page changes, and only then (see `BuildInfo`).
   */
  buildId: string
}

/**
 * The keys of the pages' files. A page's document is made from its data, its sidebar (the part
 * the theme shows, see `sidebarKeyOf`), the site data, the assets' URLs, the config, the theme's
 * server modules and this core; its data file from its data alone. Nothing per-build is in a page (see `BuildInfo`): a page whose key is
 * unchanged is the same bytes.
 */
export async function pageKeys(options: {
  context: RenderContext
  pages: PageToWrite[]
  sidebarOf: (page: PageToWrite) => Sidebar | null
  /** The theme's server modules (the theme's own, and the site's bundle of it if customised). */
  theme: { serverEntry: string; themeServerEntry: string }
  /**
   * Other values the build id is made from: the search's main files' names (they change with
   * any part, which they list).
   */
  extra: string[]
  /** The cache folder, where the sidebar keys are kept for the next build (null: none). */
  cacheDir?: string | null
}): Promise<PageKeys> {
  const { context } = options
  const base = hash(
    CORE_VERSION,
    await coreFingerprint(),
    String(CONTRACT_VERSION),
    await themeFingerprint(options.theme),
    context.config.fingerprint,
    JSON.stringify(context.site),
    JSON.stringify(context.assets),
    JSON.stringify(context.headTags),
  )
  const stored = SidebarKeys.open(options.cacheDir ?? null, base)
  const sidebarKey = sidebarKeyOf(context, stored)
  // The JSON without the script escapes (a function of it): the same key, for a fraction of the
  // time (a page's HTML is full of `<`).
  const data = options.pages.map((page) => (isKept(page) ? page.dataKey : dataKeyOf(page)))
  const html = options.pages.map((page, i) =>
    hash(base, data[i]!, sidebarKey(options.sidebarOf(page), page.path)),
  )
  const buildId = hash(base, ...options.extra, ...html)
  await stored.save()
  return { html, data, buildId }
}

/**
 * The key of what a page's document takes from its sidebar: the view the theme says the page
 * shows (`sidebarView` of its server entry), or the whole sidebar when the theme has no view or
 * the site replaces theme components (a replacement is handed the whole sidebar). A view's key
 * comes from `stored` while its sidebar is unchanged.
 */
function sidebarKeyOf(
  context: RenderContext,
  stored: SidebarKeys,
): (sidebar: Sidebar | null, path: string) => string {
  const view = context.config.theme.components.length ? undefined : context.theme.sidebarView
  if (view) return (sidebar, path) => (sidebar ? stored.keyOf(sidebar, path, view) : '')
  return (sidebar) => (sidebar ? stored.wholeOf(sidebar) : '')
}

/** The key of a page's data file. */
export function dataKeyOf(page: PageData): string {
  return hash(JSON.stringify(page))
}

/**
 * Renders and writes each page's document and data file, in batches (holding every page's HTML
 * at once ran a 10,000-page site out of memory). A file whose key is unchanged is linked from the
 * previous build instead.
 */
export async function writePages(options: {
  context: RenderContext
  pages: PageToWrite[]
  sidebarOf: (page: PageToWrite) => Sidebar | null
  keys: PageKeys
  outputs: OutputCache
  /** Told the pages done after each batch. */
  progress?: (done: number, total: number) => void
}): Promise<{ rendered: number }> {
  const { context, pages, keys, outputs } = options
  let rendered = 0
  // Started once a batch's worth of pages is rendered: its first check is a full collection (a
  // third of a second on the heap of a 10,000-page site), wasted when a few pages are rendered.
  let heap: HeapGuard | null = null
  // A batch's files are written while the next batch renders (see `WriteBehind`).
  const behind = new WriteBehind(outputs)
  try {
    for (let start = 0; start < pages.length; start += RENDER_BATCH) {
      heap?.check()
      // Each document and data file becomes its UTF-8 bytes as soon as it is made (the write would
      // encode it anyway): the bytes live outside V8's heap, and the string dies young. Held as
      // strings until the batch was written, a batch's documents (7 MB) survived every young
      // collection made while it rendered, and were copied each time: 2,000 pages, 109 young
      // collections took 29% of render + write.
      const files: Array<{ path: string; content: Uint8Array; key: string }> = []
      const batch = pages.slice(start, start + RENDER_BATCH)
      batch.forEach((page, j) => {
        const i = start + j
        const dataFile = dataFileOf(page.path)
        if (isKept(page)) {
          const htmlFile = htmlFileOf(page.path)
          if (!outputs.reuse(htmlFile, keys.html[i]!)) throw new StaleRecordError(htmlFile)
          if (!outputs.reuse(dataFile, keys.data[i]!)) throw new StaleRecordError(dataFile)
          return
        }
        const htmlFile = pageHtmlFile(page)
        if (!outputs.reuse(htmlFile, keys.html[i]!)) {
          rendered++
          const content = Buffer.from(renderPageHtml(context, page, options.sidebarOf(page)))
          files.push({ path: htmlFile, content, key: keys.html[i]! })
        }
        if (!outputs.reuse(dataFile, keys.data[i]!))
          files.push({
            path: dataFile,
            content: Buffer.from(jsonForScript(page)),
            key: keys.data[i]!,
          })
      })
      const done = start + batch.length
      await behind.queue(files, () => options.progress?.(done, pages.length))
      if (!heap && rendered >= RENDER_BATCH) heap = new HeapGuard()
    }
    await behind.flush()
  } catch (error) {
    // A failed render leaves no write running unwatched (nor its failure unhandled).
    await behind.settle()
    throw error
  }
  return { rendered }
}
