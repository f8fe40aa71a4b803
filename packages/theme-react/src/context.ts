import type { PageData, SiteData } from '@ssg/core/contract'
import { createContext, useContext } from 'react'
import type { Article } from './components/Article/Article'
import type { ColorModeToggle } from './components/ColorModeToggle/ColorModeToggle'
import type { Icon } from './components/Icons/Icons'
import type { NavItems, SignInLink, SourceLink } from './components/Navbar/NavLinks'
import type { SearchSlot } from './components/SearchSlot/SearchSlot'
import type { Sidebar } from './components/Sidebar/Sidebar'

/**
 * Components that lazily loaded parts (mobile menu, landing and not-found layouts) take from the
 * context instead of importing them: a module imported by both the entry and a lazy chunk would
 * become one more shared chunk to download before hydration.
 */
export interface ThemeComponents {
  Article: typeof Article
  ColorModeToggle: typeof ColorModeToggle
  Icon: typeof Icon
  NavItems: typeof NavItems
  /** The search box (lazily loaded in the browser). */
  SearchBox: typeof SearchSlot
  Sidebar: typeof Sidebar
  SignInLink: typeof SignInLink
  SourceLink: typeof SourceLink
}

/** What every component may read: the site, the page shown, and the router's navigate. */
export interface ThemeContextValue {
  site: SiteData
  page: PageData
  /** Client navigation to a URL (a document load on the server and before hydration). */
  navigate: (href: string) => void
  components: ThemeComponents
}

export const ThemeContext = createContext<ThemeContextValue | null>(null)

/** The theme context; throws outside `<App>` with a message that says so. */
export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext)
  if (!value) throw new Error('Theme components must be rendered inside <App> of @ssg/theme-react')
  return value
}
