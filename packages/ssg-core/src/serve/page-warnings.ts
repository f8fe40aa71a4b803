import { applySeverities } from '../report/severity.js'
import { overlayWarnings, type OverlayError } from './live-reload.js'
import type { DevSite } from './dev-site.js'

/**
 * The warnings of the page a browser shows at `pathname` (base URL included; `/x`, `/x/`,
 * `/x.html` and `/x/index.html` as the server answers them), for its warnings panel: those of its
 * own compile and those the background pass found in it (its links to other pages' headings),
 * with the config's severities. Read from that page alone: a page asks after each update, and the
 * site's whole list costs milliseconds at 10,000 pages. Empty for a path that is not a page.
 */
export function pageWarnings(site: DevSite, pathname: string): OverlayError[] {
  let path = pathname
  try {
    path = decodeURI(pathname)
  } catch {
    return []
  }
  const base = site.config.baseUrl
  if (!path.startsWith(base) && path + '/' !== base) return []
  let route = '/' + path.slice(base.length)
  if (route.endsWith('/index.html')) route = route.slice(0, -'index.html'.length)
  else if (route.endsWith('.html')) route = route.slice(0, -'.html'.length)
  const { byRoute } = site.table
  const head =
    byRoute.get(route) ??
    (route.endsWith('/') ? byRoute.get(route.slice(0, -1)) : byRoute.get(route + '/'))
  if (!head) return []
  const own = [
    ...(site.store.get(head.file)?.messages ?? []),
    ...(site.links.get(head.file)?.messages ?? []),
  ]
  return overlayWarnings(applySeverities(own, site.config.messages), head.file)
}
