import { describe, expect, test } from 'vitest'
import { render, text } from '../../test/render'
import { CrashReport, ErrorBoundary, errorChain } from './ErrorBoundary'
import { LoadError } from '../LoadError/LoadError'

describe('errorChain', () => {
  test('lists the messages of an error and its causes, outermost first', () => {
    const root = new TypeError('fetch failed')
    const error = new Error('Cannot render the sidebar', {
      cause: new Error('Bad data', { cause: root }),
    })
    expect(errorChain(error)).toEqual(['Cannot render the sidebar', 'Bad data', 'fetch failed'])
  })

  test('stops on cycles and shows non-Error values', () => {
    const a = new Error('a')
    const b = new Error('b', { cause: a })
    ;(a as { cause?: unknown }).cause = b
    expect(errorChain(a)).toEqual(['a', 'b'])
    expect(errorChain('plain')).toEqual(['plain'])
  })
})

describe('CrashReport', () => {
  test('says "This page crashed." with "Try again" and the chain of causes', () => {
    const error = new Error('Outer', { cause: new Error('Inner') })
    const doc = render(<CrashReport error={error} reset={() => {}} />)
    const alert = doc.querySelector('[role="alert"]')!
    expect(text(alert.querySelector('h1'))).toBe('This page crashed.')
    expect(text(alert.querySelector('button'))).toBe('Try again')
    expect([...alert.querySelectorAll('ol li')].map(text)).toEqual(['Outer', 'Cause: Inner'])
    expect(doc.querySelector('main#ssg-main')).not.toBeNull()
  })
})

describe('ErrorBoundary', () => {
  test('renders its children when nothing throws', () => {
    const doc = render(
      <ErrorBoundary fallback={() => <p>fallback</p>}>
        <p>content</p>
      </ErrorBoundary>,
    )
    expect(text(doc.body)).toBe('content')
  })
})

describe('LoadError', () => {
  test('shows the error text and a Retry button', () => {
    const doc = render(
      <LoadError error={new Error('Could not load /x.json: 503')} retry={() => {}} />,
    )
    expect(text(doc.querySelector('.ssg-message__text'))).toBe('Could not load /x.json: 503')
    expect(text(doc.querySelector('button'))).toBe('Retry')
    expect(doc.querySelector('[role="alert"]')).not.toBeNull()
  })
})
