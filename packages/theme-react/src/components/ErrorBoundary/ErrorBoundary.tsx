import { Component, type ErrorInfo, type ReactNode } from 'react'

/** Props of {@link ErrorBoundary}. */
export interface ErrorBoundaryProps {
  children: ReactNode
  /** What to show instead of the children; `reset` renders them again. */
  fallback: (error: unknown, reset: () => void) => ReactNode
  /** A change (the route path) clears a caught error. */
  resetKey?: string
}

interface State {
  error: unknown
  key: string | undefined
}

/** The messages of an error and of its causes (`error.cause`, recursively), outermost first. */
export function errorChain(error: unknown): string[] {
  const messages: string[] = []
  const seen = new Set<unknown>()
  let current: unknown = error
  while (current !== undefined && current !== null && !seen.has(current) && messages.length < 10) {
    seen.add(current)
    if (current instanceof Error) {
      messages.push(current.message || current.name)
      current = current.cause
    } else {
      messages.push(String(current))
      current = undefined
    }
  }
  return messages
}

/** Catches render errors of its children and shows `fallback` instead. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  override state: State = { error: null, key: this.props.resetKey }

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown error') }
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: State): Partial<State> | null {
    return props.resetKey !== state.key ? { key: props.resetKey, error: null } : null
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('The page crashed.', error, info.componentStack)
  }

  reset = () => this.setState({ error: null })

  override render(): ReactNode {
    return this.state.error
      ? this.props.fallback(this.state.error, this.reset)
      : this.props.children
  }
}

/** The page-crash screen: "This page crashed.", "Try again", and the chain of causes. */
export function CrashReport({ error, reset }: { error: unknown; reset: () => void }) {
  const chain = errorChain(error)
  return (
    <main id="ssg-main" className="ssg-message" tabIndex={-1}>
      <div className="ssg-message__box" role="alert">
        <h1 className="ssg-message__title">This page crashed.</h1>
        <button type="button" className="ssg-button ssg-button--primary" onClick={reset}>
          Try again
        </button>
        <ol className="ssg-message__causes">
          {chain.map((message, index) => (
            <li key={index}>
              {index > 0 && <span className="ssg-message__cause-label">Cause: </span>}
              {message}
            </li>
          ))}
        </ol>
      </div>
    </main>
  )
}
