import type { PageData, Sidebar, SiteData } from '@ssg/core/contract'
import { notFoundPageData } from '@ssg/core/contract'

/** A page-data or sidebar request answered with an HTTP error other than 404. */
export class HttpError extends Error {
  readonly status: number
  constructor(url: string, status: number, statusText: string) {
    super(`Could not load ${url}: the server answered ${status} ${statusText}`.trim())
    this.name = 'HttpError'
    this.status = status
  }
}

/** What a route resolves to: its page data and sidebar. */
export interface LoadedRoute {
  page: PageData
  sidebar: Sidebar | null
  /** True when the path matched no page and this is the not-found page. */
  notFound: boolean
}

/** GET a JSON file; resolves null on 404, rejects with {@link HttpError} on other statuses and
 * with the fetch/parse error (TypeError, SyntaxError) when the network or the file is broken. */
async function getJson<T>(url: string, low: boolean): Promise<T | null> {
  const response = await fetch(url, low ? ({ priority: 'low' } as RequestInit) : undefined)
  if (response.status === 404) return null
  if (!response.ok) throw new HttpError(url, response.status, response.statusText)
  return (await response.json()) as T
}

function cached<T>(map: Map<string, Promise<T>>, key: string, load: () => Promise<T>): Promise<T> {
  let promise = map.get(key)
  if (!promise) {
    promise = load()
    map.set(key, promise)
    // Failures are not cached: a later attempt (Retry) asks the network again.
    promise.catch(() => map.delete(key))
  }
  return promise
}

/** `/x` <-> `/x/`; null for `/`. */
function otherSlash(path: string): string | null {
  if (path === '/') return null
  return path.endsWith('/') ? path.slice(0, -1) : path + '/'
}

/** A not-found page for when the site has no `/404` page data either. */
function fallbackNotFound(path: string): PageData {
  return notFoundPageData({ path, description: '' })
}

/** The page-data loader of a site: cached per visit, failures not cached. */
export function createPageData(
  site: SiteData,
  pageDataUrl: (base: string, path: string) => string,
) {
  const pages = new Map<string, Promise<PageData | null>>()
  const sidebars = new Map<string, Promise<Sidebar>>()

  /** The page data of one exact route path, or null when there is no such page. */
  function fetchPage(path: string, low: boolean): Promise<PageData | null> {
    const url = pageDataUrl(site.baseUrl, path)
    return cached(pages, url, () => getJson<PageData>(url, low))
  }

  /** A sidebar by id, fetched once per visit (the files are shared by many pages). */
  function fetchSidebar(id: string): Promise<Sidebar> {
    const url = site.sidebars[id]
    if (!url) return Promise.reject(new Error(`Unknown sidebar \`${id}\`: not in site.sidebars`))
    return cached(sidebars, id, async () => {
      const sidebar = await getJson<Sidebar>(url, false)
      if (!sidebar) throw new HttpError(url, 404, 'Not Found')
      return sidebar
    })
  }

  return {
    /**
     * Resolves a route: its page data (`/x` falls back to `/x/` and back, then to the not-found
     * page) and its sidebar.
     */
    async loadRoute(path: string, low = false): Promise<LoadedRoute> {
      let page = await fetchPage(path, low)
      const other = otherSlash(path)
      if (!page && other) page = await fetchPage(other, low)
      let notFound = false
      if (!page) {
        notFound = true
        page = (await fetchPage('/404', low)) ?? fallbackNotFound(path)
      }
      const sidebar = page.sidebarId ? await fetchSidebar(page.sidebarId) : null
      return { page, sidebar, notFound }
    },
    /** Seeds the cache with the page the reader opened. */
    rememberPage(page: PageData): void {
      pages.set(pageDataUrl(site.baseUrl, page.path), Promise.resolve(page))
    },
    /** Seeds the cache with the first page's sidebar (fetched before hydration). */
    rememberSidebar(sidebar: Sidebar): void {
      sidebars.set(sidebar.id, Promise.resolve(sidebar))
    },
    /** Forgets every page and sidebar loaded (the dev server changed them). */
    forget(): void {
      pages.clear()
      sidebars.clear()
    },
  }
}

/** The page-data loader of {@link createPageData}. */
export type PageDataLoader = ReturnType<typeof createPageData>
