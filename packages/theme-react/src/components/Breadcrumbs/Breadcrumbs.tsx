import type { NavLink } from '@ssg/core/contract'
import { samePath, withBase } from '../../lib/url'
import { Icon } from '../Icons/Icons'

/** Props of {@link Breadcrumbs}. */
export interface BreadcrumbsProps {
  items: NavLink[]
  /** The page shown: its own crumb is plain text with `aria-current="page"`. */
  current: { title: string; path: string }
  baseUrl: string
}

/** The path from the docs home to the page shown. */
export function Breadcrumbs({ items, current, baseUrl }: BreadcrumbsProps) {
  const last = items[items.length - 1]
  const links = last && samePath(last.href, current.path) ? items.slice(0, -1) : items
  const currentLabel = last && samePath(last.href, current.path) ? last.label : current.title
  if (links.length === 0) return null
  return (
    <nav className="ssg-breadcrumbs" aria-label="Breadcrumbs">
      <ol className="ssg-breadcrumbs__list">
        {links.map((item) => (
          <li className="ssg-breadcrumbs__item" key={item.href}>
            <a className="ssg-breadcrumbs__link" href={withBase(baseUrl, item.href)}>
              {item.label}
            </a>
            <Icon name="chevron" className="ssg-breadcrumbs__separator" />
          </li>
        ))}
        <li className="ssg-breadcrumbs__item" aria-current="page">
          {currentLabel}
        </li>
      </ol>
    </nav>
  )
}
