import { describe, expect, test } from 'vitest'
import { resolveConfig } from '../config/load-config.js'
import type { PageHead } from './page-head.js'
import { changesTable, createRouteTable, reconcileRouteTable } from './route-table.js'
import { SiteFiles, tableFileContent } from './site-files.js'

const config = (extra: Record<string, unknown> = {}) =>
  resolveConfig({
    raw: { title: 'Site', url: 'https://docs.example', ...extra },
    root: '/site',
    configFile: '/site/ssg.config.ts',
  })

const head = (id: string, title: string, extra: Partial<PageHead> = {}): PageHead => {
  const dir = id.includes('/') ? id.slice(0, id.lastIndexOf('/')) : ''
  const route = '/docs/' + (id === 'index' ? '' : id.endsWith('/index') ? id.slice(0, -5) : id)
  return {
    file: `content/docs/${id}.md`,
    kind: 'docs',
    id,
    dir,
    hash: id,
    route,
    frontMatter: {},
    title,
    ...extra,
  }
}

const heads = [
  head('index', 'Home', { frontMatter: { sidebar_position: 0 } }),
  head('guide/index', 'Guide', { frontMatter: { sidebar_position: 1 } }),
  head('guide/install', 'Install', { frontMatter: { sidebar_position: 1 } }),
  head('guide/use', 'Use', { frontMatter: { sidebar_position: 2 } }),
  head('hidden', 'Hidden', { frontMatter: { sidebar: false } }),
  head('copy', 'Copy', { route: '/docs/guide/use' }),
]

describe('the route table', () => {
  const table = createRouteTable({
    config: config({ redirects: [{ from: ['/old', '/docs/hidden'], to: '/docs/guide' }] }),
    heads,
  })

  test('keeps the first page of a route and warns about the other', () => {
    expect(table.pages.map((p) => p.id)).toEqual([
      'index',
      'guide/index',
      'guide/install',
      'guide/use',
      'hidden',
    ])
    expect(table.messages.duplicates).toEqual([
      expect.objectContaining({ file: 'content/docs/copy.md', ruleId: 'duplicate-route' }),
    ])
  })

  test('places pages in their sidebar: breadcrumbs, previous and next', () => {
    expect(table.placementOf(table.byRoute.get('/docs/guide/install')!)).toEqual({
      sidebarId: 'docs',
      breadcrumbs: [{ label: 'Guide', href: '/docs/guide/' }],
      prev: { label: 'Guide', href: '/docs/guide/' },
      next: { label: 'Use', href: '/docs/guide/use' },
    })
    expect(table.placementOf(table.byRoute.get('/docs/hidden')!).sidebarId).toBeNull()
  })

  test('resolves redirects and skips one shadowed by a page', () => {
    expect(table.redirects).toEqual([{ from: '/old', to: '/docs/guide/' }])
    expect(table.routes.has('/old')).toBe(true)
    expect(table.redirectSources).toEqual(new Set(['/old', '/docs/hidden']))
    expect(table.messages.redirects).toEqual([
      expect.objectContaining({ severity: 'warning', ruleId: 'duplicate-route' }),
    ])
  })

  test('a new title changes the table; a new body does not', () => {
    expect(changesTable(table, { ...heads[2]!, hash: 'new bytes' })).toBe(false)
    expect(changesTable(table, { ...heads[2]!, title: 'Setup' })).toBe(true)
    expect(changesTable(table, head('new', 'New'))).toBe(true)
  })

  test('a compiled page that disagrees with its head makes the table again', () => {
    const compiled = heads.map((h) => ({ ...h }))
    expect(reconcileRouteTable(table, config(), compiled)).toBe(table)
    compiled[3] = { ...compiled[3]!, title: 'Usage' }
    const again = reconcileRouteTable(table, config(), compiled)
    expect(again).not.toBe(table)
    expect(again.placementOf(again.byRoute.get('/docs/guide/install')!).next).toEqual({
      label: 'Usage',
      href: '/docs/guide/use',
    })
  })
})

describe('the site files', () => {
  const site = {
    config: config({ baseUrl: '/base/', redirects: [{ from: '/old', to: '/docs/guide' }] }),
    table: createRouteTable({ config: config(), heads: heads.slice(0, 4) }),
    lastUpdated: new Map([['content/docs/guide/use.md', '2026-03-04T05:06:07.000Z']]),
  }
  site.table = createRouteTable({ config: site.config, heads: heads.slice(0, 4) })
  const files = new SiteFiles({
    table: site.table,
    search: { docFile: 'search-doc-1.json', indexFile: 'search-index-1.json' },
    staticFiles: new Set(['/img/logo.svg', '/docs/guide/use.html']),
  })

  test('the files with search files added are those made with them, in the same order', () => {
    const options = {
      table: site.table,
      // A static file at a search file's path: the search file wins, where it is added.
      staticFiles: new Set(['/img/logo.svg', '/search-doc-1-0.json']),
      markdown: true,
    }
    const search = {
      docFile: 'search-doc-1.json',
      indexFile: 'search-index-1.json',
      parts: ['search-doc-1-0.json', 'search-prefix-1-0.json'],
    }
    const made = new SiteFiles({ ...options, search })
    const added = new SiteFiles({ ...options, search: null }).withSearch(search)
    expect(added.list()).toEqual(made.list())
    expect(added.find('search-doc-1-0.json')).toEqual({
      kind: 'search',
      path: 'search-doc-1-0.json',
    })
    expect(added.withSearch(null).list()).toEqual(
      new SiteFiles({ ...options, search: null }).list(),
    )
  })

  test('finds each kind of file by its path', () => {
    expect(files.find('docs/guide/index.html')).toMatchObject({
      kind: 'page',
      route: '/docs/guide/',
      format: 'html',
    })
    expect(files.find('_ssg/data/docs/guide/use.json')).toMatchObject({
      kind: 'page',
      format: 'data',
    })
    expect(files.find('_ssg/sidebars/docs.json')).toMatchObject({ kind: 'sidebar', id: 'docs' })
    expect(files.find('search-index-1.json')).toMatchObject({ kind: 'search' })
    expect(files.find('search-doc-1-2.json')).toMatchObject({ kind: 'search' })
    expect(files.find('old.html')).toMatchObject({ kind: 'redirect', to: '/docs/guide/' })
    expect(files.find('404.html')).toMatchObject({ kind: 'not-found', format: 'html' })
    expect(files.find('img/logo.svg')).toMatchObject({ kind: 'static' })
    expect(files.find('docs/nope.html')).toBeNull()
  })

  test('a generated file wins over a static file at its path', () => {
    expect(files.find('docs/guide/use.html')).toMatchObject({ kind: 'page' })
    expect(files.list().filter((f) => f.path === 'docs/guide/use.html')).toHaveLength(1)
    expect(files.list()[0]).toMatchObject({ kind: 'static', path: 'img/logo.svg' })
    expect(files.list().at(-1)).toMatchObject({ kind: 'redirect' })
  })

  test('the files made from the table alone', () => {
    const redirect = tableFileContent(files.find('old.html')!, site)!
    expect(redirect).toContain('<meta http-equiv="refresh" content="0; url=/base/docs/guide/">')
    expect(redirect).toContain(
      '<link rel="canonical" href="https://docs.example/base/docs/guide/">',
    )
    const sitemap = tableFileContent(files.find('sitemap.xml')!, site)!
    expect(sitemap).toContain(
      '<url><loc>https://docs.example/base/docs/guide/use</loc><lastmod>2026-03-04</lastmod></url>',
    )
    expect(tableFileContent(files.find('robots.txt')!, site)).toContain(
      'Sitemap: https://docs.example/base/sitemap.xml',
    )
    expect(JSON.parse(tableFileContent(files.find('_ssg/sidebars/docs.json')!, site)!)).toEqual(
      site.table.sidebars[0],
    )
  })
})

describe('drafts', () => {
  const draft = head('guide/draft', 'Draft', { frontMatter: { draft: true, sidebar_position: 3 } })
  const named = config({ sidebars: { docs: ['index', 'guide/draft', 'guide/use'] } })

  test('`ssg build` leaves them out: no route, no sidebar entry, no error for a sidebar naming one', () => {
    const table = createRouteTable({
      config: named,
      heads: [...heads, draft],
      leaveOutDrafts: true,
    })
    expect(table.drafts.map((d) => d.id)).toEqual(['guide/draft'])
    expect(table.routes.has('/docs/guide/draft')).toBe(false)
    expect(JSON.stringify(table.sidebars)).not.toContain('Draft')
    expect(table.messages.sidebars).toEqual([])
    const auto = createRouteTable({
      config: config(),
      heads: [...heads, draft],
      leaveOutDrafts: true,
    })
    expect(JSON.stringify(auto.sidebars)).not.toContain('Draft')
  })

  test('`ssg serve` shows them; neither has a Markdown twin', () => {
    const table = createRouteTable({ config: named, heads: [...heads, draft] })
    expect(table.routes.has('/docs/guide/draft')).toBe(true)
    const files = new SiteFiles({
      table,
      search: null,
      staticFiles: new Set(),
      markdown: true,
    })
    expect(files.find('docs/guide/draft.html')).not.toBe(null)
    expect(files.find('docs/guide/draft.md')).toBe(null)
    expect(files.find('docs/guide/install.md')).toEqual({
      kind: 'markdown',
      path: 'docs/guide/install.md',
      route: '/docs/guide/install',
    })
    expect(files.find('docs/guide/index.md')).toMatchObject({ route: '/docs/guide/' })
    expect(files.find('llms.txt')).toEqual({ kind: 'llms', path: 'llms.txt', full: false })
    // The author's own `static/llms.txt` wins.
    const own = new SiteFiles({
      table,
      search: null,
      staticFiles: new Set(['/llms.txt']),
      markdown: true,
    })
    expect(own.find('llms.txt')).toMatchObject({ kind: 'static' })
    expect(own.find('llms-full.txt')).toMatchObject({ kind: 'llms', full: true })
  })
})
