import { describe, expect, test } from 'vitest'
import { makeSite } from '../test/fixtures'
import {
  documentTitle,
  formatDate,
  isExternal,
  routeOf,
  samePath,
  sidebarLabel,
  withBase,
} from './url'

describe('url helpers', () => {
  test('routeOf resolves .html and /index.html and strips the base URL', () => {
    expect(routeOf('/', '/docs/x.html')).toBe('/docs/x')
    expect(routeOf('/', '/docs/x/index.html')).toBe('/docs/x/')
    expect(routeOf('/', '/index.html')).toBe('/')
    expect(routeOf('/base/', '/base/docs/x')).toBe('/docs/x')
    expect(routeOf('/base/', '/base')).toBe('/')
    expect(routeOf('/base/', '/other/docs/x')).toBeNull()
  })

  test('withBase prefixes site paths only', () => {
    expect(withBase('/', '/docs/')).toBe('/docs/')
    expect(withBase('/base/', '/docs/')).toBe('/base/docs/')
    expect(withBase('/base/', 'https://github.com/veilbox')).toBe('https://github.com/veilbox')
    expect(withBase('/base/', '//cdn.example/x')).toBe('//cdn.example/x')
    expect(withBase('/base/', '#top')).toBe('#top')
  })

  test('samePath and isExternal', () => {
    expect(samePath('/docs/x/', '/docs/x')).toBe(true)
    expect(samePath('/', '/')).toBe(true)
    expect(samePath('/docs/x', '/docs/y')).toBe(false)
    expect(isExternal('https://portal.veilbox.example')).toBe(true)
    expect(isExternal('mailto:a@b.c')).toBe(true)
    expect(isExternal('/docs/')).toBe(false)
  })

  test('formatDate prints the same UTC date everywhere', () => {
    expect(formatDate('2025-03-05T23:30:00.000Z')).toBe('March 5, 2025')
    expect(formatDate('2025-12-31T00:00:00+02:00')).toBe('December 30, 2025')
    expect(formatDate('not a date')).toBe('not a date')
  })

  test('documentTitle matches the titles the core writes', () => {
    const site = makeSite()
    expect(documentTitle(site, { path: '/', title: 'Home' })).toBe(
      'Veilbox Docs - Tokenize, protect and use sensitive data',
    )
    expect(documentTitle(site, { path: '/docs/x', title: 'Tokens' })).toBe('Tokens | Veilbox Docs')
  })

  test('sidebarLabel names the sidebars', () => {
    expect(sidebarLabel('docs')).toBe('Docs sidebar')
    expect(sidebarLabel('api')).toBe('API sidebar')
    expect(sidebarLabel('sdk')).toBe('SDK sidebar')
  })
})
