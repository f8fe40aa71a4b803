import type { Sidebar as SidebarData } from '@ssg/core/contract'
import { type KeyboardEvent, useEffect, useRef, useState } from 'react'
import { useTheme } from '../../context'
import { sidebarLabel } from '../../lib/url'

/** Props of {@link MobileMenu}. */
export interface MobileMenuProps {
  sidebar: SidebarData | null
  onClose: () => void
}

/** Width from which the desktop navbar shows (and the mobile menu closes). */
export const DESKTOP_QUERY = '(min-width: 996px)'

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])'

/**
 * The panel the hamburger opens below 996 px: the main menu and, in the docs area, the current
 * sidebar with a "Back to main menu" button. It traps focus, and closes on Escape, on a link
 * click (navigation) and when the window becomes desktop-wide.
 */
export function MobileMenu({ sidebar, onClose }: MobileMenuProps) {
  const { site, page, navigate, components } = useTheme()
  const { ColorModeToggle, Icon, NavItems, SearchBox, Sidebar, SignInLink, SourceLink } = components
  const [view, setView] = useState<'main' | 'sidebar'>(sidebar ? 'sidebar' : 'main')
  const panel = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const root = document.documentElement
    root.classList.add('ssg-menu-open')
    const desktop = window.matchMedia(DESKTOP_QUERY)
    const onChange = () => desktop.matches && onClose()
    desktop.addEventListener('change', onChange)
    onChange()
    return () => {
      root.classList.remove('ssg-menu-open')
      desktop.removeEventListener('change', onChange)
    }
  }, [onClose])

  // Focus the first control of each view.
  useEffect(() => {
    panel.current?.querySelector<HTMLElement>('.ssg-mobile-menu__view ' + FOCUSABLE)?.focus()
  }, [view])

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation()
      onClose()
      return
    }
    if (event.key !== 'Tab' || !panel.current) return
    const items = Array.from(panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
      (el) => el.offsetParent !== null || el === document.activeElement,
    )
    const first = items[0]
    const last = items[items.length - 1]
    if (!first || !last) return
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault()
      first.focus()
    }
  }

  return (
    <div className="ssg-mobile-menu">
      <div className="ssg-mobile-menu__backdrop" onClick={onClose} />
      <div
        ref={panel}
        className="ssg-mobile-menu__panel"
        role="dialog"
        aria-modal="true"
        aria-label="Main menu"
        onKeyDown={onKeyDown}
        onClick={(event) => (event.target as Element).closest('a[href]') && onClose()}
      >
        <div className="ssg-mobile-menu__header">
          <span className="ssg-mobile-menu__title">{site.title}</span>
          <button
            type="button"
            className="ssg-icon-button"
            aria-label="Close the menu"
            onClick={onClose}
          >
            <Icon name="close" />
          </button>
        </div>
        {view === 'sidebar' && sidebar ? (
          <div className="ssg-mobile-menu__view" key="sidebar">
            <button type="button" className="ssg-mobile-menu__back" onClick={() => setView('main')}>
              <Icon name="chevron" className="ssg-mobile-menu__back-icon" />
              Back to main menu
            </button>
            <Sidebar
              sidebar={sidebar}
              activePath={page.path}
              baseUrl={site.baseUrl}
              label={sidebarLabel(sidebar.id)}
            />
          </div>
        ) : (
          <div className="ssg-mobile-menu__view" key="main">
            <div className="ssg-mobile-menu__search">
              <SearchBox search={site.search} baseUrl={site.baseUrl} navigate={navigate} />
            </div>
            <nav aria-label="Main menu">
              <NavItems site={site} path={page.path} className="ssg-mobile-menu__items" />
            </nav>
            {sidebar && (
              <button
                type="button"
                className="ssg-mobile-menu__back ssg-mobile-menu__forward"
                onClick={() => setView('sidebar')}
              >
                {sidebarLabel(sidebar.id).replace(' sidebar', '')} pages
                <Icon name="chevron" />
              </button>
            )}
            <div className="ssg-mobile-menu__actions">
              <SignInLink site={site} className="ssg-button--block" />
              <SourceLink site={site} withText />
              <ColorModeToggle className="ssg-mobile-menu__toggle" showLabel />
            </div>
          </div>
        )}
      </div>
    </div>
  )
}
