import { type RefObject, useEffect, useRef, useState } from 'react'
import { useTheme } from '../../context'
import { withBase } from '../../lib/url'
import { ColorModeToggle } from '../ColorModeToggle/ColorModeToggle'
import { Icon } from '../Icons/Icons'
import { SearchBox } from '../SearchBox/SearchBox'
import { NavItems, SignInLink, SourceLink } from './NavLinks'

/** Props of {@link Navbar}. */
export interface NavbarProps {
  /** Whether the mobile menu is open (sets `aria-expanded` on the hamburger). */
  menuOpen: boolean
  /** Opens the mobile menu (below 996 px). */
  onOpenMenu: () => void
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
  const { site, page, navigate } = useTheme()
  const ref = useRef<HTMLElement>(null)
  const hidden = useHideOnScroll(site.navbar.hideOnScroll, ref) && !menuOpen
  const { logo } = site
  const width = Number(site.themeOptions.logoWidth) || 32
  const height = Number(site.themeOptions.logoHeight) || 32
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
          {[logo.src, logo.srcDark].map((src, index) => (
            <img
              key={index}
              className={'ssg-navbar__logo ssg-navbar__logo--' + (index ? 'dark' : 'light')}
              src={withBase(site.baseUrl, src)}
              alt={logo.alt}
              width={width}
              height={height}
            />
          ))}
          <span className="ssg-navbar__title">{site.title}</span>
        </a>
        <NavItems site={site} path={page.path} className="ssg-navbar__items" />
        <div className="ssg-navbar__end">
          <div className="ssg-navbar__search">
            <SearchBox search={site.search} baseUrl={site.baseUrl} navigate={navigate} />
          </div>
          <ColorModeToggle className="ssg-icon-button" />
          <SourceLink site={site} />
          <SignInLink site={site} />
        </div>
      </nav>
    </header>
  )
}
