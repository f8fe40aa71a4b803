import type { ResolvedConfig } from '../config/load-config.js'
import { resolveTwin } from '../markdown/markdown-twin.js'
import { LLMS_FULL_TXT, LLMS_TXT, wantsTwin } from '../markdown/twin-files.js'
import type { PageHead } from '../site/page-head.js'
import type { RouteTable } from '../site/route-table.js'
import type { SiteFile, SiteFiles } from '../site/site-files.js'
import { absoluteUrl as siteUrl, type Sidebar } from '../theme/contract.js'
import { hash } from '../util/hash.js'
import type { CompiledPage } from './compile-page.js'
import { linkRewrites, siteLinkOptions } from './link-check.js'
import { WriteBehind } from './write-behind.js'
import type { OutputCache } from './output-cache.js'
import type { FileRange, OutputContent } from './staging-writer.js'
import { encodeRoute, markdownFileOf } from './output-paths.js'
import { StaleRecordError } from './page-records.js'
import { flattenSidebar } from './sidebars.js'

/**
 * Markdown for machines (`markdownOutput` in the config): each page's twin with absolute links,
 * `llms.txt` and `llms-full.txt`. They are files of the site's map (`SiteFiles`): `ssg build`
 * writes them (`writeMarkdownFiles`), `ssg serve` makes the one asked for (`markdownFileContent`).
 */

export { LLMS_FULL_TXT, LLMS_TXT }

/** What the Markdown output is made from: the route table and the compiled pages. */
export interface MarkdownSite {
  config: ResolvedConfig
  table: RouteTable
  /** Files under `static/` (site paths): the link check leaves links to them as written. */
  staticFiles: Set<string>
  /** The compiled page of a page of the table, or undefined when it is not compiled. */
  pageOf: (head: PageHead) => CompiledPage | undefined
  /**
   * Twins made already (`ssg build` makes each twin once: for its file, then for
   * `llms-full.txt`).
   */
  twins?: Map<CompiledPage, string | null>
}

/**
 * A page's twin as served: `# Title`, the description, the body, every link absolute. A link to
 * a page of the site (`./x.md`, `/docs/x`, `#anchor`) goes to that page's twin (its `#hash`
 * kept), or to the page itself when it has none (`search: false`); other links point where the
 * page's HTML points them (the link check's rewrites; files beside the page at their output URL).
 * Null when the page has none.
 */
export function twinText(site: MarkdownSite, page: CompiledPage): string | null {
  if (!site.twins) return makeTwin(site, page)
  let text = site.twins.get(page)
  if (text === undefined) site.twins.set(page, (text = makeTwin(site, page)))
  return text
}

function makeTwin(site: MarkdownSite, page: CompiledPage): string | null {
  if (!page.markdown) return null
  const { config } = site
  const { rewrites, targets } = linkRewrites(
    page,
    siteLinkOptions(config, {
      table: site.table,
      staticFiles: site.staticFiles,
      anchorsOf: () => undefined,
    }),
  )
  const pageUrl = pageUrlOf(config, page.route)
  return resolveTwin(page.markdown, (url) => {
    const target = targets.get(url)
    const head = target && site.table.byRoute.get(target.route)
    // Whether the target has a twin is read from its front matter (as the site's file map does),
    // so that a twin is the same whether or not `ssg serve` has compiled the target yet.
    if (target && head && wantsTwin(head.frontMatter))
      return twinUrlOf(config, target.route) + (target.hash ? '#' + encodeURI(target.hash) : '')
    return absoluteUrl(config, pageUrl, rewrites.get(url) ?? url)
  })
}

/**
 * Where a link of a page points, as an absolute URL: `#x` on the page itself, `/docs/x` under
 * the site's URL and base URL (a path that has the base URL already keeps it), `./img.png` from
 * the page's URL (as the browser resolves it).
 */
export function absoluteUrl(config: ResolvedConfig, pageUrl: string, url: string): string {
  if (/^[a-z][a-z\d+.-]*:/i.test(url) || url.startsWith('//')) return url
  if (url.startsWith('#')) return pageUrl + url
  if (url.startsWith('/')) {
    const base = config.baseUrl
    return config.url + (base !== '/' && url.startsWith(base) ? url : base + url.slice(1))
  }
  try {
    return new URL(url, pageUrl).href
  } catch {
    return url
  }
}

function pageUrlOf(config: ResolvedConfig, route: string): string {
  return siteUrl(config, encodeRoute(route))
}

function twinUrlOf(config: ResolvedConfig, route: string): string {
  return siteUrl(config, encodeRoute('/' + markdownFileOf(route)))
}

/** The pages with a twin, by sidebar (in sidebar order), then the others (in route order). */
export function pagesBySidebar<P extends { route: string; markdown: unknown } = CompiledPage>(
  site: Pick<MarkdownSite, 'config' | 'table'> & { pageOf: (head: PageHead) => P | undefined },
): Array<{ title: string; pages: P[] }> {
  const byRoute = new Map<string, P>()
  for (const head of site.table.pages) {
    const page = site.pageOf(head)
    if (page?.markdown) byRoute.set(head.route, page)
  }
  const placed = new Set<P>()
  const groups = site.table.sidebars.map((sidebar) => {
    const pages: P[] = []
    for (const entry of flattenSidebar(sidebar.items)) {
      const page = byRoute.get(entry.href)
      if (page && !placed.has(page)) {
        placed.add(page)
        pages.push(page)
      }
    }
    return { title: sidebarTitle(site.config, sidebar), pages }
  })
  const others = [...byRoute.values()]
    .filter((page) => !placed.has(page))
    .sort((a, b) => (a.route < b.route ? -1 : a.route > b.route ? 1 : 0))
  return [...groups, { title: 'Other pages', pages: others }].filter((g) => g.pages.length)
}

/** A sidebar's name: the navbar item leading into it (`API`), else its id in words. */
function sidebarTitle(config: ResolvedConfig, sidebar: Sidebar): string {
  const trim = (href: string) => (href.length > 1 ? href.replace(/\/$/, '') : href)
  // Not flattened for a navbar of no items: a sidebar of 10,000 pages cost 15-30 ms a call.
  if (config.navbar.items.length) {
    const hrefs = new Set(flattenSidebar(sidebar.items).map((entry) => trim(entry.href)))
    const item = config.navbar.items.find((i) => hrefs.has(trim(i.href)))
    if (item) return item.label
  }
  const words = sidebar.id.replace(/[-_]+/g, ' ')
  return words.length <= 3 ? words.toUpperCase() : words[0]!.toUpperCase() + words.slice(1)
}

/** `# Title`, `> summary`: the head of `llms.txt` and `llms-full.txt`. */
function head(config: ResolvedConfig): string {
  const summary = config.markdownOutput.summary ?? config.tagline
  return `# ${inline(config.title)}\n` + (summary ? `\n> ${inline(summary)}\n` : '')
}

/** Text on one line of Markdown: no line breaks, no link brackets. */
function inline(text: string): string {
  return text.replace(/\s+/g, ' ').trim().replace(/[[\]]/g, '\\$&')
}

/**
 * `llms.txt` (llmstxt.org): the site's title and summary, a line on the twins, then one `## `
 * section per sidebar listing its pages in order, each as `- [Title](twin URL): description`.
 */
export function llmsTxt(
  site: Pick<MarkdownSite, 'config' | 'table'> & {
    pageOf: (head: PageHead) => LlmsPage | undefined
  },
): string {
  return llmsTxtOf(site.config, pagesBySidebar(site))
}

/** `llms.txt` of the pages with a twin, by sidebar (see `pagesBySidebar`). */
function llmsTxtOf(
  config: ResolvedConfig,
  groups: Array<{ title: string; pages: LlmsPage[] }>,
): string {
  const lines = [
    head(config),
    `Every page of this site has a Markdown version: the page's URL with \`.md\` added ` +
      `(\`index.md\` for a URL ending in \`/\`). The links below go to them. ` +
      `All pages in one file: [${LLMS_FULL_TXT}](${siteUrl(config, '/' + LLMS_FULL_TXT)}).`,
  ]
  for (const group of groups) {
    lines.push('', `## ${inline(group.title)}`, '')
    for (const page of group.pages) {
      const description = inline(page.description)
      lines.push(
        `- [${inline(page.title)}](${twinUrlOf(config, page.route)})` +
          (description ? `: ${description}` : ''),
      )
    }
  }
  return lines.join('\n') + '\n'
}

/** What `llms.txt` lists of a page. */
type LlmsPage = Pick<CompiledPage, 'route' | 'title' | 'description'> & { markdown: unknown }

/** `llms-full.txt`: the twins of every page in sidebar order, each with a `Source:` line. */
export function llmsFullTxt(site: MarkdownSite): string {
  const parts = [head(site.config)]
  for (const group of pagesBySidebar(site))
    for (const page of group.pages) parts.push(llmsFullPiece(site, page, twinText(site, page)!))
  return parts.join('')
}

/** A page's part of `llms-full.txt`: its twin with a `Source:` line after the title. */
function llmsFullPiece(site: MarkdownSite, page: { route: string }, text: string): string {
  const end = text.indexOf('\n')
  return (
    '\n' +
    text.slice(0, end) +
    `\n\nSource: ${pageUrlOf(site.config, page.route)}` +
    text.slice(end)
  )
}

/**
 * The content of a Markdown output file of the site's map (a twin, `llms.txt`,
 * `llms-full.txt`), or null for other kinds and for a page without a twin.
 */
export function markdownFileContent(file: SiteFile, site: MarkdownSite): string | null {
  if (file.kind === 'llms') return file.full ? llmsFullTxt(site) : llmsTxt(site)
  if (file.kind !== 'markdown') return null
  const head = site.table.byRoute.get(file.route)
  const page = head && site.pageOf(head)
  return page ? twinText(site, page) : null
}

/** What `writeMarkdownFiles` made of a page's twin: the file's key, its bytes in `llms-full.txt`. */
export interface TwinOutput {
  key: string
  full: [number, number] | null
}

/**
 * A page `ssg build` leaves alone (see `PageRecord`): its twin's key and bytes in the previous
 * `llms-full.txt`, what `llms.txt` lists of it.
 */
export interface KeptTwin extends LlmsPage {
  twin: TwinOutput | null
}

/**
 * `ssg build`: writes the map's twins, `llms.txt` and `llms-full.txt` (a file whose bytes are
 * those of the previous build is linked from it). A page left alone (`kept`) is not made again:
 * its twin is linked by its key, its part of `llms-full.txt` copied from the previous one.
 * Returns what was written and each page's twin (by source file). Throws `StaleRecordError` when
 * a kept page's twin or the previous `llms-full.txt` is not as the previous build left it.
 */
export async function writeMarkdownFiles(options: {
  files: SiteFiles
  site: MarkdownSite
  outputs: OutputCache
  kept?: (file: string) => KeptTwin | undefined
}): Promise<{ files: number; bytes: number; twins: Map<string, TwinOutput> }> {
  const { outputs } = options
  // Asked of each page three times (its twin, its part of `llms-full.txt`, its line of
  // `llms.txt`): made once.
  const keptOf = options.kept
  const keptTwins = new Map<string, KeptTwin | undefined>()
  const kept = (file: string): KeptTwin | undefined => {
    if (!keptOf) return undefined
    let twin = keptTwins.get(file)
    if (twin === undefined && !keptTwins.has(file)) keptTwins.set(file, (twin = keptOf(file)))
    return twin
  }
  const site: MarkdownSite = { ...options.site, twins: new Map() }
  const twins = new Map<string, TwinOutput>()
  let files = 0
  let bytes = 0
  let batch: Array<{ path: string; content: OutputContent; key: string }> = []
  // A batch is written while the next batch's twins are made (see `WriteBehind`).
  const behind = new WriteBehind(outputs)
  const add = async (path: string, content: string | Uint8Array, key: string) => {
    files++
    bytes += typeof content === 'string' ? Buffer.byteLength(content) : content.length
    if (!outputs.reuse(path, key)) batch.push({ path, content, key })
    if (batch.length >= WRITE_BATCH) {
      await behind.queue(batch)
      batch = []
    }
  }
  try {
    for (const file of options.files.ofKind('markdown')) {
      const head = site.table.byRoute.get(file.route)
      const old = head && kept(head.file)
      if (old) {
        if (!old.twin) continue
        files++
        if (!outputs.reuse(file.path, old.twin.key)) throw new StaleRecordError(file.path)
        twins.set(head.file, { key: old.twin.key, full: null })
        continue
      }
      const page = head && site.pageOf(head)
      const content = page ? twinText(site, page) : null
      if (content === null || !head) continue
      const key = hash(content)
      twins.set(head.file, { key, full: null })
      await add(file.path, content, key)
    }
    const llms = options.files.ofKind('llms')
    const { groups, sameForTxt } = llms.length
      ? llmsPages(site, kept)
      : { groups: [], sameForTxt: true }
    for (const file of llms) {
      if (!file.full) {
        // The pages of `llms-full.txt`, unless a kept page's record says otherwise of its twin.
        const content = sameForTxt
          ? llmsTxtOf(site.config, groups)
          : llmsTxt({ ...site, pageOf: (head) => kept(head.file) ?? site.pageOf(head) })
        await add(file.path, content, hash(content))
        continue
      }
      const full = llmsFullFile(site, groups, kept, twins, outputs)
      files++
      bytes += full.length
      if (!outputs.reuse(file.path, full.key))
        batch.push({ path: file.path, content: full.parts(), key: full.key })
    }
    await behind.queue(batch)
    await behind.flush()
  } catch (error) {
    // A kept page's twin not as the previous build left it: no write left running unwatched.
    await behind.settle()
    throw error
  }
  return { files, bytes, twins }
}

/** Pages of `llms.txt` or `llms-full.txt`, by sidebar (see `pagesBySidebar`). */
type LlmsGroups = Array<{ title: string; pages: Array<LlmsPage & { file: string }> }>

/**
 * The pages of `llms-full.txt` (see `pagesBySidebar`), kept or made; and whether they are those
 * of `llms.txt` too, which lists a kept page when its record says it has a twin (`markdown`), not
 * when its twin file is known (`twin`): the same pages when the two agree for every kept page.
 */
function llmsPages(
  site: MarkdownSite,
  kept: (file: string) => KeptTwin | undefined,
): { groups: LlmsGroups; sameForTxt: boolean } {
  let sameForTxt = true
  const groups = pagesBySidebar<LlmsPage & { file: string }>({
    ...site,
    pageOf: (head) => {
      const old = kept(head.file)
      if (old && !old.markdown !== !old.twin) sameForTxt = false
      if (old) return { ...old, markdown: old.twin, file: head.file }
      const page = site.pageOf(head)
      if (!page) return undefined
      // Not a spread: a page's HTML is held as bytes until rendered (see `packHtml`).
      const { route, title, description, markdown } = page
      return { route, title, description, markdown, file: head.file }
    },
  })
  return { groups, sameForTxt }
}

/**
 * `llms-full.txt` of pages made and pages kept (their parts read from the previous file), as
 * parts, and its key: what each part is made from (the page's URL and its twin's key), so that
 * neither its 41 MB at 10,000 pages are hashed nor, when the key is the previous build's, the
 * previous file read.
 */
function llmsFullFile(
  site: MarkdownSite,
  groups: LlmsGroups,
  kept: (file: string) => KeptTwin | undefined,
  twins: Map<string, TwinOutput>,
  outputs: OutputCache,
): { key: string; length: number; parts: () => Array<Buffer | FileRange> } {
  const first = Buffer.from(head(site.config))
  // Each page's part: bytes of the previous file (a kept page), or made now.
  const pieces: Array<[number, number] | Buffer> = []
  const keys: string[] = [first.toString('utf8')]
  let at = first.length
  for (const group of groups)
    for (const page of group.pages) {
      const old = kept(page.file)
      let piece: [number, number] | Buffer
      if (old) {
        const range = old.twin?.full
        if (!range) throw new StaleRecordError(LLMS_FULL_TXT)
        piece = range
        keys.push(pageUrlOf(site.config, page.route), old.twin!.key)
      } else {
        const compiled = site.pageOf(site.table.byRoute.get(page.route)!)!
        const text = twinText(site, compiled)!
        piece = Buffer.from(llmsFullPiece(site, page, text))
        keys.push(pageUrlOf(site.config, page.route), twins.get(page.file)?.key ?? hash(text))
      }
      pieces.push(piece)
      const length = piece instanceof Buffer ? piece.length : piece[1] - piece[0]
      const twin = twins.get(page.file)
      if (twin) twin.full = [at, at + length]
      at += length
    }
  const parts = () => {
    const previous = pieces.some((piece) => !(piece instanceof Buffer))
      ? outputs.previousFile(LLMS_FULL_TXT)
      : null
    const out: Array<Buffer | FileRange> = [first]
    // The previous file's bytes run on from one kept page to the next: one part (10,000 parts of
    // a few kilobytes cost 0.2-0.6 s to write at 10,000 pages).
    let run: FileRange | null = null
    const endRun = () => {
      if (run) out.push(run)
      run = null
    }
    for (const piece of pieces) {
      if (piece instanceof Buffer) {
        endRun()
        out.push(piece)
      } else if (!previous || piece[1] > previous.size) throw new StaleRecordError(LLMS_FULL_TXT)
      else if (run && run.end === piece[0]) run.end = piece[1]
      else {
        endRun()
        run = { file: previous.path, start: piece[0], end: piece[1] }
      }
    }
    endRun()
    return out
  }
  return { key: hash(keys.join('\0')), length: at, parts }
}

/** Twins made before their files are written. */
const WRITE_BATCH = 200
