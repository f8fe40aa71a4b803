import type { PageData, Sidebar, SiteData } from '@ssg/core/contract'

/** A site like the Veilbox docs, for component tests. */
export function makeSite(overrides: Partial<SiteData> = {}): SiteData {
  return {
    title: 'Veilbox Docs',
    tagline: 'Tokenize, protect and use sensitive data',
    url: 'https://docs.veilbox.example',
    baseUrl: '/',
    version: '1.41.0',
    lang: 'en',
    logo: { src: '/img/logo-light.svg', srcDark: '/img/logo-dark.svg', alt: 'Veilbox', href: '/' },
    navbar: {
      items: [
        { label: 'Documentation', href: '/docs/', activeBasePath: '/docs' },
        { label: 'API', href: '/docs/api/', activeBasePath: '/docs/api' },
        { label: 'SDKs', href: '/docs/sdks/', activeBasePath: '/docs/sdks' },
      ],
      signIn: { label: 'Sign In', href: 'https://portal.veilbox.example' },
      sourceLink: { label: 'Veilbox on GitHub', href: 'https://github.com/veilbox' },
      hideOnScroll: true,
    },
    footer: {
      columns: [
        { title: 'Docs', items: [{ label: 'Concepts', href: '/docs/concepts/' }] },
        { title: 'Veilbox', items: [{ label: 'GitHub', href: 'https://github.com/veilbox' }] },
      ],
      copyright: 'Copyright © 2026 Veilbox, Inc.',
    },
    announcementBar: {
      id: 'react-elements-3-4',
      content:
        'React Elements 3.4 is out. [Read the upgrade notes](/docs/sdks/web/react/deprecations)',
      isCloseable: true,
    },
    colorMode: { defaultMode: 'dark', respectPrefersColorScheme: false },
    docs: { basePath: '/docs', versionLabel: 'Next' },
    search: { enabled: true, maxResults: 10 },
    sidebars: { docs: '/_ssg/sidebars/docs-abc.json' },
    themeOptions: {},
    ...overrides,
  }
}

/** A docs page with a table of contents, breadcrumbs and neighbours. */
export function makePage(overrides: Partial<PageData> = {}): PageData {
  return {
    path: '/docs/concepts/what-are-tokens',
    title: 'What are tokens',
    description: 'Tokens replace sensitive values.',
    layout: 'doc',
    html: '<p>Tokens replace sensitive data.</p><h2 id="types">Types</h2><h3 id="card">Card</h3><h2 id="next">Next</h2>',
    toc: [
      { depth: 2, id: 'types', text: 'Types' },
      { depth: 3, id: 'card', text: 'Card' },
      { depth: 2, id: 'next', text: 'Next' },
    ],
    hideTableOfContents: false,
    sidebarId: 'docs',
    breadcrumbs: [
      { label: 'Docs', href: '/docs/' },
      { label: 'Concepts', href: '/docs/concepts/' },
    ],
    prev: { label: 'Concepts', href: '/docs/concepts/' },
    next: { label: 'What is search', href: '/docs/concepts/what-is-search' },
    lastUpdated: '2025-03-05T23:30:00.000Z',
    editUrl:
      'https://github.com/veilbox/docs/edit/main/sites/docs/content/docs/concepts/what-are-tokens.md',
    hero: null,
    cards: [],
    needsMermaid: false,
    markdownUrl: '/docs/concepts/what-are-tokens.md',
    ...overrides,
  }
}

/** The docs sidebar: an open category holding the page, a collapsed one, and a plain link. */
export function makeSidebar(): Sidebar {
  return {
    id: 'docs',
    items: [
      { type: 'link', label: 'Introduction', href: '/docs/', docId: 'index' },
      {
        type: 'category',
        label: 'Concepts',
        href: '/docs/concepts/',
        collapsed: true,
        items: [
          {
            type: 'link',
            label: 'What are tokens',
            href: '/docs/concepts/what-are-tokens',
            docId: 'concepts/what-are-tokens',
          },
          {
            type: 'link',
            label: 'What is search',
            href: '/docs/concepts/what-is-search',
            docId: 'concepts/what-is-search',
          },
        ],
      },
      {
        type: 'category',
        label: 'Expressions',
        collapsed: true,
        items: [
          {
            type: 'link',
            label: 'Masks',
            href: '/docs/expressions/masks',
            docId: 'expressions/masks',
          },
        ],
      },
    ],
  }
}

/** A `localStorage` kept in `data`, for tests that stub `window` (read `data` to see what was stored). */
export function memoryStorage(data: Map<string, string>) {
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  }
}
