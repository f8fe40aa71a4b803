import { type RefObject, useEffect, useRef, useState } from 'react'
import type { SiteData } from '@ssg/core/contract'
import { useTheme } from '../../context'
import { withBase } from '../../lib/url'
import { ColorModeToggle } from '../ColorModeToggle/ColorModeToggle'
import { Slot } from '../Slot/Slot'
import { Icon } from '../Icons/Icons'
import { NavItems, SignInLink, SourceLink } from './NavLinks'

/** Props of {@link Navbar}. */
export interface NavbarProps {
  /** Whether the mobile menu is open (sets `aria-expanded` on the hamburger). */
  menuOpen: boolean
  /** Opens the mobile menu (below 996 px). */
  onOpenMenu: () => void
}

/**
 * The logo's `width` and `height` (`theme.options.logo: {width, height}`), which reserve its
 * space before it loads (no layout shift). Without them only the CSS height (32 px) is known.
 */
export function logoSize(options: Record<string, unknown>): { width?: number; height?: number } {
  const logo = options.logo as { width?: unknown; height?: unknown } | undefined
  const width = Number(logo?.width)
  const height = Number(logo?.height)
  return width > 0 && height > 0 ? { width, height } : {}
}

/**
 * The text next to the logo: `theme.options.navbarTitle` when set (false for none); else the
 * site title without the logo's own name (a "Veilbox" wordmark and "Veilbox Docs" show "Docs").
 */
export function navbarTitle(site: SiteData): string {
  const option = site.themeOptions.navbarTitle
  if (typeof option === 'string' || option === false) return option || ''
  const { title, logo } = site
  return logo.alt && title.startsWith(logo.alt + ' ') ? title.slice(logo.alt.length + 1) : title
}

/** Scroll distance below which the navbar always shows. */
const SHOW_ABOVE = 80

/** Hides the navbar while scrolling down, shows it when scrolling up (`navbar.hideOnScroll`). */
function useHideOnScroll(enabled: boolean, ref: RefObject<HTMLElement | null>): boolean {
  const [hidden, setHidden] = useState(false)
  useEffect(() => {
    if (!enabled) return
    let last = window.scrollY
    const onScroll = () => {
      const y = window.scrollY
      if (Math.abs(y - last) < 6) return
      const focusInside = ref.current?.contains(document.activeElement) ?? false
      setHidden(y > last && y > SHOW_ABOVE && !focusInside)
      last = y
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => window.removeEventListener('scroll', onScroll)
  }, [enabled, ref])
  return hidden
}

/** The fixed top bar: logo, sections, search, colour mode, source link and Sign In. */
export function Navbar({ menuOpen, onOpenMenu }: NavbarProps) {
  const { site, page, navigate, components } = useTheme()
  const { SearchBox } = components
  const ref = useRef<HTMLElement>(null)
  const hidden = useHideOnScroll(site.navbar.hideOnScroll, ref) && !menuOpen
  const { logo } = site
  const size = logoSize(site.themeOptions)
  const title = navbarTitle(site)
  return (
    <header ref={ref} className={'ssg-navbar' + (hidden ? ' ssg-navbar--hidden' : '')}>
      <nav className="ssg-navbar__inner" aria-label="Main">
        <button
          type="button"
          className="ssg-icon-button ssg-navbar__hamburger"
          aria-label="Open the main menu"
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onClick={onOpenMenu}
        >
          <Icon name="menu" />
        </button>
        <a className="ssg-navbar__brand" href={withBase(site.baseUrl, logo.href)}>
          {/* A site without a logo shows its title only (an empty src would refetch the page). */}
          {logo.src !== '' &&
            [logo.src, logo.srcDark].map((src, index) => (
              <img
                key={index}
                className={'ssg-navbar__logo ssg-navbar__logo--' + (index ? 'dark' : 'light')}
                src={withBase(site.baseUrl, src)}
                alt={logo.alt}
                {...size}
              />
            ))}
          {title && <span className="ssg-navbar__title">{title}</span>}
        </a>
        <NavItems site={site} path={page.path} className="ssg-navbar__items" />
        <div className="ssg-navbar__end">
          <div className="ssg-navbar__search">
            <SearchBox search={site.search} baseUrl={site.baseUrl} navigate={navigate} />
          </div>
          <Slot name="navbar.end" />
          <ColorModeToggle className="ssg-icon-button" />
          <SourceLink site={site} />
          <SignInLink site={site} />
        </div>
      </nav>
    </header>
  )
}
