import { buildSearchIndex } from '@ssg/search-indexer'
import { CONTRACT_VERSION, type PageData, type Sidebar } from '../theme/contract.js'
import { hash } from '../util/hash.js'
import { jsonForScript } from '../util/html.js'
import { CORE_VERSION } from '../version.js'
import { indexerFingerprint, themeFingerprint } from './module-fingerprint.js'
import type { OutputCache } from './output-cache.js'
import { dataFileOf } from './output-paths.js'
import {
  pageHtmlFile,
  renderPageHtml,
  searchPages,
  type RenderContext,
  type SiteState,
} from './site.js'

/** Pages rendered before their files are written and dropped. */
const RENDER_BATCH = 200

/** What a page's two files are made from, as hashes (see `pageKeys`). */
export interface PageKeys {
  /** Key of each page's HTML document, in the order of `pages`. */
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
    String(CONTRACT_VERSION),
    await themeFingerprint(options.theme),
    context.config.fingerprint,
    JSON.stringify({ ...context.site, buildId: '' }),
    JSON.stringify(context.assets),
    JSON.stringify(context.headTags),
  )
  const data = options.pages.map((page) => hash(jsonForScript(page)))
  const pageKeys = options.pages.map((page, i) =>
    hash(base, data[i]!, sidebarKey(options.sidebarOf(page))),
  )
  const buildId = hash(base, ...pageKeys)
  return { html: pageKeys.map((key) => hash(key, buildId)), data, buildId }
}

/**
 * Renders and writes each page's document and data file, in batches (holding every page's HTML
 * at once ran a 10,000-page site out of memory); a file whose key is unchanged is linked from the
 * previous build instead.
 */
export async function writePages(options: {
  context: RenderContext
  pages: PageData[]
  sidebarOf: (page: PageData) => Sidebar | null
  keys: PageKeys
  outputs: OutputCache
}): Promise<void> {
  const { context, pages, keys, outputs } = options
  for (let start = 0; start < pages.length; start += RENDER_BATCH) {
    const files: Array<{ path: string; content: string; key: string }> = []
    const batch = pages.slice(start, start + RENDER_BATCH)
    await Promise.all(
      batch.map(async (page, j) => {
        const i = start + j
        const htmlFile = pageHtmlFile(page)
        const dataFile = dataFileOf(page.path)
        const [html, data] = await Promise.all([
          outputs.reuse(htmlFile, keys.html[i]!),
          outputs.reuse(dataFile, keys.data[i]!),
        ])
        if (!html)
          files.push({
            path: htmlFile,
            content: renderPageHtml(context, page, options.sidebarOf(page)),
            key: keys.html[i]!,
          })
        if (!data) files.push({ path: dataFile, content: jsonForScript(page), key: keys.data[i]! })
      }),
    )
    await outputs.write(files)
  }
}

/**
 * Builds and writes the two search files (and their parts), or links them from the previous build
 * when the pages' searchable text is unchanged: the files keep their names (the timestamp of the
 * build that made them), so that unchanged pages, which carry the names, stay unchanged too.
 */
export async function writeSearchFiles(options: {
  state: SiteState
  now: () => Date
  outputs: OutputCache
}): Promise<{ docUrl: string; indexUrl: string }> {
  const { state, outputs } = options
  const baseUrl = state.config.baseUrl
  if (!state.config.search.enabled) return { docUrl: '', indexUrl: '' }
  const pages = searchPages(state)
  const key = hash(await indexerFingerprint(), JSON.stringify(pages))
  const previous = parseNote(outputs.previousNote('search'))
  let names: SearchNames
  if (
    previous?.key === key &&
    (await outputs.reuseAll(
      [previous.docFile, previous.indexFile, ...previous.parts].map((file) => ({ file, key })),
    ))
  )
    names = previous
  else {
    const files = buildSearchIndex({ pages, now: options.now })
    await outputs.write([
      { path: files.docFile, content: files.docJson, key },
      { path: files.indexFile, content: files.indexJson, key },
      ...files.parts.map((part) => ({ path: part.file, content: part.json, key })),
    ])
    names = {
      key,
      docFile: files.docFile,
      indexFile: files.indexFile,
      parts: files.parts.map((p) => p.file),
    }
  }
  outputs.note('search', JSON.stringify(names))
  return { docUrl: baseUrl + names.docFile, indexUrl: baseUrl + names.indexFile }
}

interface SearchNames {
  key: string
  docFile: string
  indexFile: string
  parts: string[]
}

function parseNote(note: string | undefined): SearchNames | null {
  if (!note) return null
  try {
    return JSON.parse(note) as SearchNames
  } catch {
    return null
  }
}
