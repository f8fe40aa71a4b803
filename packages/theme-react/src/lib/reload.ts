import { sessionStore } from './storage'

/** `sessionStorage` key remembering which URL was last reloaded after a failed route load. */
export const RELOAD_KEY = 'ssg-reloaded'

/**
 * After a failed route load (a newer deploy removed the page data or a chunk, a broken network),
 * logs a warning and loads the URL as a full document, once: when the same URL was just
 * reloaded, returns false and the caller shows the error instead (no reload loop).
 */
export function reloadOnce(href: string, error: unknown): boolean {
  console.warn(`Could not load the route ${href}; loading it again as a full page.`, error)
  if (sessionStore.get(RELOAD_KEY) === href) return false
  sessionStore.set(RELOAD_KEY, href)
  try {
    // Without a working sessionStorage the guard would not survive the reload: no loop risk taken.
    if (window.sessionStorage.getItem(RELOAD_KEY) !== href) return false
  } catch {
    return false
  }
  if (location.href === href) location.reload()
  else location.assign(href)
  return true
}

/** Clears the reload guard once a page has loaded and hydrated. */
export function clearReloadGuard(): void {
  if (sessionStore.get(RELOAD_KEY) !== null) sessionStore.remove(RELOAD_KEY)
}
