import { describe, expect, test } from 'vitest'
import { makeSidebar } from '../../test/fixtures'
import { render, text } from '../../test/render'
import { containsPath } from '../../lib/sidebar-cut'
import { Sidebar } from './Sidebar'

describe('Sidebar', () => {
  const doc = render(
    <Sidebar sidebar={makeSidebar()} activePath="/docs/concepts/what-are-tokens" baseUrl="/" />,
  )

  test('is a labelled navigation landmark', () => {
    expect(doc.querySelector('nav.ssg-sidebar')?.getAttribute('aria-label')).toBe('Docs sidebar')
  })

  test('marks the page shown as current', () => {
    const current = doc.querySelectorAll('[aria-current="page"]')
    expect([...current].map(text)).toEqual(['What are tokens'])
  })

  test('opens the category of the page shown, even when configured collapsed', () => {
    const toggle = doc.querySelector('button[aria-label="Collapse the category Concepts"]')!
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    const region = doc.getElementById(toggle.getAttribute('aria-controls')!)!
    expect(region.hasAttribute('data-collapsed')).toBe(false)
    expect(text(region)).toContain('What is search')
  })

  test('does not render the items of collapsed categories', () => {
    const button = [...doc.querySelectorAll('button.ssg-sidebar__category-button')].find(
      (b) => text(b) === 'Expressions',
    )!
    expect(button.getAttribute('aria-expanded')).toBe('false')
    const region = doc.getElementById(button.getAttribute('aria-controls')!)!
    expect(region.getAttribute('data-collapsed')).toBe('true')
    expect(region.children.length).toBe(0)
  })

  test('has no control to hide the sidebar', () => {
    expect(doc.body.innerHTML).not.toMatch(/hide sidebar|collapse sidebar/i)
  })

  test('prefixes site paths with the base URL', () => {
    const based = render(
      <Sidebar sidebar={makeSidebar()} activePath="/docs/" baseUrl="/veilbox/" />,
    )
    expect(based.querySelector('a')?.getAttribute('href')).toBe('/veilbox/docs/')
  })
})

describe('containsPath', () => {
  const category = makeSidebar().items[1]
  test('matches the category page and its links, ignoring a trailing slash', () => {
    if (category?.type !== 'category') throw new Error('fixture')
    expect(containsPath(category, '/docs/concepts')).toBe(true)
    expect(containsPath(category, '/docs/concepts/what-is-search/')).toBe(true)
    expect(containsPath(category, '/docs/expressions/masks')).toBe(false)
  })
  test('matches links of nested categories, and not their siblings', () => {
    const inner = {
      type: 'category' as const,
      label: 'Inner',
      collapsed: true,
      items: [{ type: 'link' as const, label: 'Deep', href: '/docs/a/b/deep' }],
    }
    const outer = { ...inner, label: 'Outer', href: '/docs/a/', items: [inner] }
    expect(containsPath(outer, '/docs/a/b/deep/')).toBe(true)
    expect(containsPath(outer, '/docs/a')).toBe(true)
    expect(containsPath(inner, '/docs/a')).toBe(false)
  })
})

describe('a long list in the page HTML', () => {
  const links = (n: number, folder: string) =>
    Array.from({ length: n }, (_, k) => ({
      type: 'link' as const,
      label: `Page ${k}`,
      href: `/docs/${folder}/page-${k}`,
    }))
  const sidebar = {
    id: 'docs',
    items: [
      ...Array.from({ length: 100 }, (_, k) => ({
        type: 'category' as const,
        label: `Section ${k}`,
        href: `/docs/s${k}/`,
        collapsed: true,
        items: links(5000, `s${k}`),
      })),
    ],
  }

  test('keeps its first items and those around the page shown, and counts the gaps', () => {
    const doc = render(<Sidebar sidebar={sidebar} activePath="/docs/s60/page-3000" baseUrl="/" />)
    const top = [...doc.querySelectorAll('.ssg-sidebar__list--level-0 > li')].map((li) =>
      text(li.querySelector('.ssg-sidebar__link')!),
    )
    expect(top).toEqual([
      'Section 0',
      'Section 1',
      'Section 2',
      '47 more',
      ...Array.from({ length: 21 }, (_, k) => `Section ${50 + k}`),
      '29 more',
    ])
    const open = doc.querySelectorAll('.ssg-sidebar__list--level-1 > li')
    const inner = [...open].map((li) => text(li))
    expect(inner.slice(0, 4)).toEqual(['Page 0', 'Page 1', 'Page 2', '2,987 more in Section 60'])
    expect(inner).toContain('Page 3000')
    expect(inner[inner.length - 1]).toBe('1,989 more in Section 60')
    expect(open).toHaveLength(3 + 1 + 21 + 1)
    // The gaps link to the category page: the way to its pages without JavaScript.
    const more = doc.querySelector('.ssg-sidebar__list--level-1 a.ssg-sidebar__more-link')
    expect(more?.getAttribute('href')).toBe('/docs/s60/')
    expect(doc.querySelectorAll('[aria-current="page"]')).toHaveLength(1)
    expect(doc.body.innerHTML.length).toBeLessThan(20_000)
  })

  test('a short list is whole', () => {
    const doc = render(
      <Sidebar sidebar={makeSidebar()} activePath="/docs/concepts/what-are-tokens" baseUrl="/" />,
    )
    expect(doc.querySelector('.ssg-sidebar__more')).toBeNull()
  })
})
