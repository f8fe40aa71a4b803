import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { notFoundPageData } from '@ssg/core/contract'
import { makePage, makeSite, memoryStorage } from '../test/fixtures'
import { PREFERRED_VERSION_KEY, rememberDocsVersion } from './docs-version'
import { resetStorageForTests } from './storage'

let data: Map<string, string>

beforeEach(() => {
  data = new Map()
  const localStorage = memoryStorage(data)
  vi.stubGlobal('window', { localStorage, sessionStorage: localStorage })
})

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  resetStorageForTests()
})

describe('rememberDocsVersion', () => {
  test('a docs page stores the version name under the key of the default docs plugin', () => {
    expect(PREFERRED_VERSION_KEY).toBe('docs-preferred-version-default')
    rememberDocsVersion(makeSite(), makePage({ path: '/docs/concepts/what-are-tokens' }))
    expect([...data]).toEqual([['docs-preferred-version-default', 'current']])
  })

  test('the docs home and pages without a sidebar under the base path count', () => {
    for (const path of ['/docs/', '/docs', '/docs/guides/collect/collect-cards-with-your-inputs']) {
      data.clear()
      rememberDocsVersion(makeSite(), makePage({ path, sidebarId: null }))
      expect(data.get(PREFERRED_VERSION_KEY), path).toBe('current')
    }
  })

  test('pages outside the docs base path, and a not-found page inside it, store nothing', () => {
    const site = makeSite()
    rememberDocsVersion(site, makePage({ path: '/', layout: 'landing' }))
    rememberDocsVersion(site, makePage({ path: '/docsearch', layout: 'page' }))
    rememberDocsVersion(site, notFoundPageData({ path: '/docs/nope', description: '' }))
    expect(data.size).toBe(0)
  })

  test('follows the configured base path', () => {
    const site = makeSite({ docs: { basePath: '/reference', versionLabel: 'Next' } })
    rememberDocsVersion(site, makePage({ path: '/docs/concepts/' }))
    expect(data.size).toBe(0)
    rememberDocsVersion(site, makePage({ path: '/reference/x' }))
    expect(data.get(PREFERRED_VERSION_KEY)).toBe('current')
  })

  test('a throwing localStorage logs one warning and does not throw', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const fail = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError')
    }
    vi.stubGlobal('window', {
      localStorage: { getItem: fail, setItem: fail, removeItem: fail },
    })
    expect(() => {
      rememberDocsVersion(makeSite(), makePage())
      rememberDocsVersion(makeSite(), makePage({ path: '/docs/api/' }))
    }).not.toThrow()
    expect(warn).toHaveBeenCalledTimes(1)
  })
})
