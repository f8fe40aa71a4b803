import { formatDate } from '../../lib/url'

/** Props of {@link DocFooter}. */
export interface DocFooterProps {
  /** ISO date of the page's last change (`page.lastUpdated`), shown in UTC; null for none. */
  lastUpdated: string | null
  /** Target of "Edit this page" (`page.editUrl`, from `docs.editUrl`); null for none. */
  editUrl: string | null
}

/** "Edit this page" and "Last updated on <date>" under the article. */
export function DocFooter({ lastUpdated, editUrl }: DocFooterProps) {
  if (!lastUpdated && !editUrl) return null
  return (
    <div className="ssg-doc-footer">
      {editUrl && (
        <a className="ssg-doc-footer__edit" href={editUrl} rel="noopener noreferrer">
          Edit this page
        </a>
      )}
      {lastUpdated && (
        <p className="ssg-doc-footer__updated">
          Last updated on <time dateTime={lastUpdated}>{formatDate(lastUpdated)}</time>
        </p>
      )}
    </div>
  )
}
