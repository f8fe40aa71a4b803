import { normalizeRoutePath } from '@ssg/core/contract'

/** The base-URL rule of the core's contract (one rule for the core and the theme). */
export { withBase } from '@ssg/core/contract'

/** True for absolute URLs (`https:`, `mailto:`, protocol-relative `//host`). */
export function isExternal(href: string): boolean {
  return /^(?:[a-z][a-z\d+.-]*:|\/\/)/i.test(href)
}

/** A route path without its trailing slash (`/docs/x/` -> `/docs/x`; `/` stays). */
export function trimSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path
}

/** Compares two route paths, ignoring a trailing slash (`/docs/x/` equals `/docs/x`). */
export function samePath(a: string, b: string): boolean {
  return trimSlash(a) === trimSlash(b)
}

/** True when `path` is `base` or below it (`/docs/api/x` is under `/docs/api`). */
export function isUnder(path: string, base: string): boolean {
  if (base === '/') return true
  const b = base.replace(/\/$/, '')
  return path === b || path.startsWith(b + '/')
}

/**
 * The route path (`/docs/x`, relative to the base URL) of a URL path of this site, or null when
 * the path is outside the base URL. `/x.html` and `/x/index.html` resolve to `/x` and `/x/`.
 */
export function routeOf(baseUrl: string, pathname: string): string | null {
  const path = normalizeRoutePath(pathname)
  if (!path.startsWith(baseUrl)) return path + '/' === baseUrl ? '/' : null
  return '/' + path.slice(baseUrl.length)
}

/** Files the router leaves to the browser (`/sitemap.xml`, `/img/a.png`, ...). */
const FILE = /\.(?!html?$)[a-z\d]{1,5}$/i

/** The route of a URL when the client router can show it (same origin, a page), else null. */
export function routeForUrl(baseUrl: string, url: URL): string | null {
  if (url.origin !== location.origin || FILE.test(url.pathname)) return null
  return routeOf(baseUrl, url.pathname)
}

/** The `<title>` of a page, as the core writes it: `Page | Site`, `Site - Tagline` for the home. */
export function documentTitle(
  site: { title: string; tagline: string },
  page: { title: string; path: string },
): string {
  if (page.path === '/' || !page.title || page.title === site.title) {
    return site.title + (site.tagline ? ' - ' + site.tagline : '')
  }
  return `${page.title} | ${site.title}`
}

const MONTHS =
  'January February March April May June July August September October November December'.split(' ')

/**
 * Formats an ISO date as `March 5, 2025`, in UTC, without `Intl`: the server and every browser
 * print the same string, so hydration never sees a different date.
 */
export function formatDate(iso: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`
}

/** Accessible name of a sidebar: `docs` -> "Docs sidebar", `api` -> "API sidebar". */
export function sidebarLabel(id: string): string {
  const name = id.length <= 3 ? id.toUpperCase() : id[0]!.toUpperCase() + id.slice(1)
  return name + ' sidebar'
}

/** True when the article HTML brings its own `<h1>`. */
export const hasTitle = (html: string) => /^\s*<h1[\s>]/.test(html)
