import type { SiteData } from '@ssg/core/contract'
import { samePath, withBase } from '../../lib/url'
import { Icon } from '../Icons/Icons'
import { activeNavItem } from './active-item'

/** The navbar's section links (Documentation, API, SDKs), active by section. */
export function NavItems({
  site,
  path,
  className,
}: {
  site: SiteData
  path: string
  className: string
}) {
  const active = activeNavItem(site.navbar.items, path)
  return (
    <ul className={className}>
      {site.navbar.items.map((item) => (
        <li key={item.href}>
          <a
            className={'ssg-navbar__link' + (item === active ? ' ssg-navbar__link--active' : '')}
            href={withBase(site.baseUrl, item.href)}
            aria-current={samePath(item.href, path) ? 'page' : undefined}
          >
            {item.label}
          </a>
        </li>
      ))}
    </ul>
  )
}

/** The Sign In button: the customer portal, in a new tab. */
export function SignInLink({ site, className }: { site: SiteData; className?: string }) {
  const link = site.navbar.signIn
  if (!link) return null
  return (
    <a
      className={'ssg-button ssg-button--primary ssg-signin' + (className ? ' ' + className : '')}
      href={link.href}
      target="_blank"
      rel="noopener noreferrer"
    >
      {link.label}
      <span className="ssg-sr-only"> (opens in a new tab)</span>
      <Icon name="external" />
    </a>
  )
}

/** The source-code organisation link: an icon with an accessible name. */
export function SourceLink({ site, withText = false }: { site: SiteData; withText?: boolean }) {
  const link = site.navbar.sourceLink
  if (!link) return null
  return (
    <a
      className="ssg-icon-button ssg-source-link"
      href={link.href}
      aria-label={withText ? undefined : link.label}
      title={link.label}
    >
      <Icon name="github" />
      {withText && <span>{link.label}</span>}
    </a>
  )
}
