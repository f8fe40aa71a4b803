import type { PageData, Sidebar, SiteData } from '@ssg/core/contract'
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react'
import { AnnouncementBar } from './components/AnnouncementBar/AnnouncementBar'
import { CrashReport, ErrorBoundary } from './components/ErrorBoundary/ErrorBoundary'
import { Footer } from './components/Footer/Footer'
import { LoadError } from './components/LoadError/LoadError'
import { Navbar } from './components/Navbar/Navbar'
import { Article } from './components/Article/Article'
import { ColorModeToggle } from './components/ColorModeToggle/ColorModeToggle'
import { Icon } from './components/Icons/Icons'
import { NavItems, SignInLink, SourceLink } from './components/Navbar/NavLinks'
import { SearchSlot } from './components/SearchSlot/SearchSlot'
import { Slot } from './components/Slot/Slot'
import { Sidebar as SidebarNav } from './components/Sidebar/Sidebar'
import { ThemeContext, type ThemeComponents, type ThemeContextValue } from './context'
import { getLayout } from './layouts'

/** The state of client navigation, as the app shows it. */
export interface NavigationStatus {
  /** A page is loading: show the spinner. */
  loading: boolean
  /** It has been loading for over 200 ms: show the progress bar. */
  slow: boolean
  /** The last navigation failed: show its error and a Retry button. */
  error: { error: unknown; retry: () => void } | null
}

/** Props of {@link App}. */
export interface AppProps {
  site: SiteData
  page: PageData
  sidebar: Sidebar | null
  navigation?: NavigationStatus
  /** Client navigation; defaults to a document load. */
  navigate?: (href: string) => void
}

const components: ThemeComponents = {
  Article,
  ColorModeToggle,
  Icon,
  NavItems,
  SearchBox: SearchSlot,
  Sidebar: SidebarNav,
  SignInLink,
  SourceLink,
}

const IDLE: NavigationStatus = { loading: false, slow: false, error: null }
const assign = (href: string) => window.location.assign(href)

/** The lazily loaded mobile menu; a new attempt after a failed chunk load gets a fresh import. */
const loadMenu = () =>
  import('./components/MobileMenu/MobileMenu').then((module) => ({ default: module.MobileMenu }))
let LazyMenu = lazy(loadMenu)

/** The whole app: skip link, announcement, navbar, the page's layout, footer. */
export function App({ site, page, sidebar, navigation = IDLE, navigate = assign }: AppProps) {
  const [menuOpen, setMenuOpen] = useState(false)
  const [menuAttempt, setMenuAttempt] = useState(0)
  const closeMenu = useCallback(() => {
    setMenuOpen(false)
    document.querySelector<HTMLElement>('.ssg-navbar__hamburger')?.focus({ preventScroll: true })
  }, [])
  useEffect(() => setMenuOpen(false), [page.path])
  const context = useMemo<ThemeContextValue>(
    () => ({ site, page, navigate, components }),
    [site, page, navigate],
  )
  const { loading, slow, error } = navigation
  const Layout = getLayout(page.layout)
  return (
    <ThemeContext.Provider value={context}>
      <div id="ssg-focus-start" tabIndex={-1} />
      <a className="ssg-skip-link" href="#ssg-main">
        Skip to main content
      </a>
      <div id="ssg-announcer" className="ssg-sr-only" aria-live="polite" aria-atomic="true" />
      {slow && <div className="ssg-progress" role="progressbar" aria-label="Loading the page" />}
      {loading && (
        <div className="ssg-spinner" role="status">
          <span className="ssg-sr-only">Loading…</span>
        </div>
      )}
      {site.announcementBar && (
        <AnnouncementBar bar={site.announcementBar} baseUrl={site.baseUrl} />
      )}
      <Navbar menuOpen={menuOpen} onOpenMenu={() => setMenuOpen(true)} />
      {menuOpen && (
        <ErrorBoundary
          resetKey={String(menuAttempt)}
          fallback={(menuError) => (
            <div className="ssg-mobile-menu ssg-mobile-menu--error">
              <LoadError
                asMain={false}
                error={menuError}
                retry={() => {
                  LazyMenu = lazy(loadMenu)
                  setMenuAttempt(menuAttempt + 1)
                }}
              />
            </div>
          )}
        >
          <Suspense fallback={null}>
            <LazyMenu sidebar={sidebar} onClose={closeMenu} />
          </Suspense>
        </ErrorBoundary>
      )}
      <div className="ssg-page">
        <ErrorBoundary
          resetKey={page.path}
          fallback={(crash, reset) => <CrashReport error={crash} reset={reset} />}
        >
          {error ? (
            <LoadError error={error.error} retry={error.retry} />
          ) : (
            <Layout page={page} sidebar={sidebar} />
          )}
        </ErrorBoundary>
      </div>
      <Slot name="footer.before" />
      <Footer site={site} />
    </ThemeContext.Provider>
  )
}
