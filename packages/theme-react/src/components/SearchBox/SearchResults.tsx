import type { PageResult, SnippetSegment } from '@ssg/search-indexer/browser'
import type { MouseEvent } from 'react'
import { withBase } from '../../lib/url'
import type { SearchStatus } from './search-state'

/** Props of {@link SearchResults}. */
export interface SearchResultsProps {
  /** Id of the listbox (the input's `aria-controls`). */
  id: string
  query: string
  status: SearchStatus
  pages: readonly PageResult[]
  /** Index of the active option among all sections, or -1. */
  active: number
  baseUrl: string
  onChoose: (url: string, event: MouseEvent) => void
  onHover: (index: number) => void
  onRetry: () => void
}

/** Id of the option at `index` of the listbox `id` (for `aria-activedescendant`). */
export const optionId = (id: string, index: number) => `${id}-option-${index}`

/**
 * The dropdown: sections grouped by page, matched words marked. Snippets are text segments
 * rendered as React text (escaped), never HTML from the index.
 */
export function SearchResults(props: SearchResultsProps) {
  const { id, query, status, pages, active, baseUrl } = props
  let index = 0
  const count = pages.reduce((n, page) => n + page.sections.length, 0)
  return (
    // The panel scrolls when the results are long: it is a tab stop, so that a keyboard can
    // scroll it too (the arrows move through the options from the input).
    <div className="ssg-search__panel" tabIndex={0} onMouseDown={(event) => event.preventDefault()}>
      {status.state === 'error' ? (
        <div className="ssg-search__error" role="alert">
          <p className="ssg-search__message">{status.message}</p>
          <button type="button" className="ssg-search__retry" onClick={props.onRetry}>
            Retry
          </button>
        </div>
      ) : status.state !== 'ready' ? (
        <p className="ssg-search__message" role="status">
          Loading the search index…
        </p>
      ) : count === 0 ? (
        <p className="ssg-search__message" role="status">
          No results for “{query.trim()}”
        </p>
      ) : (
        <p className="ssg-sr-only" role="status">
          {count === 1 ? '1 result' : `${count} results`}
        </p>
      )}
      <ul
        id={id}
        role="listbox"
        aria-label="Search results"
        className="ssg-search__results"
        hidden={count === 0}
      >
        {pages.map((page) => {
          // The group's name is the page title; the visible title is hidden from the
          // accessibility tree, so that the listbox holds only groups and options.
          return (
            <li key={page.url} role="presentation" className="ssg-search__page">
              <ul role="group" aria-label={page.title} className="ssg-search__group">
                <li role="none" aria-hidden="true" className="ssg-search__page-title">
                  {page.breadcrumbs.length > 0 && (
                    <span className="ssg-search__breadcrumbs">
                      {page.breadcrumbs.join(' › ')} ›{' '}
                    </span>
                  )}
                  {page.title}
                </li>
                {page.sections.map((section) => {
                  const current = index++
                  return (
                    // The option is the link itself: an option may not hold interactive content.
                    <li key={section.url} role="none">
                      <a
                        id={optionId(id, current)}
                        role="option"
                        aria-selected={current === active}
                        className={
                          'ssg-search__option' +
                          (current === active ? ' ssg-search__option--active' : '')
                        }
                        href={withBase(baseUrl, section.url)}
                        tabIndex={-1}
                        onMouseMove={() => current !== active && props.onHover(current)}
                        onClick={(event) => props.onChoose(section.url, event)}
                      >
                        <span className="ssg-search__heading">
                          <Snippet segments={section.headingSnippet} />
                        </span>
                        {section.snippet.length > 0 && (
                          <span className="ssg-search__snippet">
                            <Snippet segments={section.snippet} />
                          </span>
                        )}
                      </a>
                    </li>
                  )
                })}
              </ul>
            </li>
          )
        })}
      </ul>
    </div>
  )
}

/** Snippet segments as text, matched words in `<mark>`. */
export function Snippet({ segments }: { segments: readonly SnippetSegment[] }) {
  return (
    <>
      {segments.map((segment, k) =>
        segment.match ? (
          <mark key={k} className="ssg-search__mark">
            {segment.text}
          </mark>
        ) : (
          segment.text
        ),
      )}
    </>
  )
}
