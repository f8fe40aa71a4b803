import type { Sidebar as SidebarData, SidebarCategory, SidebarItem } from '@ssg/core/contract'
import { useEffect, useId, useRef, useState } from 'react'
import { isExternal, samePath, trimSlash, withBase } from '../../lib/url'
import { revealInScroller } from '../../lib/reveal'
import { Collapsible } from '../Collapsible/Collapsible'
import { Icon } from '../Icons/Icons'

/** Props of {@link Sidebar}. */
export interface SidebarProps {
  sidebar: SidebarData
  /** Route path of the page shown (marks its link and opens its category). */
  activePath: string
  baseUrl: string
  /** Accessible name of the navigation landmark. @default 'Docs sidebar' */
  label?: string
}

/**
 * The paths each category (with its descendants) links to, made once per category object: every
 * page renders every category of its sidebar, and scanning each category's links for each page
 * made rendering a 10,000-page site quadratic (40 s of its render time).
 */
const pathsOf = new WeakMap<SidebarCategory, Set<string>>()

function categoryPaths(category: SidebarCategory): Set<string> {
  let paths = pathsOf.get(category)
  if (!paths) {
    paths = new Set(category.href ? [trimSlash(category.href)] : [])
    for (const item of category.items) {
      if (item.type === 'link') paths.add(trimSlash(item.href))
      else for (const path of categoryPaths(item)) paths.add(path)
    }
    pathsOf.set(category, paths)
  }
  return paths
}

/** True when the category or one of its descendants links to the path. */
export function containsPath(category: SidebarCategory, path: string): boolean {
  return categoryPaths(category).has(trimSlash(path))
}

/**
 * Lists longer than this are cut in the page's HTML (see {@link shownRows}): a 5,000-page folder
 * made every page of it carry 5,000 links.
 */
export const LIST_LIMIT = 40
/** Of a list cut in the HTML: the items shown from its start, and on each side of the active one. */
const HEAD = 3
const AROUND = 10

/** An item of a list as rendered: an item at its index, or how many items are left out. */
type Row = { index: number; item: SidebarItem } | { index: number; more: number }

/**
 * The rows of a list. Whole once hydrated; in the server-rendered page (and hydration, which must
 * match it), a list longer than {@link LIST_LIMIT} shows its first items and those around the
 * item that is or holds the page shown, each gap counted: what a reader sees first, and, without
 * JavaScript, the way up and to the neighbouring pages. The whole tree is the sidebar's shared
 * JSON file, which the client loads once for all pages.
 */
export function shownRows(items: SidebarItem[], activePath: string, whole: boolean): Row[] {
  if (whole || items.length <= LIST_LIMIT) return items.map((item, index) => ({ index, item }))
  const focus = items.findIndex((item) =>
    item.type === 'link'
      ? !isExternal(item.href) && samePath(item.href, activePath)
      : containsPath(item, activePath),
  )
  const from = focus < 0 ? HEAD : Math.max(HEAD, focus - AROUND)
  const to = focus < 0 ? HEAD + 2 * AROUND + 1 : Math.min(items.length, focus + AROUND + 1)
  const rows: Row[] = items.slice(0, Math.min(HEAD, to)).map((item, index) => ({ index, item }))
  if (from > HEAD) rows.push({ index: HEAD, more: from - HEAD })
  for (let index = Math.max(from, HEAD); index < to; index++)
    rows.push({ index, item: items[index]! })
  if (to < items.length) rows.push({ index: to, more: items.length - to })
  return rows
}

interface ItemProps {
  item: SidebarItem
  activePath: string
  baseUrl: string
  level: number
  /** Render every item (hydrated), or cut long lists (see {@link shownRows}). */
  whole: boolean
}

function Link({
  href,
  label,
  activePath,
  baseUrl,
  className,
}: {
  href: string
  label: string
  activePath: string
  baseUrl: string
  className: string
}) {
  const active = !isExternal(href) && samePath(href, activePath)
  return (
    <a
      className={className + (active ? ' ssg-sidebar__link--active' : '')}
      href={withBase(baseUrl, href)}
      aria-current={active ? 'page' : undefined}
    >
      {label}
    </a>
  )
}

function Category({
  item,
  activePath,
  baseUrl,
  level,
  whole,
}: ItemProps & { item: SidebarCategory }) {
  const holdsActive = containsPath(item, activePath)
  const [open, setOpen] = useState(holdsActive || !item.collapsed)
  const id = useId()
  // Navigating to a page of a closed category opens it.
  useEffect(() => {
    if (holdsActive) setOpen(true)
  }, [holdsActive])
  const caret = <Icon name="chevron" className="ssg-sidebar__caret" />
  return (
    <li
      className={
        'ssg-sidebar__item ssg-sidebar__category' +
        (open ? '' : ' ssg-sidebar__category--collapsed')
      }
    >
      <div className="ssg-sidebar__row">
        {item.href ? (
          <>
            <Link
              href={item.href}
              label={item.label}
              activePath={activePath}
              baseUrl={baseUrl}
              className="ssg-sidebar__link ssg-sidebar__category-link"
            />
            <button
              type="button"
              className="ssg-sidebar__toggle"
              aria-expanded={open}
              aria-controls={id}
              aria-label={`${open ? 'Collapse' : 'Expand'} the category ${item.label}`}
              onClick={() => setOpen(!open)}
            >
              {caret}
            </button>
          </>
        ) : (
          <button
            type="button"
            className="ssg-sidebar__link ssg-sidebar__category-button"
            aria-expanded={open}
            aria-controls={id}
            onClick={() => setOpen(!open)}
          >
            {item.label}
            {caret}
          </button>
        )}
      </div>
      <Collapsible open={open} id={id} className="ssg-sidebar__collapsible">
        <Items
          items={item.items}
          activePath={activePath}
          baseUrl={baseUrl}
          level={level + 1}
          whole={whole}
          parent={item}
        />
      </Collapsible>
    </li>
  )
}

function Items({
  items,
  activePath,
  baseUrl,
  level,
  whole,
  parent,
}: Omit<ItemProps, 'item'> & { items: SidebarItem[]; parent?: SidebarCategory }) {
  return (
    <ul className={'ssg-sidebar__list ssg-sidebar__list--level-' + level}>
      {shownRows(items, activePath, whole).map((row) =>
        'more' in row ? (
          <li key={'more-' + row.index} className="ssg-sidebar__item ssg-sidebar__more">
            <More count={row.more} parent={parent} baseUrl={baseUrl} />
          </li>
        ) : row.item.type === 'category' ? (
          <Category
            key={row.index}
            item={row.item}
            activePath={activePath}
            baseUrl={baseUrl}
            level={level}
            whole={whole}
          />
        ) : (
          <li key={row.index} className="ssg-sidebar__item">
            <Link
              href={row.item.href}
              label={row.item.label}
              activePath={activePath}
              baseUrl={baseUrl}
              className="ssg-sidebar__link"
            />
          </li>
        ),
      )}
    </ul>
  )
}

/** A gap in a list cut in the HTML: how many items it leaves out, linking to the category page. */
function More({
  count,
  parent,
  baseUrl,
}: {
  count: number
  parent: SidebarCategory | undefined
  baseUrl: string
}) {
  const text = `${count.toLocaleString('en-US')} more` + (parent ? ` in ${parent.label}` : '')
  return parent?.href ? (
    <a className="ssg-sidebar__link ssg-sidebar__more-link" href={withBase(baseUrl, parent.href)}>
      {text}
    </a>
  ) : (
    <span className="ssg-sidebar__link ssg-sidebar__more-link">{text}</span>
  )
}

/**
 * The docs / api / sdk navigation. Categories collapse with an animated height; the category of
 * the page shown is open. It cannot be hidden.
 */
export function Sidebar({ sidebar, activePath, baseUrl, label = 'Docs sidebar' }: SidebarProps) {
  // The page's HTML carries long lists cut (see `shownRows`); once hydrated, the whole tree.
  const [whole, setWhole] = useState(false)
  useEffect(() => setWhole(true), [])
  // The link to the page shown is kept in view: in a long list the whole tree (once hydrated)
  // puts it far below where the cut list showed it, and a page reached another way than the
  // sidebar (search, previous / next) may be anywhere in it.
  const nav = useRef<HTMLElement>(null)
  useEffect(() => {
    const active = whole && nav.current?.querySelector('[aria-current="page"]')
    if (active) revealInScroller(active)
  }, [whole, activePath])
  return (
    <nav ref={nav} className="ssg-sidebar" aria-label={label}>
      <Items
        items={sidebar.items}
        activePath={activePath}
        baseUrl={baseUrl}
        level={0}
        whole={whole}
      />
    </nav>
  )
}
