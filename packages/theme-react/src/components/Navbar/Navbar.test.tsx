import { describe, expect, test } from 'vitest'
import { makePage, makeSite } from '../../test/fixtures'
import { renderApp, text } from '../../test/render'
import { activeNavItem } from './active-item'

describe('Navbar', () => {
  const doc = renderApp({ page: makePage({ path: '/docs/api/tokens/tokenize' }) })
  const nav = doc.querySelector('header.ssg-navbar nav[aria-label="Main"]')!

  test('is a labelled navigation landmark with the logo in both colour modes', () => {
    expect(nav).not.toBeNull()
    const logos = nav.querySelectorAll('img.ssg-navbar__logo')
    expect([...logos].map((img) => img.getAttribute('src'))).toEqual([
      '/img/logo-light.svg',
      '/img/logo-dark.svg',
    ])
    for (const img of logos) expect(img.getAttribute('alt')).toBe('Veilbox')
    // A "Veilbox" wordmark next to "Veilbox Docs" shows "Docs" only.
    expect(text(nav.querySelector('.ssg-navbar__title'))).toBe('Docs')
    expect(text(nav.querySelector('a.ssg-navbar__brand'))).toBe('Docs')
  })

  test('reserves the logo size given in the theme options', () => {
    const site = makeSite({
      themeOptions: { logo: { width: 132, height: 32 }, navbarTitle: false },
    })
    const sized = renderApp({ site })
    const img = sized.querySelector('img.ssg-navbar__logo')!
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['132', '32'])
    expect(sized.querySelector('.ssg-navbar__title')).toBeNull()
  })

  test('a site without a logo shows its title and no image', () => {
    const site = makeSite({
      title: 'Handbook',
      logo: { src: '', srcDark: '', alt: 'Handbook', href: '/' },
    })
    const bare = renderApp({ site })
    expect(bare.querySelector('img.ssg-navbar__logo')).toBeNull()
    expect(text(bare.querySelector('a.ssg-navbar__brand'))).toBe('Handbook')
  })

  test('marks the section of the page active, the most specific one only', () => {
    const links = [...nav.querySelectorAll('.ssg-navbar__items a')]
    expect(links.map(text)).toEqual(['Documentation', 'API', 'SDKs'])
    const active = links.filter((a) => a.className.includes('--active')).map(text)
    expect(active).toEqual(['API'])
  })

  test('opens Sign In in a new tab without opener', () => {
    const signIn = nav.querySelector('a.ssg-signin')!
    expect(signIn.getAttribute('href')).toBe('https://portal.veilbox.example')
    expect(signIn.getAttribute('target')).toBe('_blank')
    expect(signIn.getAttribute('rel')).toBe('noopener noreferrer')
    expect(text(signIn)).toBe('Sign In (opens in a new tab)')
  })

  test('names the source-code link and the icon-only buttons', () => {
    const source = nav.querySelector('a.ssg-source-link')!
    expect(source.getAttribute('href')).toBe('https://github.com/veilbox')
    expect(source.getAttribute('aria-label')).toBe('Veilbox on GitHub')
    expect(source.querySelector('[aria-hidden="true"]')).not.toBeNull()
    const toggle = nav.querySelector('button.ssg-color-toggle')!
    expect(toggle.getAttribute('aria-label')).toBe('Switch to light mode')
    const hamburger = nav.querySelector('button.ssg-navbar__hamburger')!
    expect(hamburger.getAttribute('aria-label')).toBe('Open the main menu')
    expect(hamburger.getAttribute('aria-expanded')).toBe('false')
  })

  test('renders the search box', () => {
    expect(nav.querySelector('.ssg-navbar__search input')).not.toBeNull()
  })
})

describe('activeNavItem', () => {
  const { items } = makeSite().navbar
  test.each([
    ['/docs/', 'Documentation'],
    ['/docs/concepts/what-are-tokens', 'Documentation'],
    ['/docs/api/', 'API'],
    ['/docs/sdks/web/react/', 'SDKs'],
    ['/docsearch', null],
    ['/', null],
  ])('%s -> %s', (path, label) => {
    expect(activeNavItem(items, path)?.label ?? null).toBe(label)
  })
})
