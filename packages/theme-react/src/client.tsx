/**
 * The browser entry: hydrates the server-rendered page, then loads the client router (a separate
 * chunk: until it is there, links simply load documents). The core bundles this file with
 * esbuild (code splitting, minified) together with the site.
 */
import './styles/index.css'
import type { BootstrapData, PageData, Sidebar, SiteData } from '@ssg/core/contract'
import { APP_ROOT_ID, ARTICLE_ATTRIBUTE, BOOTSTRAP_ID, pageDataUrl } from '@ssg/core/contract'
import { startTransition, useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { App } from './App'
import { preloadSearchBox } from './components/SearchSlot/SearchSlot'
import { loadLayout } from './layouts'
import { announce } from './lib/announce'
import { rememberDocsVersion } from './lib/docs-version'
import { markScrollingTables } from './lib/tables'
import { COLOR_MODE_KEY, setColorMode } from './lib/color-mode'
import { clearReloadGuard, reloadOnce } from './lib/reload'
import type { KeptPlace, Router, RouterDeps, RouterState, ScrollTarget } from './lib/router'
import { documentTitle, routeForUrl, samePath } from './lib/url'

const deps: RouterDeps = {
  pageDataUrl,
  loadLayout,
  reloadOnce,
  routeForUrl,
  samePath,
  documentTitle,
}

// Never return what scroll methods return: newer Chromium returns a promise, and a value returned
// from an effect is taken for its clean-up function.
function scrollTo(target: ScrollTarget): void {
  if (!target) return
  if ('top' in target) {
    window.scrollTo(0, target.top)
    return
  }
  const element = document.getElementById(decodeURIComponent(target.hash.slice(1)))
  if (element) element.scrollIntoView()
  else window.scrollTo(0, 0)
}

/** Puts scroll and focus back after the article was replaced (see `KeptPlace`). */
function restorePlace(kept: KeptPlace | undefined): void {
  if (!kept) return
  if (kept.focus) {
    let node: Element | null = document.querySelector(`[${ARTICLE_ATTRIBUTE}]`)
    for (const index of kept.focus) node = node?.children[index] ?? null
    if (node instanceof HTMLElement) node.focus({ preventScroll: true })
  }
  if (window.scrollY !== kept.top) window.scrollTo(0, kept.top)
}

const noSubscribe = () => () => {}

interface ClientAppProps {
  site: SiteData
  page: PageData
  sidebar: Sidebar | null
}

function ClientApp({ site, page, sidebar }: ClientAppProps) {
  const [router, setRouter] = useState<Router | null>(null)
  const [initial] = useState<RouterState>(() => ({
    page,
    sidebar,
    loading: false,
    slow: false,
    error: null,
    id: 0,
    scroll: null,
  }))
  useEffect(() => {
    import('./lib/router').then(
      ({ createRouter }) => {
        const created = createRouter(site, page, sidebar, deps)
        created.start()
        setRouter(created)
        clearReloadGuard()
      },
      (error: unknown) =>
        console.warn('Could not load the client router; links load pages.', error),
    )
    // The first page's data only: later pages come from the router.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  const state = useSyncExternalStore(
    router ? router.subscribe : noSubscribe,
    router ? router.getState : () => initial,
    () => initial,
  )
  // After each rendered navigation: announce the page and move focus to the page start (the next
  // Tab reaches the skip link), as a document load would.
  useLayoutEffect(() => {
    if (state.id === 0) return
    document.getElementById('ssg-focus-start')?.focus({ preventScroll: true })
    announce(state.page.title)
  }, [state.id, state.page.title])
  useLayoutEffect(() => {
    scrollTo(state.scroll)
  }, [state.scroll])
  // After an in-place refresh (`ssg serve`): the reader stays where they were.
  useLayoutEffect(() => restorePlace(state.kept), [state.kept])
  // After hydration and each navigation, off the render path (a passive effect).
  useEffect(() => rememberDocsVersion(site, state.page), [site, state.page])
  useEffect(() => {
    const root = document.getElementById(APP_ROOT_ID)
    if (router && root) router.observeLinks(root)
  }, [router, state.page])
  return (
    <App
      site={site}
      page={state.page}
      sidebar={state.sidebar}
      navigation={state}
      {...(router ? { navigate: router.navigate } : {})}
    />
  )
}

async function getSidebar(site: SiteData, id: string): Promise<Sidebar> {
  const url = site.sidebars[id] ?? ''
  const response = await fetch(url)
  if (!response.ok) throw new Error(`Could not load ${url}: the server answered ${response.status}`)
  return (await response.json()) as Sidebar
}

async function start(): Promise<void> {
  const root = document.getElementById(APP_ROOT_ID)
  const script = document.getElementById(BOOTSTRAP_ID)
  if (!root || !script?.textContent) return
  const { site, page: data } = JSON.parse(script.textContent) as BootstrapData
  // The article is in the DOM already: take it from there instead of shipping it twice.
  const article = root.querySelector(`[${ARTICLE_ATTRIBUTE}]`)
  const page = { ...data, html: article?.innerHTML ?? '' }
  // Before any wait: hydration comes after the sidebar and the layout chunk load.
  if (article) markScrollingTables(article)
  if (site.search.enabled) preloadSearchBox()
  let sidebar: Sidebar | null = null
  try {
    ;[sidebar] = await Promise.all([
      page.sidebarId ? getSidebar(site, page.sidebarId) : null,
      loadLayout(page.layout),
    ])
  } catch (error) {
    // The page stays a working static page; a reload may fix a transient failure (once).
    reloadOnce(location.href, error)
    return
  }
  // Another tab changed the colour mode.
  window.addEventListener('storage', (event) => {
    if (event.key === COLOR_MODE_KEY && (event.newValue === 'light' || event.newValue === 'dark')) {
      setColorMode(event.newValue)
    }
  })
  // As a transition, hydration yields to the browser every few milliseconds instead of blocking
  // it for the whole page (one task of 100-300 ms on a mid-range phone): the page stays
  // responsive, and a click during hydration is replayed once its part is hydrated.
  startTransition(() => {
    hydrateRoot(root, <ClientApp site={site} page={page} sidebar={sidebar} />)
  })
}

void start()
