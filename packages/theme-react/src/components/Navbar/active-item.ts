import type { NavbarItem } from '@ssg/core/contract'
import { isUnder } from '../../lib/url'

/**
 * The navbar item of a route: the one whose `activeBasePath` is the longest prefix of the path
 * (`/docs/api/x` marks API, not Documentation at `/docs`).
 */
export function activeNavItem(items: NavbarItem[], path: string): NavbarItem | null {
  let best: NavbarItem | null = null
  for (const item of items) {
    const base = item.activeBasePath || item.href
    if (isUnder(path, base) && (!best || base.length > (best.activeBasePath || best.href).length)) {
      best = item
    }
  }
  return best
}
