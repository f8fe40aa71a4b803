/**
 * `@ssg/theme-react`: the React theme of `@ssg/core`. This module is the public API: components,
 * their prop types, the override manifest and the contract version. It is safe to import on the
 * server (no DOM access at import time).
 */
import { CONTRACT_VERSION } from '@ssg/core/contract'
import { LandingPage } from './components/LandingPage/LandingPage'
import { NotFoundPage } from './components/NotFoundPage/NotFoundPage'
import { registerLayouts } from './layouts'
import { SearchBox } from './components/SearchBox/SearchBox'
import { registerSearchBox } from './components/SearchSlot/SearchSlot'

// Server renders through this module get every layout synchronously.
registerLayouts({ landing: LandingPage, 'not-found': NotFoundPage })
registerSearchBox(SearchBox)

/** The contract version this theme implements. */
export const contractVersion = CONTRACT_VERSION

export { App, type AppProps, type NavigationStatus } from './App'
export { type LayoutProps, registerLayouts } from './layouts'
export {
  manifest,
  type ComponentManifest,
  type ComponentManifestEntry,
  type Stability,
} from './manifest'
export { useTheme, type ThemeContextValue } from './context'
export {
  AnnouncementBar,
  type AnnouncementBarProps,
} from './components/AnnouncementBar/AnnouncementBar'
export { Article, type ArticleProps } from './components/Article/Article'
export { Breadcrumbs, type BreadcrumbsProps } from './components/Breadcrumbs/Breadcrumbs'
export {
  Collapsible,
  type CollapsibleProps,
  heightDuration,
} from './components/Collapsible/Collapsible'
export {
  ColorModeToggle,
  type ColorModeToggleProps,
} from './components/ColorModeToggle/ColorModeToggle'
export {
  CopyPageButton,
  type CopyPageButtonProps,
} from './components/CopyPageButton/CopyPageButton'
export { DocFooter, type DocFooterProps } from './components/DocFooter/DocFooter'
export { DocPage, type DocPageProps } from './components/DocPage/DocPage'
export {
  CrashReport,
  ErrorBoundary,
  type ErrorBoundaryProps,
  errorChain,
} from './components/ErrorBoundary/ErrorBoundary'
export { Footer, type FooterProps } from './components/Footer/Footer'
export { LandingPage, type LandingPageProps } from './components/LandingPage/LandingPage'
export { LoadError, type LoadErrorProps } from './components/LoadError/LoadError'
export { MobileMenu, type MobileMenuProps } from './components/MobileMenu/MobileMenu'
export { Navbar, type NavbarProps } from './components/Navbar/Navbar'
export { NotFoundPage, type NotFoundPageProps } from './components/NotFoundPage/NotFoundPage'
export { Pagination, type PaginationProps } from './components/Pagination/Pagination'
export { SearchBox, type SearchBoxProps } from './components/SearchBox/SearchBox'
export { Sidebar, type SidebarProps } from './components/Sidebar/Sidebar'
export { Slot, type SlotProps } from './components/Slot/Slot'
export { slotNames, type SlotComponentProps, type SlotName } from './slots'
export { Toc, type TocProps } from './components/Toc/Toc'
export { headScript, renderHead, ANNOUNCEMENT_KEY } from './head'
export { COLOR_MODE_KEY, type ColorMode } from './lib/color-mode'
export { tabsKey } from './lib/article'
export { formatDate, documentTitle } from './lib/url'
