import type { DevRefreshDetail, PageData, Sidebar, SiteData } from '@ssg/core/contract'
import { absoluteUrl, ARTICLE_ATTRIBUTE, DEV_REFRESH_EVENT, withBase } from '@ssg/core/contract'
import { createPageData, HttpError } from './page-data'
import { startPrefetching } from './prefetch'

/**
 * What the router uses from the initial bundle. Passed in rather than imported, so that this lazy
 * chunk shares no module with the entry (each shared module would become one more request).
 */
export interface RouterDeps {
  pageDataUrl: (baseUrl: string, routePath: string) => string
  loadLayout: (layout: PageData['layout']) => Promise<void>
  reloadOnce: (href: string, error: unknown) => boolean
  routeForUrl: (baseUrl: string, url: URL) => string | null
  samePath: (a: string, b: string) => boolean
  documentTitle: (site: SiteData, page: PageData) => string
}

/** Where to scroll once a navigation has rendered. */
export type ScrollTarget = { top: number } | { hash: string } | null

/**
 * What an in-place refresh keeps (see `DEV_REFRESH_EVENT`): the scroll position, and the element
 * of the article that had focus, by its path of child indexes from the article.
 */
export interface KeptPlace {
  top: number
  focus: number[] | null
}

/** A navigation that failed in a way the reader can retry. */
export interface NavigationError {
  error: unknown
  retry: () => void
}

/** What the app renders: the current route and the state of the navigation in flight. */
export interface RouterState {
  page: PageData
  sidebar: Sidebar | null
  /** A navigation is in flight (spinner). */
  loading: boolean
  /** The navigation in flight has taken longer than {@link PROGRESS_DELAY} (progress bar). */
  slow: boolean
  error: NavigationError | null
  /** Increases with every rendered navigation; 0 for the first page. */
  id: number
  scroll: ScrollTarget
  /** Set by an in-place refresh of the page shown: where to put scroll and focus back. */
  kept?: KeptPlace
}

/** Milliseconds before the progress bar appears. */
export const PROGRESS_DELAY = 200
export interface Router {
  readonly site: SiteData
  getState(): RouterState
  subscribe(listener: () => void): () => void
  /** Navigates to a URL: client-side when it is a page of this site, a document load otherwise. */
  navigate(href: string): void
  /** Starts listening to clicks and history; returns a function that stops. */
  start(): () => void
  /** Call after each render: prefetches the links that scroll into view. */
  observeLinks(root: Element): void
}

/** Whether a click on this link should stay a plain browser navigation. */
function isPlainClick(event: MouseEvent, link: HTMLAnchorElement): boolean {
  return (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey ||
    (link.target !== '' && link.target !== '_self') ||
    link.hasAttribute('download') ||
    link.getAttribute('rel')?.includes('external') === true
  )
}

function updateHead(site: SiteData, page: PageData, title: string): void {
  document.title = title
  const set = (selector: string, attribute: string, value: string) =>
    document.querySelector(selector)?.setAttribute(attribute, value)
  set('meta[name="description"]', 'content', page.description)
  set('meta[property="og:title"]', 'content', page.title)
  set('meta[property="og:description"]', 'content', page.description)
  const canonical = absoluteUrl(site, page.path)
  set('link[rel="canonical"]', 'href', canonical)
  set('meta[property="og:url"]', 'content', canonical)
  // The Markdown twin: pages without one have no link.
  let twin = document.querySelector('link[rel="alternate"][type="text/markdown"]')
  if (!page.markdownUrl) return twin?.remove()
  if (!twin) {
    twin = document.createElement('link')
    twin.setAttribute('rel', 'alternate')
    twin.setAttribute('type', 'text/markdown')
    document.head.append(twin)
  }
  twin.setAttribute('href', page.markdownUrl)
}

/** Where the reader is on the page now (see {@link KeptPlace}). */
function keptPlace(): KeptPlace {
  const article = document.querySelector(`[${ARTICLE_ATTRIBUTE}]`)
  const active = document.activeElement
  let focus: number[] | null = null
  if (article && active && active !== article && article.contains(active)) {
    focus = []
    for (let node: Element = active; node !== article; node = node.parentElement!)
      focus.unshift(Array.prototype.indexOf.call(node.parentElement!.children, node) as number)
  }
  return { top: window.scrollY, focus }
}

/** Creates the client router of a hydrated page. */
export function createRouter(
  site: SiteData,
  page: PageData,
  sidebar: Sidebar | null,
  deps: RouterDeps,
): Router {
  const { loadLayout, reloadOnce, routeForUrl, samePath, documentTitle } = deps
  const { loadRoute, rememberPage, rememberSidebar, forget } = createPageData(
    site,
    deps.pageDataUrl,
  )
  let state: RouterState = {
    page,
    sidebar,
    loading: false,
    slow: false,
    error: null,
    id: 0,
    scroll: null,
  }
  const listeners = new Set<() => void>()
  const positions = new Map<string, number>()
  let key = ''
  // The address (path and query) of the page shown. A not-found page keeps the address asked for
  // while its `page.path` is `/404`: without this, a hash link on it (the skip link) loaded it
  // again, and the new render moved focus back to the page start.
  let shown = location.pathname + location.search
  let seq = 0
  rememberPage(page)
  if (sidebar) rememberSidebar(sidebar)
  const prefetch = startPrefetching(site, loadRoute, routeForUrl)

  function set(patch: Partial<RouterState>): void {
    state = { ...state, ...patch }
    listeners.forEach((listener) => listener())
  }

  function newKey(): string {
    return Math.random().toString(36).slice(2, 10)
  }

  async function go(url: URL, route: string, push: boolean, restore: number | null) {
    const id = ++seq
    set({ loading: true, error: null })
    const timer = setTimeout(() => id === seq && set({ slow: true }), PROGRESS_DELAY)
    try {
      const loaded = await loadRoute(route)
      await loadLayout(loaded.page.layout)
      if (id !== seq) return
      if (push) {
        key = newKey()
        // Keep the address the reader asked for, with `.html` and `/index.html` resolved.
        const path = loaded.notFound ? url.pathname : withBase(site.baseUrl, loaded.page.path)
        history.pushState({ ssgKey: key }, '', path + url.search + url.hash)
      }
      const scroll: ScrollTarget =
        restore !== null ? { top: restore } : url.hash ? { hash: url.hash } : { top: 0 }
      set({ ...loaded, loading: false, slow: false, error: null, id, scroll })
      shown = location.pathname + location.search
      updateHead(site, loaded.page, documentTitle(site, loaded.page))
    } catch (error) {
      if (id !== seq) return
      // Network and parse failures reload the page once; HTTP errors offer Retry.
      if (!(error instanceof HttpError) && reloadOnce(url.href, error)) return
      set({
        loading: false,
        slow: false,
        error: { error, retry: () => void go(url, route, push, restore) },
      })
    } finally {
      clearTimeout(timer)
    }
  }

  function navigate(href: string): void {
    const url = new URL(href, location.href)
    const route = routeForUrl(site.baseUrl, url)
    if (route === null) {
      location.assign(url.href)
      return
    }
    if (samePath(route, state.page.path) && url.search === location.search && !state.error) {
      // The page shown: only the hash (and the scroll position) changes.
      if (url.hash !== location.hash) {
        key = newKey()
        history.pushState({ ssgKey: key }, '', url.href)
      }
      set({ scroll: url.hash ? { hash: url.hash } : { top: 0 } })
      return
    }
    void go(url, route, true, null)
  }

  function onClick(event: MouseEvent): void {
    const link = (event.target as Element | null)?.closest?.('a')
    if (!link || !link.hasAttribute('href') || isPlainClick(event, link)) return
    const url = new URL(link.href, location.href)
    if (routeForUrl(site.baseUrl, url) === null) return
    // A hash link on the same page: the browser scrolls, no page load.
    if (url.hash && url.pathname === location.pathname && url.search === location.search) return
    event.preventDefault()
    navigate(url.href)
  }

  function onPopState(event: PopStateEvent): void {
    const stateKey = (event.state as { ssgKey?: string } | null)?.ssgKey
    if (stateKey) key = stateKey
    else {
      // An entry the browser made for a hash link: give it a key for its scroll position.
      key = newKey()
      history.replaceState({ ...(event.state as object), ssgKey: key }, '')
    }
    const url = new URL(location.href)
    const route = routeForUrl(site.baseUrl, url)
    if (route === null) {
      location.reload()
      return
    }
    const saved = positions.get(key) ?? null
    const same = samePath(route, state.page.path) || url.pathname + url.search === shown
    if (same && !state.error && !state.loading) {
      set({ scroll: saved !== null ? { top: saved } : url.hash ? { hash: url.hash } : null })
      return
    }
    void go(url, route, false, saved)
  }

  /** The page shown, its data loaded again and shown in place; false when it cannot be. */
  async function refresh(): Promise<boolean> {
    if (state.loading || state.error) return false
    const route = routeForUrl(site.baseUrl, new URL(location.href))
    if (route === null) return false
    const shownPage = state.page
    try {
      const loaded = await loadRoute(route)
      if (state.page !== shownPage || state.loading) return false
      if (loaded.notFound || loaded.page.layout !== shownPage.layout) return false
      if (!samePath(loaded.page.path, shownPage.path)) return false
      set({ page: loaded.page, sidebar: loaded.sidebar, kept: keptPlace() })
      updateHead(site, loaded.page, documentTitle(site, loaded.page))
      return true
    } catch {
      return false
    }
  }

  function onDevRefresh(event: Event): void {
    const detail = (event as CustomEvent<DevRefreshDetail>).detail
    // Pages and sidebars loaded before may be out of date; the sidebar shown is not (a change
    // of it reloads the page), nor the page shown when only other pages changed.
    forget()
    if (state.sidebar) rememberSidebar(state.sidebar)
    if (detail.path === null) rememberPage(state.page)
    else {
      // The new data came with the server's push: shown without a request.
      if (detail.page) rememberPage(detail.page)
      detail.done = refresh()
    }
  }

  let frame = 0
  function onScroll(): void {
    if (frame) return
    frame = requestAnimationFrame(() => {
      frame = 0
      positions.set(key, window.scrollY)
    })
  }

  return {
    site,
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    navigate,
    observeLinks: prefetch.observe,
    start() {
      history.scrollRestoration = 'manual'
      key = (history.state as { ssgKey?: string } | null)?.ssgKey ?? newKey()
      history.replaceState({ ...(history.state as object), ssgKey: key }, '')
      document.addEventListener('click', onClick)
      window.addEventListener('popstate', onPopState)
      window.addEventListener(DEV_REFRESH_EVENT, onDevRefresh)
      window.addEventListener('scroll', onScroll, { passive: true })
      // A reload or a visit to another site restores the scroll position the browser's way.
      const auto = () => (history.scrollRestoration = 'auto')
      window.addEventListener('pagehide', auto)
      return () => {
        prefetch.stop()
        window.removeEventListener('pagehide', auto)
        document.removeEventListener('click', onClick)
        window.removeEventListener('popstate', onPopState)
        window.removeEventListener(DEV_REFRESH_EVENT, onDevRefresh)
        window.removeEventListener('scroll', onScroll)
      }
    },
  }
}
