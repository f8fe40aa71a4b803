import { CONTRACT_VERSION, type PageData, type Sidebar } from '../theme/contract.js'
import { HeapGuard } from '../util/heap-guard.js'
import { hash } from '../util/hash.js'
import { jsonForScript } from '../util/html.js'
import { CORE_VERSION } from '../version.js'
import { coreFingerprint, themeFingerprint } from './module-fingerprint.js'
import type { OutputCache } from './output-cache.js'
import { dataFileOf } from './output-paths.js'
import { createSlots, fillSlots } from './slots.js'
import { pageHtmlFile, renderPageHtml, type RenderContext } from './render-context.js'

/** Pages rendered before their files are written and dropped. */
const RENDER_BATCH = 200

/** What a page's two files are made from, as hashes (see `pageKeys`). */
export interface PageKeys {
  /**
   * Key of each page's HTML document, in the order of `pages`, without the per-build values
   * (`slotValues`): a document with the same key differs at most in those.
   */
  html: string[]
  /** Key of each page's data file (its JSON), same order. */
  data: string[]
  /**
   * Hash of every page's key and of what all pages share: it changes when any output page
   * changes, and only then, so that an unchanged site builds to the same bytes.
   */
  buildId: string
}

/**
 * The keys of the pages' files. A page's document is made from its data, its sidebar, the site
 * data, the assets' URLs, the config, the theme's server modules and this core; its data file
 * from its data alone. `context.site.buildId` is left out (it is made from these keys).
 */
export async function pageKeys(options: {
  context: RenderContext
  pages: PageData[]
  sidebarOf: (page: PageData) => Sidebar | null
  /** The theme's server modules (the theme's own, and the site's bundle of it if customised). */
  theme: { serverEntry: string; themeServerEntry: string }
}): Promise<PageKeys> {
  const { context } = options
  const sidebarKeys = new Map<Sidebar, string>()
  const sidebarKey = (sidebar: Sidebar | null) => {
    if (!sidebar) return ''
    let key = sidebarKeys.get(sidebar)
    if (key === undefined) sidebarKeys.set(sidebar, (key = hash(JSON.stringify(sidebar))))
    return key
  }
  const base = hash(
    CORE_VERSION,
    await coreFingerprint(),
    String(CONTRACT_VERSION),
    await themeFingerprint(options.theme),
    context.config.fingerprint,
    // The slots' values are not part of a page's key; whether each is empty is.
    JSON.stringify(
      withSlotValues(
        context,
        slotValues(context).map((v) => (v ? 'slot' : '')),
      ),
    ),
    JSON.stringify(context.assets),
    JSON.stringify(context.headTags),
  )
  const data = options.pages.map((page) => hash(jsonForScript(page)))
  const html = options.pages.map((page, i) =>
    hash(base, data[i]!, sidebarKey(options.sidebarOf(page))),
  )
  const buildId = hash(base, ...slotValues(context).slice(1), ...html)
  return { html, data, buildId }
}

/** The per-build values every page carries: the build id, the search files' URLs. */
export function slotValues(context: RenderContext): string[] {
  const { site } = context
  return [site.buildId, site.search.docUrl, site.search.indexUrl]
}

/** `context.site` with other per-build values (same order as `slotValues`). */
function withSlotValues(context: RenderContext, values: string[]) {
  const [buildId, docUrl, indexUrl] = values as [string, string, string]
  return { ...context.site, buildId, search: { ...context.site.search, docUrl, indexUrl } }
}

/**
 * Renders and writes each page's document and data file, in batches (holding every page's HTML
 * at once ran a 10,000-page site out of memory). A file whose key is unchanged is linked from the
 * previous build instead; a document whose key is unchanged but whose per-build values changed
 * (a change elsewhere in the site) is its previous version with the new values.
 */
export async function writePages(options: {
  context: RenderContext
  pages: PageData[]
  sidebarOf: (page: PageData) => Sidebar | null
  keys: PageKeys
  outputs: OutputCache
  /** Told the pages done after each batch. */
  progress?: (done: number, total: number) => void
}): Promise<{ rendered: number }> {
  const { context, pages, keys, outputs } = options
  let rendered = 0
  const values = slotValues(context)
  const previous = parseJson<string[]>(outputs.previousNote('slot values'))
  const sameValues = JSON.stringify(previous) === JSON.stringify(values)
  outputs.note('slot values', JSON.stringify(values))
  // Empty values stay as they are: a theme may test them (search off).
  const slots = createSlots(values.length)
  const templateContext: RenderContext = {
    ...context,
    site: withSlotValues(
      context,
      values.map((v, i) => (v ? slots.tokens[i]! : '')),
    ),
  }
  const render = (page: PageData): { content: string; slots?: number[] } => {
    rendered++
    const template = renderPageHtml(templateContext, page, options.sidebarOf(page))
    const filled = fillSlots(template, slots, values)
    return filled
      ? { content: filled.text, slots: filled.positions }
      : { content: renderPageHtml(context, page, options.sidebarOf(page)) }
  }
  const heap = new HeapGuard()
  for (let start = 0; start < pages.length; start += RENDER_BATCH) {
    heap.check()
    const files: Array<{ path: string; content: string; key: string; slots?: number[] }> = []
    const batch = pages.slice(start, start + RENDER_BATCH)
    await Promise.all(
      batch.map(async (page, j) => {
        const i = start + j
        const htmlFile = pageHtmlFile(page)
        const dataFile = dataFileOf(page.path)
        const htmlKey = keys.html[i]!
        const [html, data] = await Promise.all([
          sameValues
            ? outputs.reuse(htmlFile, htmlKey)
            : previous && outputs.refill(htmlFile, htmlKey, { previous, next: values }),
          outputs.reuse(dataFile, keys.data[i]!),
        ])
        if (!html) files.push({ path: htmlFile, key: htmlKey, ...render(page) })
        if (!data) files.push({ path: dataFile, content: jsonForScript(page), key: keys.data[i]! })
      }),
    )
    await outputs.write(files)
    options.progress?.(start + batch.length, pages.length)
  }
  return { rendered }
}

export function parseJson<T>(note: string | undefined): T | null {
  if (!note) return null
  try {
    return JSON.parse(note) as T
  } catch {
    return null
  }
}
