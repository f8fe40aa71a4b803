import type { Sidebar, SidebarCategory, SidebarItem } from '@ssg/core/contract'
import { isExternal, trimSlash } from './url'

/**
 * What of a sidebar a page's HTML shows: the rule the sidebar renders by before hydration
 * (`shownRows`, `startsOpen`), and the data of that part (`sidebarView`), which the core hashes
 * into the page's render key. One rule, one home: the view cannot disagree with the markup.
 */

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
 * Whether a category is open when first rendered (in the page's HTML, its items are rendered only
 * then): it holds the page shown, or it is not configured collapsed.
 */
export function startsOpen(category: SidebarCategory, activePath: string): boolean {
  return containsPath(category, activePath) || !category.collapsed
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
export type Row = { index: number; item: SidebarItem } | { index: number; more: number }

/**
 * Of a long list, the index of the first item that is or holds each path (its `samePath` and
 * `containsPath`), made once per list: a view of each page of a 10,000-page site scanned the
 * 200 folders of its top level, 0.85 s of its render keys.
 */
const indexesOf = new WeakMap<SidebarItem[], Map<string, number>>()

function indexOfPath(items: SidebarItem[]): Map<string, number> {
  let indexes = indexesOf.get(items)
  if (!indexes) {
    indexes = new Map()
    for (const [index, item] of items.entries()) {
      const paths =
        item.type === 'link'
          ? isExternal(item.href)
            ? []
            : [trimSlash(item.href)]
          : categoryPaths(item)
      for (const path of paths) if (!indexes.has(path)) indexes.set(path, index)
    }
    indexesOf.set(items, indexes)
  }
  return indexes
}

/**
 * The rows of a list. Whole once hydrated; in the server-rendered page (and hydration, which must
 * match it), a list longer than {@link LIST_LIMIT} shows its first items and those around the
 * item that is or holds the page shown, each gap counted: what a reader sees first, and, without
 * JavaScript, the way up and to the neighbouring pages. The whole tree is the sidebar's shared
 * JSON file, which the client loads once for all pages.
 */
export function shownRows(items: SidebarItem[], activePath: string, whole: boolean): Row[] {
  if (whole || items.length <= LIST_LIMIT) return items.map((item, index) => ({ index, item }))
  const focus = indexOfPath(items).get(trimSlash(activePath)) ?? -1
  const from = focus < 0 ? HEAD : Math.max(HEAD, focus - AROUND)
  const to = focus < 0 ? HEAD + 2 * AROUND + 1 : Math.min(items.length, focus + AROUND + 1)
  const rows: Row[] = items.slice(0, Math.min(HEAD, to)).map((item, index) => ({ index, item }))
  if (from > HEAD) rows.push({ index: HEAD, more: from - HEAD })
  for (let index = Math.max(from, HEAD); index < to; index++)
    rows.push({ index, item: items[index]! })
  if (to < items.length) rows.push({ index: to, more: items.length - to })
  return rows
}

/** A row of {@link SidebarView}: a link, a category (its rows when open), or a gap's count. */
export type ViewRow =
  | { link: string; label: string }
  | { category: string; href: string | null; open: boolean; rows: ViewRow[] | null }
  | { more: number }

/** The part of a sidebar a page's HTML shows, as data (see {@link sidebarView}). */
export interface SidebarView {
  id: string
  rows: ViewRow[]
}

/**
 * The part of the sidebar the HTML of the page at `activePath` shows: the rows of each list
 * rendered (cut as {@link shownRows} cuts them), and of each category its label, link and whether
 * it starts open, with its rows only then. Two sidebars with the same view render the same markup
 * for that page (given the same page and site): the core keeps a page's document when its view
 * did not change (`sidebarView` of the theme's server entry).
 */
export function sidebarView(sidebar: Sidebar, activePath: string): SidebarView {
  const rowsOf = (items: SidebarItem[]): ViewRow[] =>
    shownRows(items, activePath, false).map((row): ViewRow => {
      if ('more' in row) return { more: row.more }
      const { item } = row
      if (item.type === 'link') return { link: item.href, label: item.label }
      const open = startsOpen(item, activePath)
      return {
        category: item.label,
        href: item.href ?? null,
        open,
        rows: open ? rowsOf(item.items) : null,
      }
    })
  return { id: sidebar.id, rows: rowsOf(sidebar.items) }
}
