import type { SiteData } from '@ssg/core/contract'
import type { PageDataLoader } from './page-data'

interface NetworkInformation {
  saveData?: boolean
  effectiveType?: string
}

/** Prefetching is skipped when the reader saves data or is on a 2g connection. */
export function canPrefetch(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection
  if (!connection) return true
  return !connection.saveData && !(connection.effectiveType ?? '').includes('2g')
}

/** Most links prefetched because they scrolled into view, per page shown. */
const VIEWPORT_LIMIT = 16

/**
 * Prefetches page data (and the sidebar it needs) for links the reader hovers or focuses, and for
 * links that scroll into view (idle time, low priority). Returns `observe`, to call after each
 * render with the app root, and `stop`.
 */
export function startPrefetching(
  site: SiteData,
  loadRoute: PageDataLoader['loadRoute'],
  routeForUrl: (baseUrl: string, url: URL) => string | null,
): { observe(root: Element): void; stop(): void } {
  const done = new Set<string>()
  let budget = VIEWPORT_LIMIT

  function prefetch(link: HTMLAnchorElement | null, low: boolean): void {
    if (!link || !link.href || link.target === '_blank' || !canPrefetch()) return
    const url = new URL(link.href, location.href)
    const route = routeForUrl(site.baseUrl, url)
    if (route === null || url.pathname === location.pathname || done.has(route)) return
    done.add(route)
    // A failed prefetch is not an error: the click will try again and report it.
    loadRoute(route, low).catch(() => done.delete(route))
  }

  const onHover = (event: Event) =>
    prefetch((event.target as Element | null)?.closest?.('a') ?? null, false)
  document.addEventListener('mouseover', onHover, { passive: true })
  document.addEventListener('focusin', onHover, { passive: true })
  document.addEventListener('touchstart', onHover, { passive: true })

  const idle: (run: () => void) => void =
    typeof requestIdleCallback === 'function'
      ? (run) => requestIdleCallback(run, { timeout: 2000 })
      : (run) => setTimeout(run, 300)

  const observer =
    typeof IntersectionObserver === 'function'
      ? new IntersectionObserver((entries) => {
          for (const entry of entries) {
            if (!entry.isIntersecting) continue
            observer?.unobserve(entry.target)
            if (budget-- > 0) idle(() => prefetch(entry.target as HTMLAnchorElement, true))
          }
        })
      : null

  return {
    observe(root) {
      if (!observer || !canPrefetch()) return
      observer.disconnect()
      budget = VIEWPORT_LIMIT
      for (const link of root.querySelectorAll<HTMLAnchorElement>('a[href]')) {
        observer.observe(link)
      }
    },
    stop() {
      observer?.disconnect()
      document.removeEventListener('mouseover', onHover)
      document.removeEventListener('focusin', onHover)
      document.removeEventListener('touchstart', onHover)
    },
  }
}
