import { errorChain } from '../ErrorBoundary/ErrorBoundary'

/** Props of {@link LoadError}. */
export interface LoadErrorProps {
  error: unknown
  retry: () => void
  /** Render as the page's `main` (a failed page load) or inline (a failed chunk). @default true */
  asMain?: boolean
}

/** A page-data or chunk load failure: the error text and a Retry button. */
export function LoadError({ error, retry, asMain = true }: LoadErrorProps) {
  const box = (
    <div className="ssg-message__box" role="alert">
      <p className="ssg-message__title">Could not load this content.</p>
      <p className="ssg-message__text">{errorChain(error).join(': ')}</p>
      <button type="button" className="ssg-button ssg-button--primary" onClick={retry}>
        Retry
      </button>
    </div>
  )
  return asMain ? (
    <main id="ssg-main" className="ssg-message" tabIndex={-1}>
      {box}
    </main>
  ) : (
    box
  )
}
