import type { PageResult } from '@ssg/search-indexer/browser'

/** Where the search index is: not asked for yet, on its way, usable, or failed. */
export type SearchStatus =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'ready' }
  | { state: 'error'; message: string }

/** One choosable row of the dropdown: a section of a page. */
export interface SearchOption {
  url: string
  pageIndex: number
  sectionIndex: number
}

/** The sections of the results in display order (the options of the listbox). */
export function flattenResults(pages: readonly PageResult[]): SearchOption[] {
  return pages.flatMap((page, pageIndex) =>
    page.sections.map((section, sectionIndex) => ({ url: section.url, pageIndex, sectionIndex })),
  )
}

/** Index of the option whose URL is `url`, or -1 (none active, or it left the results). */
export function activeIndex(options: readonly SearchOption[], url: string | null): number {
  return url === null ? -1 : options.findIndex((option) => option.url === url)
}

/** The next active option for an arrow key: wraps around; from none, Down goes to the first. */
export function moveActive(active: number, count: number, key: 'ArrowDown' | 'ArrowUp'): number {
  if (count === 0) return -1
  if (key === 'ArrowDown') return active < 0 || active >= count - 1 ? 0 : active + 1
  return active <= 0 ? count - 1 : active - 1
}

/** Whether a keydown is a search shortcut: Ctrl+K or Cmd+K anywhere, `/` outside text fields. */
export function isSearchShortcut(event: {
  key: string
  ctrlKey: boolean
  metaKey: boolean
  altKey: boolean
  target: EventTarget | null
}): boolean {
  if (event.altKey) return false
  if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') return true
  if (event.key !== '/' || event.ctrlKey || event.metaKey) return false
  const target = event.target as HTMLElement | null
  const editable =
    target?.isContentEditable ||
    (target?.tagName !== undefined && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))
  return !editable
}

/** Whether a click should stay the browser's (new tab, new window, download). */
export function isModifiedClick(event: {
  button: number
  ctrlKey: boolean
  metaKey: boolean
  shiftKey: boolean
  altKey: boolean
}): boolean {
  return event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey
}
