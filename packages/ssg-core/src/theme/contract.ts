/**
 * The contract between `@ssg/core` and a theme. The core computes every piece of data a page
 * shows; the theme only renders it. Types plus a few pure helpers, no imports, so that both the
 * Node side and a theme's browser bundle can use this file.
 */

/** Bumped when a change to these types would break an existing theme. */
export const CONTRACT_VERSION = 2

/** A link as the theme shows it. `href` is a site path (`/docs/x`) or an absolute URL. */
export interface NavLink {
  label: string
  href: string
}

/** One heading of the table of contents (levels 2 and 3 only, in document order). */
export interface TocItem {
  depth: 2 | 3
  id: string
  text: string
}

export type SidebarItem = SidebarLink | SidebarCategory

export interface SidebarLink {
  type: 'link'
  label: string
  href: string
  /** Set for links to pages of this site; absent for external links. */
  docId?: string
}

export interface SidebarCategory {
  type: 'category'
  label: string
  /** The category's own page (its `index.md`), when it has one. */
  href?: string
  /** Whether the category starts collapsed when it does not hold the active page. */
  collapsed: boolean
  items: SidebarItem[]
}

/** A whole sidebar, written once per build to its own JSON file and shared by its pages. */
export interface Sidebar {
  id: string
  items: SidebarItem[]
}

export interface NavbarItem {
  label: string
  href: string
  /** Paths under this prefix mark the item active. Defaults to `href`. */
  activeBasePath: string
}

export interface FooterColumn {
  title: string
  items: NavLink[]
}

export interface HeadTag {
  tag: 'script' | 'meta' | 'link' | 'noscript' | 'style'
  attributes: Record<string, string | boolean>
  /** Inner text (for inline scripts); trusted: it comes from the site config. */
  content?: string
  /** `head` (default) or `body-start` (right after `<body>`, for `<noscript>` tag-manager frames). */
  position?: 'head' | 'body-start'
}

/** Data that is the same for every page of the site. */
export interface SiteData {
  title: string
  tagline: string
  /** Production origin, no trailing slash: `https://docs.veilbox.example`. */
  url: string
  /** Path the site is served under, with leading and trailing slash: `/`. */
  baseUrl: string
  /** The site's own version (its package version), shown in the footer. */
  version: string
  lang: string
  logo: { src: string; srcDark: string; alt: string; href: string }
  navbar: {
    items: NavbarItem[]
    signIn?: NavLink
    sourceLink?: NavLink
    hideOnScroll: boolean
  }
  footer: { columns: FooterColumn[]; copyright: string }
  announcementBar?: {
    id: string
    /** Plain text; may contain one link written as `[label](href)`. */
    content: string
    backgroundColor?: string
    textColor?: string
    isCloseable: boolean
  }
  colorMode: { defaultMode: 'light' | 'dark'; respectPrefersColorScheme: boolean }
  docs: { basePath: string; versionLabel: string }
  /** The search files' URLs change with every build: they are in `BuildInfo`, not here. */
  search: {
    enabled: boolean
    maxResults: number
  }
  /** Sidebar id -> URL of its JSON file (a stable name: pages stay the same when it changes). */
  sidebars: Record<string, string>
  /** Theme-specific options from the config's `theme.options`, passed through untouched. */
  themeOptions: Record<string, unknown>
}

/**
 * What changes with every build, kept out of the pages (a page's document and data stay the same
 * bytes while the page does not change): one small file at `BUILD_INFO_PATH` under the base path,
 * fetched by the theme when search is about to be used (`buildInfoUrl`).
 */
export interface BuildInfo {
  /**
   * Changes whenever a page's output or the search files change (`ssg build` makes it from the
   * pages' keys and the search files' names, so an unchanged site keeps it).
   */
  buildId: string
  /** URLs of the two timestamped files written by the search indexer; empty when search is off. */
  search: { docUrl: string; indexUrl: string }
}

/** Site path of the `BuildInfo` file (stable name: fetch it with `cache: 'no-cache'`). */
export const BUILD_INFO_PATH = '/_ssg/build.json'

export interface LandingHero {
  title: string
  tagline?: string
  actions: Array<NavLink & { variant?: 'primary' | 'secondary' }>
}

export interface LandingCard {
  title: string
  description: string
  href: string
}

/** Everything one route shows, written to its page-data JSON for client navigation. */
export interface PageData {
  /** The route: `/docs/concepts/`, `/docs/concepts/what-are-tokens`, `/`. */
  path: string
  title: string
  description: string
  layout: 'doc' | 'landing' | 'page' | 'not-found'
  /** The article's HTML, produced by the Markdown pipeline (already sanitised). */
  html: string
  toc: TocItem[]
  hideTableOfContents: boolean
  /** Id of the sidebar shown with this page, or null for none. */
  sidebarId: string | null
  breadcrumbs: NavLink[]
  prev: NavLink | null
  next: NavLink | null
  /** ISO date of the last change (git, or the file's mtime). */
  lastUpdated: string | null
  editUrl: string | null
  /** Landing layout only. */
  hero: LandingHero | null
  cards: LandingCard[]
  /** True when the page holds a diagram that must be rendered in the browser (lazy mermaid). */
  needsMermaid: boolean
  /**
   * URL (base URL included) of the page's Markdown twin (`/docs/x.md`), or null when it has none
   * (`markdownOutput` off, `search: false`, a draft). The theme's copy buttons read it.
   */
  markdownUrl: string | null
}

/** What the theme receives to render one route. */
export interface RouteData {
  site: SiteData
  page: PageData
  /** The page's sidebar, or null when `page.sidebarId` is null. */
  sidebar: Sidebar | null
}

/** What `renderPage` of a theme's `./server` entry returns. The core wraps it in the document. */
export interface RenderedPage {
  /** Markup placed in `<head>` after the core's own tags (inline colour-mode script, metas). */
  head: string
  /** Markup of the app, placed inside `<div id="__ssg">`. */
  body: string
  /** Extra attributes for `<html>` (e.g. `data-theme`). */
  htmlAttributes: Record<string, string>
}

/** The module shape a theme's `./server` entry must have. */
export interface ThemeServerModule {
  contractVersion: number
  renderPage(route: RouteData): RenderedPage
  /**
   * The part of `sidebar` that `renderPage` puts in the HTML of the page at `activePath`, as JSON
   * data: a page's document is made again when its view changes, not when any part of its sidebar
   * does (without it, the whole sidebar is part of every page's render key). It must hold all
   * that the markup takes from the sidebar: two sidebars with the same view render the same page.
   * Not used when the site replaces theme components (a replacement may show any of the sidebar).
   */
  sidebarView?(sidebar: Sidebar, activePath: string): unknown
  /** What a site may customise from its config (`theme.components`, `theme.slots`). */
  customization?: ThemeCustomization
}

/**
 * The customisation points of a theme. Module paths are relative to the folder of the theme's
 * server entry, and the same modules must be what its browser entry imports: the core replaces
 * them in both builds.
 */
export interface ThemeCustomization {
  /** Components a site may replace or wrap: name -> the module exporting it under that name. */
  components: Record<string, { module: string; stability?: 'stable' | 'unstable' | 'internal' }>
  /** Slot names, and the module exporting `slotComponents` (slot name -> components). */
  slots: { names: readonly string[]; module: string }
}

/**
 * The data embedded in each HTML page as `<script id="__SSG_DATA__" type="application/json">`.
 * `page.html` is empty there: the client takes the article from the server-rendered DOM
 * (the element `[data-ssg-article]`), so the first page is not shipped twice.
 */
export interface BootstrapData {
  site: SiteData
  page: PageData
}

/** The data of a not-found page (the build's `404.html`, and the theme's fallback). */
export function notFoundPageData(options: { path: string; description: string }): PageData {
  return {
    path: options.path,
    title: 'Page not found',
    description: options.description,
    layout: 'not-found',
    html: '',
    toc: [],
    hideTableOfContents: true,
    sidebarId: null,
    breadcrumbs: [],
    prev: null,
    next: null,
    lastUpdated: null,
    editUrl: null,
    hero: null,
    cards: [],
    needsMermaid: false,
    markdownUrl: null,
  }
}

/**
 * `ssg serve` dispatches this event on `window` when the page data of the route shown changed
 * but not its page (an edit of the article: same title, same sidebar). A theme's router that can
 * show the new data in place claims the event by setting `detail.done` to a promise of whether it
 * did (keeping scroll and focus); unclaimed, or resolving false, the page reloads. With
 * `detail.path` null, the router only forgets the page data it has cached (other pages changed).
 */
export const DEV_REFRESH_EVENT = 'ssg:refresh'

/** The `detail` of a {@link DEV_REFRESH_EVENT}. */
export interface DevRefreshDetail {
  /** The route whose data changed (the one shown), or null to forget cached data only. */
  path: string | null
  /**
   * The new page data of `path`, when the server sent it with its push (a theme's router shows
   * it without asking for it again); else the router loads it.
   */
  page?: PageData
  /** Set by the theme's router when it shows the new data in place. */
  done?: Promise<boolean>
}

/** Id of the element holding the server-rendered app. */
export const APP_ROOT_ID = '__ssg'
/** Id of the JSON script element holding {@link BootstrapData}. */
export const BOOTSTRAP_ID = '__SSG_DATA__'
/** Attribute on the element whose innerHTML is `page.html`. */
export const ARTICLE_ATTRIBUTE = 'data-ssg-article'

/**
 * The base-URL rule, the one place it is written: a site path (`/docs/x`, `/img/a.svg`) is served
 * under the base URL (`/base/docs/x`); absolute URLs (`https:`, `mailto:`, protocol-relative
 * `//host`), hash links and relative links are left as they are.
 */
export function withBase(baseUrl: string, href: string): string {
  if (!href.startsWith('/') || href.startsWith('//')) return href
  return baseUrl + href.slice(1)
}

/**
 * The production URL of a site path (`https://docs.example/base/docs/x`): canonical links,
 * Open Graph URLs, sitemap entries. Absolute URLs are returned as they are.
 */
export function absoluteUrl(site: { url: string; baseUrl: string }, href: string): string {
  const path = withBase(site.baseUrl, href)
  return path.startsWith('/') && !path.startsWith('//') ? site.url + path : path
}

/**
 * URL of the page-data JSON of a route: `/docs/x` -> `/_ssg/data/docs/x.json`,
 * `/docs/` -> `/_ssg/data/docs/index.json`, `/` -> `/_ssg/data/index.json`.
 */
export function pageDataUrl(baseUrl: string, routePath: string): string {
  const rel = routePath.replace(/^\//, '')
  const file = rel === '' || rel.endsWith('/') ? rel + 'index' : rel
  return withBase(baseUrl, '/_ssg/data/' + file + '.json')
}

/** URL of the `BuildInfo` file of a site with this base path. */
export function buildInfoUrl(baseUrl: string): string {
  return withBase(baseUrl, BUILD_INFO_PATH)
}

/**
 * The route a URL path resolves to: strips `/index.html` and `.html`
 * (`/x.html` -> `/x`, `/x/index.html` -> `/x/`).
 */
export function normalizeRoutePath(pathname: string): string {
  if (pathname.endsWith('/index.html')) return pathname.slice(0, -'index.html'.length)
  if (pathname.endsWith('.html')) return pathname.slice(0, -'.html'.length)
  return pathname
}
