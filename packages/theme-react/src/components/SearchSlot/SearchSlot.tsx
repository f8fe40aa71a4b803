import { type ComponentType, lazy, Suspense, useState } from 'react'
import type { SearchBoxProps } from '../SearchBox/SearchBox'
import { ErrorBoundary, errorChain } from '../ErrorBoundary/ErrorBoundary'

type SearchBoxComponent = ComponentType<SearchBoxProps>

const load = () =>
  import('../SearchBox/SearchBox').then((module) => ({ default: module.SearchBox }))
let LazySearchBox = lazy(load)
let registered: SearchBoxComponent | null = null

/** The server render registers the search box synchronously (`renderToString` cannot wait). */
export function registerSearchBox(component: SearchBoxComponent): void {
  registered = component
}

/** Starts loading the search box chunk early (the client entry, before hydration). */
export function preloadSearchBox(): void {
  load().catch(() => {
    // A failure shows where the box is, with Retry.
  })
}

/**
 * Where the search box goes (navbar, mobile menu). In the browser it is a lazy chunk: React keeps
 * the server-rendered box and hydrates it when the chunk arrives (a Suspense boundary), so the
 * search UI is not part of the initial JavaScript. A failed chunk load shows its error and Retry.
 */
export function SearchSlot(props: SearchBoxProps) {
  const [attempt, setAttempt] = useState(0)
  const Box = registered ?? LazySearchBox
  return (
    <ErrorBoundary
      resetKey={String(attempt)}
      fallback={(error) => (
        <div className="ssg-search-error" role="alert">
          <span className="ssg-search-error__text" title={errorChain(error).join(': ')}>
            Search could not load.
          </span>
          <button
            type="button"
            className="ssg-button ssg-button--secondary"
            onClick={() => {
              LazySearchBox = lazy(load)
              setAttempt(attempt + 1)
            }}
          >
            Retry
          </button>
        </div>
      )}
    >
      <Suspense fallback={null}>
        <Box {...props} />
      </Suspense>
    </ErrorBoundary>
  )
}
