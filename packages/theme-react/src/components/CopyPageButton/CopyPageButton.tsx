import { copyMarkdown } from '../../lib/copy-markdown'

/** Props of {@link CopyPageButton}. */
export interface CopyPageButtonProps {
  /** URL of the page's Markdown twin (`page.markdownUrl`). */
  url: string
}

/**
 * "Copy page": copies the page's Markdown twin to the clipboard (with a dialog to copy from when
 * the browser refuses). Hidden without JavaScript; the theme shows it on pages that have a twin.
 */
export function CopyPageButton({ url }: CopyPageButtonProps) {
  return (
    <button
      type="button"
      className="ssg-copy-page"
      onClick={(event) => copyMarkdown(event.currentTarget, url, null)}
    >
      <span className="ssg-copy-page__label">Copy page</span>
    </button>
  )
}
