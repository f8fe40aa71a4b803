import type { Sidebar, SidebarCategory, SidebarLink } from '@ssg/core/contract'
import { describe, expect, test } from 'vitest'
import { renderPage, sidebarView } from '../server'
import { makePage, makeSite } from '../test/fixtures'

const link = (href: string, label = href): SidebarLink => ({ type: 'link', label, href })
const folder = (
  name: string,
  count: number,
  extra: Partial<SidebarCategory> = {},
): SidebarCategory => ({
  type: 'category',
  label: name.toUpperCase(),
  href: `/docs/${name}/`,
  collapsed: true,
  items: Array.from({ length: count }, (_, i) => link(`/docs/${name}/p${i}`, `${name} ${i}`)),
  ...extra,
})

/**
 * A sidebar with a long folder (cut in the HTML), a short collapsed one, one not collapsed with a
 * nested folder, and top-level links.
 */
function base(): Sidebar {
  return {
    id: 'docs',
    items: [
      link('/docs/', 'Home'),
      folder('long', 70),
      folder('short', 5),
      folder('open', 4, { collapsed: false }),
      link('https://example.com/', 'Elsewhere'),
    ],
  }
}

const at = (sidebar: Sidebar, index: number) => sidebar.items[index] as SidebarCategory
const edits: Record<string, (s: Sidebar) => void> = {
  'long: a page added at the end': (s) => at(s, 1).items.push(link('/docs/long/new', 'New')),
  'long: a page added at the start': (s) => at(s, 1).items.unshift(link('/docs/long/new', 'New')),
  'long: a page far from the start retitled': (s) => {
    ;(at(s, 1).items[60] as SidebarLink).label = 'Renamed'
  },
  'short: a page added': (s) => at(s, 2).items.push(link('/docs/short/new', 'New')),
  'short: a page retitled': (s) => {
    ;(at(s, 2).items[1] as SidebarLink).label = 'Renamed'
  },
  'short: a page moved to open': (s) => at(s, 3).items.push(...at(s, 2).items.splice(1, 1)),
  'open: a nested folder added': (s) => at(s, 3).items.push(folder('nested', 2)),
  'top level: a link added': (s) => s.items.push(link('/docs/faq', 'FAQ')),
  'short: made not collapsed': (s) => {
    at(s, 2).collapsed = false
  },
}

const paths = [
  '/docs/',
  '/docs/long/p0',
  '/docs/long/p35',
  '/docs/long/p69',
  '/docs/short/p1',
  '/docs/open/p2',
  '/docs/faq',
]

const html = (sidebar: Sidebar, path: string) =>
  renderPage({ site: makeSite(), page: makePage({ path }), sidebar }).body
const viewOf = (sidebar: Sidebar, path: string) => JSON.stringify(sidebarView(sidebar, path))

describe('sidebarView', () => {
  test('two sidebars give a page the same markup exactly when they give it the same view', () => {
    const outcomes: string[] = []
    for (const [name, edit] of Object.entries(edits)) {
      const edited = base()
      edit(edited)
      for (const path of paths) {
        const sameView = viewOf(base(), path) === viewOf(edited, path)
        const sameHtml = html(base(), path) === html(edited, path)
        expect({ name, path, sameHtml }).toEqual({ name, path, sameHtml: sameView })
        outcomes.push(`${name} ${path}: ${sameView ? 'kept' : 'rendered'}`)
      }
    }
    // Edits in one folder leave the pages of the others alone (and the test compares both kinds).
    expect(outcomes).toContain('long: a page added at the end /docs/short/p1: kept')
    expect(outcomes).toContain('long: a page added at the end /docs/long/p35: rendered')
    expect(outcomes).toContain('short: a page added /docs/long/p35: kept')
    expect(outcomes).toContain('short: a page added /docs/short/p1: rendered')
    expect(outcomes).toContain('top level: a link added /docs/long/p35: rendered')
  })

  test('shows a long list cut, the rows of open categories only, and counts the gaps', () => {
    const view = sidebarView(base(), '/docs/long/p35')
    const rows = view.rows as Array<Record<string, unknown>>
    expect(rows.map((r) => r.link ?? r.category)).toEqual([
      '/docs/',
      'LONG',
      'SHORT',
      'OPEN',
      'https://example.com/',
    ])
    expect(rows[2]).toEqual({ category: 'SHORT', href: '/docs/short/', open: false, rows: null })
    const long = rows[1]!.rows as Array<Record<string, unknown>>
    // The first three, a gap, ten either side of the page shown, a gap.
    expect(long.length).toBe(3 + 1 + 21 + 1)
    expect(long[3]).toEqual({ more: 22 })
    expect(long.at(-1)).toEqual({ more: 70 - 46 })
  })
})
