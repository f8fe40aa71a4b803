import { describe, expect, test } from 'vitest'
import { makePage, makeSidebar, makeSite } from './test/fixtures'
import { App } from './App'
import { render, renderApp, text } from './test/render'

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])'

describe('App', () => {
  const doc = renderApp()

  test('the skip link is the first focusable element and targets main', () => {
    const first = doc.querySelector(FOCUSABLE)!
    expect(text(first)).toBe('Skip to main content')
    expect(first.getAttribute('href')).toBe('#ssg-main')
    expect(doc.querySelectorAll('main#ssg-main').length).toBe(1)
  })

  test('renders exactly one article element for hydration', () => {
    const articles = doc.querySelectorAll('[data-ssg-article]')
    expect(articles.length).toBe(1)
    expect(articles[0]?.innerHTML).toBe(makePage().html)
  })

  test('has a polite live region and no loading indicators on the server', () => {
    expect(doc.querySelector('#ssg-announcer')?.getAttribute('aria-live')).toBe('polite')
    expect(doc.querySelector('.ssg-progress, .ssg-spinner')).toBeNull()
  })

  test('shows the announcement bar with its link and a dismiss button', () => {
    const bar = doc.querySelector('.ssg-announcement')!
    expect(bar.getAttribute('role')).toBe('region')
    expect(bar.querySelector('a')?.getAttribute('href')).toBe('/docs/sdks/web/react/deprecations')
    expect(bar.querySelector('button')?.getAttribute('aria-label')).toBe('Dismiss announcement')
  })

  test('shows a spinner while loading, the progress bar when slow, and a load error', () => {
    const props = { site: makeSite(), page: makePage(), sidebar: makeSidebar() }
    const loading = render(
      <App {...props} navigation={{ loading: true, slow: false, error: null }} />,
    )
    expect(text(loading.querySelector('.ssg-spinner[role="status"]'))).toBe('Loading…')
    expect(loading.querySelector('[role="progressbar"]')).toBeNull()
    const slow = render(<App {...props} navigation={{ loading: true, slow: true, error: null }} />)
    expect(slow.querySelector('.ssg-progress[role="progressbar"]')).not.toBeNull()
    const failed = render(
      <App
        {...props}
        navigation={{
          loading: false,
          slow: false,
          error: { error: new Error('HTTP 503'), retry() {} },
        }}
      />,
    )
    expect(text(failed.querySelector('main [role="alert"] button'))).toBe('Retry')
    expect(text(failed.querySelector('main'))).toContain('HTTP 503')
  })

  test('renders the footer with columns, copyright and version', () => {
    const footer = doc.querySelector('footer.ssg-footer')!
    expect([...footer.querySelectorAll('h2')].map(text)).toEqual(['Docs', 'Veilbox'])
    expect(text(footer)).toContain('Copyright © 2026 Veilbox, Inc.')
    expect(text(footer.querySelector('.ssg-footer__version'))).toBe('Version 1.41.0')
  })

  test('renders the landing layout with hero, cards and Markdown', () => {
    const landing = renderApp({
      page: makePage({
        path: '/',
        layout: 'landing',
        sidebarId: null,
        html: '<p>More</p>',
        hero: {
          title: 'Build with Veilbox',
          tagline: 'Tokenize data',
          actions: [{ label: 'Get started', href: '/docs/', variant: 'primary' }],
        },
        cards: [{ title: 'API', description: 'Reference', href: '/docs/api/' }],
      }),
      sidebar: null,
    })
    expect(text(landing.querySelector('main h1'))).toBe('Build with Veilbox')
    expect(landing.querySelector('.ssg-hero__actions a')?.getAttribute('href')).toBe('/docs/')
    expect(text(landing.querySelector('.ssg-card h2'))).toBe('API')
    expect(landing.querySelector('.ssg-card a')?.getAttribute('href')).toBe('/docs/api/')
    expect(landing.querySelector('[data-ssg-article]')?.innerHTML).toBe('<p>More</p>')
    expect(landing.querySelector('.ssg-sidebar')).toBeNull()
  })

  test('renders the not-found layout', () => {
    const notFound = renderApp({
      page: makePage({
        path: '/404',
        layout: 'not-found',
        title: 'Page not found',
        html: '',
        sidebarId: null,
      }),
      sidebar: null,
    })
    expect(text(notFound.querySelector('main h1'))).toBe('Page not found')
    expect(notFound.querySelector('main a[href="/"]')).not.toBeNull()
    expect(notFound.querySelectorAll('[data-ssg-article]').length).toBe(1)
  })

  test('renders a page in no sidebar without a sidebar', () => {
    const alone = renderApp({ page: makePage({ sidebarId: null }), sidebar: null })
    expect(alone.querySelector('.ssg-sidebar')).toBeNull()
    expect(alone.querySelector('.ssg-doc--no-sidebar')).not.toBeNull()
  })

  test('uses the site given', () => {
    const site = makeSite({ announcementBar: undefined as never })
    delete (site as { announcementBar?: unknown }).announcementBar
    const plain = renderApp({ site, sidebar: makeSidebar() })
    expect(plain.querySelector('.ssg-announcement')).toBeNull()
  })
})
