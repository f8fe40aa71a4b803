import type { NavLink } from '@ssg/core/contract'
import { withBase } from '../../lib/url'

/** Props of {@link Pagination}. */
export interface PaginationProps {
  prev: NavLink | null
  next: NavLink | null
  baseUrl: string
}

/** Previous / next page links at the end of a doc. */
export function Pagination({ prev, next, baseUrl }: PaginationProps) {
  if (!prev && !next) return null
  const card = (link: NavLink, kind: 'prev' | 'next') => (
    <a
      className={'ssg-pagination__link ssg-pagination__link--' + kind}
      href={withBase(baseUrl, link.href)}
      rel={kind}
    >
      <span className="ssg-pagination__label">{kind === 'prev' ? 'Previous' : 'Next'}</span>
      <span className="ssg-pagination__title">{link.label}</span>
    </a>
  )
  return (
    <nav className="ssg-pagination" aria-label="Docs pages">
      {prev ? card(prev, 'prev') : <span />}
      {next ? card(next, 'next') : <span />}
    </nav>
  )
}
