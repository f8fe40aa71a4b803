import { runInNewContext } from 'node:vm'
import { describe, expect, test } from 'vitest'
import { headScript, renderHead } from './head'
import { makeSite } from './test/fixtures'

interface Env {
  stored?: Record<string, string>
  throws?: boolean
  prefersDark?: boolean
  pathname?: string
}

/** Runs the inline head script against a fake document and returns the attributes it set. */
function run(script: string, env: Env = {}) {
  const attributes: Record<string, string> = {}
  const listeners: Array<() => void> = []
  const inserted: Array<{ id: string; textContent: string }> = []
  const localStorage = {
    getItem(key: string) {
      if (env.throws) throw new Error('SecurityError')
      return env.stored?.[key] ?? null
    },
  }
  const document = {
    documentElement: { setAttribute: (name: string, value: string) => (attributes[name] = value) },
    addEventListener: (_: string, listener: () => void) => listeners.push(listener),
    createElement: () => ({ style: {}, setAttribute() {}, id: '', textContent: '' }),
    body: {
      firstChild: null,
      insertBefore: (node: { id: string; textContent: string }) => inserted.push(node),
    },
  }
  const context = {
    document,
    localStorage,
    location: { pathname: env.pathname ?? '/' },
    matchMedia: (query: string) => ({
      matches: query.includes('dark') ? !!env.prefersDark : !env.prefersDark,
    }),
  }
  runInNewContext(script, context)
  listeners.forEach((listener) => listener())
  return { attributes, inserted }
}

describe('head script', () => {
  const site = makeSite()

  test('falls back to the site default (dark) when nothing is stored', () => {
    expect(run(headScript(site)).attributes['data-theme']).toBe('dark')
  })

  test('applies the stored mode, and ignores invalid values', () => {
    expect(run(headScript(site), { stored: { theme: 'light' } }).attributes['data-theme']).toBe(
      'light',
    )
    expect(run(headScript(site), { stored: { theme: 'blue' } }).attributes['data-theme']).toBe(
      'dark',
    )
  })

  test('follows the system preference when the site respects it', () => {
    const respecting = makeSite({
      colorMode: { defaultMode: 'dark', respectPrefersColorScheme: true },
    })
    expect(run(headScript(respecting), { prefersDark: false }).attributes['data-theme']).toBe(
      'light',
    )
    expect(run(headScript(respecting), { prefersDark: true }).attributes['data-theme']).toBe('dark')
  })

  test('survives a throwing localStorage', () => {
    const { attributes } = run(headScript(site), { throws: true })
    expect(attributes['data-theme']).toBe('dark')
    expect(attributes['data-js']).toBe('')
    expect(attributes['data-announcement-dismissed']).toBeUndefined()
  })

  test('marks the announcement dismissed only for the same bar id', () => {
    const dismissed = { 'ssg-announcement-dismissed': 'react-elements-3-4' }
    expect(
      run(headScript(site), { stored: dismissed }).attributes['data-announcement-dismissed'],
    ).toBe('')
    const older = { 'ssg-announcement-dismissed': 'an-older-bar' }
    expect(
      run(headScript(site), { stored: older }).attributes['data-announcement-dismissed'],
    ).toBeUndefined()
  })

  test('shows a banner with a suggested base URL when served under another path', () => {
    const based = makeSite({ baseUrl: '/veilbox/' })
    expect(run(headScript(based), { pathname: '/veilbox/docs/' }).inserted).toEqual([])
    const [banner] = run(headScript(based), { pathname: '/docs/concepts/' }).inserted
    expect(banner?.id).toBe('ssg-base-url-issue')
    expect(banner?.textContent).toContain('did not load properly')
    expect(banner?.textContent).toContain('setting baseUrl to /docs/')
  })

  test('renders the script and a theme-color for each mode', () => {
    const head = renderHead(site)
    expect(head.startsWith('<script>(function(){')).toBe(true)
    expect(head).toContain('<meta name="theme-color" media="(prefers-color-scheme: light)"')
    expect(head).toContain('<meta name="theme-color" media="(prefers-color-scheme: dark)"')
    expect(head).not.toMatch(/<script[^>]+src=/)
  })

  test('theme-color: the page backgrounds, or the brand colours of theme.options.themeColor', () => {
    const metas = (head: string) =>
      [...head.matchAll(/name="theme-color"[^>]*content="([^"]*)"/g)].map((m) => m[1])
    expect(metas(renderHead(site))).toEqual(['#ffffff', '#0d1117'])
    const branded = makeSite({
      themeOptions: { themeColor: { light: '#faf5ff', dark: 'rgb(20, 15, 31)' } },
    })
    expect(metas(renderHead(branded))).toEqual(['#faf5ff', 'rgb(20, 15, 31)'])
    // Not a colour (here, an attempt to break out of the attribute): the default stays.
    const odd = makeSite({
      themeOptions: { themeColor: { light: '"><script>x</script>', dark: 7 } },
    })
    expect(metas(renderHead(odd))).toEqual(['#ffffff', '#0d1117'])
  })
})
