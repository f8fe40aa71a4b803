import type { PageData } from '@ssg/core/contract'
import { useTheme } from '../../context'
import { hasTitle, withBase } from '../../lib/url'

/** Props of {@link NotFoundPage}. */
export interface NotFoundPageProps {
  page: PageData
}

/** Shown for unknown paths (the core's `404.html`, and by the client router). */
export function NotFoundPage({ page }: NotFoundPageProps) {
  const { site, components } = useTheme()
  const { Article } = components
  const html = page.html.trim()
  return (
    <main id="ssg-main" className="ssg-message" tabIndex={-1}>
      {!hasTitle(html) && <h1 className="ssg-message__title">{page.title || 'Page not found'}</h1>}
      {!html && (
        <p className="ssg-message__text">
          We could not find a page at this address. It may have moved, or the link may be wrong.
        </p>
      )}
      <Article html={html} />
      <p className="ssg-message__actions">
        <a className="ssg-button ssg-button--primary" href={site.baseUrl}>
          Go to the home page
        </a>
        <a
          className="ssg-button ssg-button--secondary"
          href={withBase(site.baseUrl, site.docs.basePath.replace(/\/?$/, '/'))}
        >
          Browse the documentation
        </a>
      </p>
    </main>
  )
}
