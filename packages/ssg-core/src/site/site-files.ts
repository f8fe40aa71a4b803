import type { ResolvedConfig } from '../config/load-config.js'
import { redirectPage, robotsTxt, sitemapXml } from '../pipeline/extras.js'
import { dataFileOf, htmlFileOf, markdownFileOf } from '../pipeline/output-paths.js'
import { LLMS_FULL_TXT, LLMS_TXT, wantsTwin } from '../markdown/twin-files.js'
import type { Sidebar } from '../theme/contract.js'
import { layoutOf } from './page-data.js'
import type { RouteTable } from './route-table.js'
import { BUILD_INFO_FILE } from './build-info.js'

/**
 * One file of a site's output, by site-relative path (`docs/x.html`, no leading slash). The
 * build writes every file of the map; the dev server answers a request with the file the map
 * has at its path, made on demand. A new kind of output file is added here, for both.
 */
export type SiteFile =
  /** A page's document (`html`) or its page data for client navigation (`data`). */
  | { kind: 'page'; path: string; route: string; format: 'html' | 'data' }
  /** The not-found page: `404.html` and its data. */
  | { kind: 'not-found'; path: string; format: 'html' | 'data' }
  | { kind: 'sidebar'; path: string; id: string }
  /** The search index's files: the two main files and their parts. */
  | { kind: 'search'; path: string }
  | { kind: 'redirect'; path: string; from: string; to: string }
  | { kind: 'sitemap'; path: string }
  | { kind: 'robots'; path: string }
  /** A file under `static/`, copied as it is (`source`: its site path, `/img/logo.svg`). */
  | { kind: 'static'; path: string; source: string }
  /** A page's Markdown twin (`docs/x.md`, see `markdownOutput`). */
  | { kind: 'markdown'; path: string; route: string }
  /** `llms.txt`, or `llms-full.txt` (`full`). */
  | { kind: 'llms'; path: string; full: boolean }
  /** `_ssg/build.json`: the build id and the search files' URLs (see `BuildInfo`). */
  | { kind: 'build-info'; path: string }

export interface SiteFilesOptions {
  table: RouteTable
  /**
   * The search files, or null when search is off. `parts` unknown (`ssg serve` names them once
   * the index exists): any `search-(doc|index|prefix)-...-<n>.json` path is taken for a part.
   */
  search: { docFile: string; indexFile: string; parts?: string[] } | null
  /** Site paths of the files under `static/` (`/img/logo.svg`). */
  staticFiles: Set<string>
  /**
   * The Markdown output (`markdownOutput.enabled`): a twin for each page whose front matter
   * wants one, `llms.txt` and `llms-full.txt`. @default false
   */
  markdown?: boolean
}

/** The files of a site, by path (see `SiteFile`). */
export class SiteFiles {
  private readonly byPath = new Map<string, SiteFile>()
  private readonly search: SiteFilesOptions['search']

  /** `previous`: the same site's files without search files (see `withSearch`). */
  constructor(
    private readonly options: SiteFilesOptions,
    previous?: ReadonlyMap<string, SiteFile>,
  ) {
    const { table } = options
    this.search = options.search
    if (previous) {
      // Its files in order, the search files where this constructor adds them (after
      // `robots.txt`, before the pages): the same map, with no path made again.
      for (const file of previous.values()) {
        this.add(file)
        if (file.kind === 'robots') this.addSearch()
      }
      return
    }
    // Later kinds win a path shared with an earlier one (the build writes them in this order).
    for (const source of options.staticFiles)
      this.add({ kind: 'static', path: source.slice(1), source })
    for (const sidebar of table.sidebars)
      this.add({ kind: 'sidebar', path: sidebarPath(sidebar.id), id: sidebar.id })
    this.add({ kind: 'build-info', path: BUILD_INFO_FILE })
    this.add({ kind: 'sitemap', path: 'sitemap.xml' })
    this.add({ kind: 'robots', path: 'robots.txt' })
    this.addSearch()
    for (const page of table.pages) {
      this.add({ kind: 'page', path: htmlFileOf(page.route), route: page.route, format: 'html' })
      this.add({ kind: 'page', path: dataFileOf(page.route), route: page.route, format: 'data' })
    }
    if (options.markdown) {
      // A file of the author's under `static/` (a hand-written `llms.txt`) wins over the made one.
      const free = (path: string) => !options.staticFiles.has('/' + path)
      for (const page of table.pages) {
        const path = markdownFileOf(page.route)
        if (wantsTwin(page.frontMatter) && free(path))
          this.add({ kind: 'markdown', path, route: page.route })
      }
      if (free(LLMS_TXT)) this.add({ kind: 'llms', path: LLMS_TXT, full: false })
      if (free(LLMS_FULL_TXT)) this.add({ kind: 'llms', path: LLMS_FULL_TXT, full: true })
    }
    this.add({ kind: 'not-found', path: '404.html', format: 'html' })
    this.add({ kind: 'not-found', path: dataFileOf('/404'), format: 'data' })
    for (const { from, to } of table.redirects)
      this.add({ kind: 'redirect', path: htmlFileOf(from), from, to })
  }

  private addSearch(): void {
    if (this.search)
      for (const path of [this.search.docFile, this.search.indexFile, ...(this.search.parts ?? [])])
        this.add({ kind: 'search', path })
  }

  private add(file: SiteFile): void {
    // Deleted first: the map's order stays the writing order of the paths' final kinds.
    this.byPath.delete(file.path)
    this.byPath.set(file.path, file)
  }

  /**
   * The same files with these search files (`ssg build` names them after writing the files that
   * do not depend on them).
   */
  withSearch(search: SiteFilesOptions['search']): SiteFiles {
    // From this map when it has no search file (at 10,000 pages, 30,000 paths not made again).
    return new SiteFiles({ ...this.options, search }, this.search ? undefined : this.byPath)
  }

  /** The file at a site-relative path, or null. */
  find(path: string): SiteFile | null {
    const file = this.byPath.get(path)
    if (file) return file
    // A large site's index is split into parts, named after the two main files.
    if (this.search && !this.search.parts && /^search-(doc|index|prefix)-.+-\d+\.json$/.test(path))
      return { kind: 'search', path }
    return null
  }

  /** Every file, in writing order (static files first, redirects last). */
  list(): SiteFile[] {
    return [...this.byPath.values()]
  }

  /** The files of one kind. */
  ofKind<K extends SiteFile['kind']>(kind: K): Array<Extract<SiteFile, { kind: K }>> {
    return this.list().filter((f): f is Extract<SiteFile, { kind: K }> => f.kind === kind)
  }
}

/**
 * A sidebar's JSON file, fetched once by the client and shared by its pages. A stable name, not
 * content-hashed: every page names its sidebar's file, and a hashed name made every page of a
 * sidebar change (and render again) when any item of it did.
 */
export function sidebarPath(id: string): string {
  return `_ssg/sidebars/${id}.json`
}

/** The content of a sidebar's file. */
export function sidebarJson(sidebar: Sidebar): string {
  return JSON.stringify(sidebar)
}

/**
 * The content of the files made from the route table alone (no page is compiled for them):
 * sidebars, redirect pages, the sitemap and `robots.txt`; null for the other kinds.
 */
export function tableFileContent(
  file: SiteFile,
  site: {
    config: ResolvedConfig
    table: RouteTable
    lastUpdated: Pick<ReadonlyMap<string, string>, 'get'>
  },
): string | null {
  const { config, table } = site
  switch (file.kind) {
    case 'sidebar': {
      const sidebar = table.sidebars.find((s) => s.id === file.id)
      return sidebar ? sidebarJson(sidebar) : null
    }
    case 'redirect':
      return redirectPage(config, { from: file.from, to: file.to })
    case 'sitemap':
      return sitemapXml({
        config,
        pages: table.pages.map((page) => ({
          path: page.route,
          lastUpdated: layoutOf(page) === 'doc' ? (site.lastUpdated.get(page.file) ?? null) : null,
        })),
      })
    case 'robots':
      return robotsTxt(config)
    default:
      return null
  }
}
