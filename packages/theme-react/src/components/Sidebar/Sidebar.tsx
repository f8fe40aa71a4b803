import type { Sidebar as SidebarData, SidebarCategory, SidebarItem } from '@ssg/core/contract'
import { useEffect, useId, useState } from 'react'
import { isExternal, samePath, trimSlash, withBase } from '../../lib/url'
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

interface ItemProps {
  item: SidebarItem
  activePath: string
  baseUrl: string
  level: number
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

function Category({ item, activePath, baseUrl, level }: ItemProps & { item: SidebarCategory }) {
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
        <Items items={item.items} activePath={activePath} baseUrl={baseUrl} level={level + 1} />
      </Collapsible>
    </li>
  )
}

function Items({
  items,
  activePath,
  baseUrl,
  level,
}: Omit<ItemProps, 'item'> & { items: SidebarItem[] }) {
  return (
    <ul className={'ssg-sidebar__list ssg-sidebar__list--level-' + level}>
      {items.map((item, index) =>
        item.type === 'category' ? (
          <Category
            key={index}
            item={item}
            activePath={activePath}
            baseUrl={baseUrl}
            level={level}
          />
        ) : (
          <li key={index} className="ssg-sidebar__item">
            <Link
              href={item.href}
              label={item.label}
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

/**
 * The docs / api / sdk navigation. Categories collapse with an animated height; the category of
 * the page shown is open. It cannot be hidden.
 */
export function Sidebar({ sidebar, activePath, baseUrl, label = 'Docs sidebar' }: SidebarProps) {
  return (
    <nav className="ssg-sidebar" aria-label={label}>
      <Items items={sidebar.items} activePath={activePath} baseUrl={baseUrl} level={0} />
    </nav>
  )
}
