import path from 'node:path'
import { describe, expect, test } from 'vitest'
import type { CompiledPage } from '../pipeline/compile-page.js'
import type { PageData } from '../theme/contract.js'
import {
  classifyPath,
  invalidate,
  outputAction,
  planChanges,
  samePlacement,
  type OutputRecord,
  type RouteRecord,
  type SidebarVersion,
} from './invalidate.js'

const root = path.resolve('/site')
const themeDir = path.resolve('/repo/packages/theme')
const places = { root, themeDir }
const at = (...parts: string[]) => path.join(root, ...parts)

describe('classifyPath', () => {
  test.each([
    [at('ssg.config.ts'), 'config'],
    [at('ssg.config.mjs'), 'config'],
    [at('content/ssg.config.ts'), 'content'],
    [at('content/docs/a.md'), 'content'],
    [at('static/img/logo.svg'), 'static'],
    [path.join(themeDir, 'dist/server.js'), 'theme'],
    [path.join(themeDir, 'src/client.tsx'), 'theme'],
    [path.join(themeDir, 'dist/server.js.map'), null],
    [path.join(themeDir, 'src/App.test.tsx'), null],
    [path.join(themeDir, 'node_modules/react/index.js'), null],
    [path.join(themeDir, '.turbo/log'), null],
    [at('build/index.html'), null],
    [at('package.json'), null],
    [at('content'), null],
    [path.resolve('/elsewhere/content/a.md'), null],
  ])('%s is %s', (file, kind) => {
    expect(classifyPath(file, places)).toBe(kind)
  })

  test("the site's own theme files (overrides, slots, custom CSS) are theme changes", () => {
    const withFiles = { ...places, themeFiles: [at('theme/overrides.tsx'), at('theme/brand.css')] }
    expect(classifyPath(at('theme/overrides.tsx'), withFiles)).toBe('theme')
    expect(classifyPath(at('theme/brand.css'), withFiles)).toBe('theme')
    expect(classifyPath(at('theme/notes.md'), withFiles)).toBe(null)
  })

  test("a snippet's file that pages read out of content/ is an include; one in content/ is content", () => {
    const shared = path.resolve(root, '../common/terms.md')
    const included = new Set([at('includes/note.md'), shared, at('content/docs/part.py')])
    const withIncludes = { ...places, included }
    expect(classifyPath(at('includes/note.md'), withIncludes)).toBe('include')
    expect(classifyPath(shared, withIncludes)).toBe('include')
    expect(classifyPath(at('content/docs/part.py'), withIncludes)).toBe('content')
    expect(classifyPath(at('includes/other.md'), withIncludes)).toBe(null)
  })
})

describe('planChanges', () => {
  test('a rename is a delete and a write; the last event of a file wins', () => {
    const plan = planChanges(
      [
        { event: 'unlink', path: at('content/docs/old.md') },
        { event: 'add', path: at('content/docs/new.md') },
        { event: 'change', path: at('content/docs/a.md') },
        { event: 'unlink', path: at('content/docs/a.md') },
      ],
      places,
    )
    expect(Object.fromEntries(plan.content)).toEqual({
      [at('content/docs/old.md')]: 'delete',
      [at('content/docs/new.md')]: 'write',
      [at('content/docs/a.md')]: 'delete',
    })
    expect(plan).toMatchObject({ config: false, theme: false, static: false })
  })

  test('a removed folder forgets its pages; a new empty folder changes nothing', () => {
    const plan = planChanges(
      [
        { event: 'change', path: at('content/docs/guide/a.md') },
        { event: 'unlinkDir', path: at('content/docs/guide') },
        { event: 'addDir', path: at('content/docs/empty') },
        { event: 'addDir', path: at('static/img') },
      ],
      places,
    )
    expect(plan.removedDirs).toEqual([at('content/docs/guide')])
    expect(plan.content.get(at('content/docs/guide/a.md'))).toBe('delete')
    expect(plan.static).toBe(false)
  })

  test('config, theme and static changes are flagged; unrelated files ignored', () => {
    const plan = planChanges(
      [
        { event: 'change', path: at('ssg.config.ts') },
        { event: 'change', path: path.join(themeDir, 'dist/server.js') },
        { event: 'add', path: at('static/robots-extra.txt') },
        { event: 'change', path: at('build/index.html') },
      ],
      places,
    )
    expect(plan).toMatchObject({ config: true, theme: true, static: true })
    expect(plan.content.size).toBe(0)
  })

  test("a snippet's file out of content/ is no page: the plan names it apart", () => {
    const note = at('includes/note.md')
    const plan = planChanges(
      [
        { event: 'change', path: note },
        { event: 'unlink', path: note },
        { event: 'add', path: note },
      ],
      { ...places, included: new Set([note]) },
    )
    expect([...plan.included]).toEqual([note])
    expect(plan.content.size).toBe(0)
  })
})

function pageData(route: string, over: Partial<PageData> = {}): PageData {
  return {
    path: route,
    title: route,
    description: '',
    layout: 'doc',
    html: `<p>${route}</p>`,
    toc: [],
    hideTableOfContents: false,
    sidebarId: 'docs',
    breadcrumbs: [],
    prev: null,
    next: null,
    lastUpdated: null,
    editUrl: null,
    hero: null,
    cards: [],
    needsMermaid: false,
    markdownUrl: null,
    ...over,
  }
}

function compiled(route: string, over: Partial<CompiledPage> = {}): CompiledPage {
  return {
    file: `content${route}.md`,
    kind: 'docs',
    id: route,
    dir: '',
    hash: route,
    route,
    frontMatter: {},
    title: route,
    description: '',
    html: `<p>${route}</p>`,
    toc: [],
    links: [],
    anchors: [],
    sections: [{ anchor: null, heading: route, text: route, code: '' }],
    needsMermaid: false,
    markdown: null,
    assets: [],
    messages: [],
    failed: false,
    ...over,
  }
}

function record(
  route: string,
  options: {
    page?: CompiledPage
    data?: Partial<PageData>
    sidebar?: SidebarVersion | null
    broken?: boolean
  } = {},
): RouteRecord {
  const page = options.page ?? compiled(route)
  return {
    route,
    file: page.file,
    page,
    data: pageData(route, { html: page.html, ...options.data }),
    sidebar: options.sidebar === undefined ? sidebar1 : options.sidebar,
    broken: options.broken ?? false,
  }
}

const version = (label: string): SidebarVersion => ({
  sidebar: { id: 'docs', items: [{ type: 'link', label, href: '/docs/a' }] },
  json: label,
})
const sidebar1 = version('A')
const sidebar2 = version('A2')

const served = (r: RouteRecord, good = true): OutputRecord => ({ record: r, good })

describe('outputAction: what happens to one route', () => {
  const before = record('/docs/a')

  test('same compiled page, html, placement and sidebar: keep', () => {
    const again = record('/docs/a', { page: before.page, data: { prev: null } })
    expect(outputAction(served(before), again)).toBe('keep')
  })

  test('a new compile of the page: render', () => {
    expect(outputAction(served(before), record('/docs/a'))).toBe('render')
  })

  test('the link check rewrote its html (a linked page moved): render', () => {
    const moved = record('/docs/a', { page: before.page, data: { html: '<p>moved</p>' } })
    expect(outputAction(served(before), moved)).toBe('render')
  })

  test('its sidebar changed (another page’s label): render', () => {
    const next = record('/docs/a', { page: before.page, sidebar: sidebar2 })
    expect(outputAction(served(before), next)).toBe('render')
  })

  test('its previous/next or breadcrumbs changed: render', () => {
    const prev = record('/docs/a', {
      page: before.page,
      data: { prev: { label: 'B', href: '/b' } },
    })
    expect(outputAction(served(before), prev)).toBe('render')
    const crumbs = record('/docs/a', {
      page: before.page,
      data: { breadcrumbs: [{ label: 'Guides', href: '' }] },
    })
    expect(outputAction(served(before), crumbs)).toBe('render')
  })

  test('broken now and good before: hold the last good output', () => {
    expect(outputAction(served(before), record('/docs/a', { broken: true }))).toBe('hold')
  })

  test('broken, but nothing good was ever served: render the latest', () => {
    expect(outputAction(served(before, false), record('/docs/a', { broken: true }))).toBe('render')
    expect(outputAction(undefined, record('/docs/a', { broken: true }))).toBe('add')
  })

  test('broken by another page (same inputs): keep', () => {
    const same = record('/docs/a', { page: before.page, broken: true })
    expect(outputAction(served(before), same)).toBe('keep')
  })
})

describe('samePlacement', () => {
  test('compares sidebar id, date, previous/next and breadcrumbs by value', () => {
    const a = pageData('/a', {
      prev: { label: 'P', href: '/p' },
      breadcrumbs: [{ label: 'G', href: '/g/' }],
    })
    expect(samePlacement(a, structuredClone(a))).toBe(true)
    expect(samePlacement(a, { ...a, sidebarId: 'api' })).toBe(false)
    expect(samePlacement(a, { ...a, lastUpdated: '2026-01-01T00:00:00.000Z' })).toBe(false)
    expect(samePlacement(a, { ...a, next: { label: 'N', href: '/n' } })).toBe(false)
    expect(samePlacement(a, { ...a, prev: { label: 'Q', href: '/p' } })).toBe(false)
    expect(samePlacement(a, { ...a, breadcrumbs: [{ label: 'G', href: '/h/' }] })).toBe(false)
  })
})

describe('invalidate: the whole site', () => {
  const a = record('/docs/a')
  const b = record('/docs/b')
  const c = record('/docs/c')
  const outputs = new Map([a, b, c].map((r) => [r.route, served(r)]))

  test('nothing changed: nothing to render, search kept', () => {
    const next = [a, b, c].map((r) => record(r.route, { page: r.page }))
    const result = invalidate(outputs, next)
    expect(result.changed).toEqual([])
    expect(result.search).toBe(false)
  })

  test('a body edit that keeps sections: that page only, search kept', () => {
    const edited = compiled('/docs/b', { html: '<p>new words</p>' })
    const next = [record('/docs/a', { page: a.page }), record('/docs/b', { page: edited }), c]
    const result = invalidate(
      outputs,
      next.map((r) => (r === c ? record('/docs/c', { page: c.page }) : r)),
    )
    expect(result.changed).toEqual(['/docs/b'])
    expect(result.search).toBe(false)
  })

  test('an edit of the sections: search rebuilt', () => {
    const edited = compiled('/docs/b', {
      sections: [{ anchor: 'x', heading: 'X', text: 'new', code: '' }],
    })
    const result = invalidate(outputs, [
      record('/docs/a', { page: a.page }),
      record('/docs/b', { page: edited }),
      record('/docs/c', { page: c.page }),
    ])
    expect(result.changed).toEqual(['/docs/b'])
    expect(result.search).toBe(true)
  })

  test('a new label: the neighbours re-render (sidebar, previous/next), search rebuilt', () => {
    const renamed = compiled('/docs/b', { title: 'Bee' })
    const result = invalidate(outputs, [
      record('/docs/a', {
        page: a.page,
        sidebar: sidebar2,
        data: { next: { label: 'Bee', href: '/docs/b' } },
      }),
      record('/docs/b', { page: renamed, sidebar: sidebar2 }),
      record('/docs/c', { page: c.page, sidebar: sidebar2 }),
    ])
    expect(result.changed).toEqual(['/docs/a', '/docs/b', '/docs/c'])
    expect(result.search).toBe(true)
  })

  test('a page outside the sidebar is not touched by a sidebar change', () => {
    const landing = record('/', { sidebar: null })
    const withLanding = new Map([...outputs, ['/', served(landing)]])
    const result = invalidate(withLanding, [
      record('/docs/a', { page: a.page, sidebar: sidebar2 }),
      record('/docs/b', { page: b.page, sidebar: sidebar2 }),
      record('/docs/c', { page: c.page, sidebar: sidebar2 }),
      record('/', { page: landing.page, sidebar: null }),
    ])
    expect(result.actions.get('/')).toBe('keep')
  })

  test('added and removed routes (a rename) are changes, and rebuild search', () => {
    const result = invalidate(outputs, [
      record('/docs/a', { page: a.page }),
      record('/docs/b', { page: b.page }),
      record('/docs/c2'),
    ])
    expect(result.actions.get('/docs/c2')).toBe('add')
    expect(result.removed).toEqual(['/docs/c'])
    expect(result.changed).toEqual(['/docs/c2', '/docs/c'])
    expect(result.search).toBe(true)
  })

  test('a broken edit holds the page and changes nothing served', () => {
    const result = invalidate(outputs, [
      record('/docs/a', { page: a.page }),
      record('/docs/b', { broken: true }),
      record('/docs/c', { page: c.page }),
    ])
    expect(result.actions.get('/docs/b')).toBe('hold')
    expect(result.changed).toEqual([])
  })
})
