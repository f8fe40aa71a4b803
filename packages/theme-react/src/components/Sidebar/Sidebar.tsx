import type { Sidebar as SidebarData, SidebarCategory, SidebarItem } from '@ssg/core/contract'
import { useEffect, useId, useRef, useState } from 'react'
import { isExternal, samePath, withBase } from '../../lib/url'
import { containsPath, shownRows, startsOpen } from '../../lib/sidebar-cut'
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

// Exported here before they moved to lib/sidebar-cut (`./components/Sidebar` is a public path).
export { containsPath, LIST_LIMIT, shownRows } from '../../lib/sidebar-cut'

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
  // The HTML's rule (see `sidebarView`, which the page's render key is made from).
  const [open, setOpen] = useState(() => startsOpen(item, activePath))
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
