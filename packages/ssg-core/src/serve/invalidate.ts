/**
 * The incremental rules of `ssg serve`, kept in one place with tests (Eleventy's incremental mode
 * broke where such rules lived in people's heads, #1485).
 *
 * A page's document is a function of:
 * - its compiled page (title, html, toc, front matter, ...): a new object after each compile;
 * - its html after the link check (a link to a page whose route changed is rewritten);
 * - its placement in a sidebar: sidebar id, breadcrumbs, previous/next, and its last-update date;
 * - its sidebar (the navigation is server-rendered into each page of that sidebar);
 * - the site: config, theme, client bundle. A change to one of those re-renders every page.
 * When all of these are unchanged, the page's output is unchanged and is not rendered again.
 */
import path from 'node:path'
import { CONFIG_FILE_NAMES } from '../config/load-config.js'
import type { CompiledPage } from '../pipeline/compile-page.js'
import type { NavLink, PageData, Sidebar } from '../theme/contract.js'

/** What a watched path is to the dev server. */
export type ChangeKind = 'content' | 'static' | 'config' | 'theme' | 'openapi' | 'include'

export interface WatchedPlaces {
  /** Absolute site folder. */
  root: string
  /** Absolute folder of the theme package (symlinks resolved), or null. */
  themeDir: string | null
  /** The site's own theme files (component overrides, slots, custom CSS): absolute paths. */
  themeFiles?: readonly string[]
  /** The site's OpenAPI files (config `openapi`): absolute paths. */
  apiFiles?: readonly string[]
  /**
   * Files out of `content/` that compiled pages read besides their own (a snippet's file, such as
   * `includes/abbreviations.md` at the site's top or `../common/note.md`): absolute paths.
   */
  included?: ReadonlySet<string>
}

function inside(dir: string, file: string): boolean {
  const relative = path.relative(dir, file)
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative)
}

/** Classifies a changed path; null for paths the dev server does not care about. */
export function classifyPath(file: string, places: WatchedPlaces): ChangeKind | null {
  const { root, themeDir } = places
  if (path.dirname(file) === root && CONFIG_FILE_NAMES.includes(path.basename(file)))
    return 'config'
  if (themeDir && inside(themeDir, file)) {
    const parts = path.relative(themeDir, file).split(path.sep)
    if (parts.some((p) => p === 'node_modules' || p.startsWith('.'))) return null
    // Source maps and tests do not change what the theme renders.
    if (/\.map$|\.test\.[cm]?[jt]sx?$/.test(file)) return null
    return 'theme'
  }
  if (places.themeFiles?.includes(file)) return 'theme'
  if (places.apiFiles?.includes(file)) return 'openapi'
  if (inside(path.join(root, 'content'), file)) return 'content'
  if (inside(path.join(root, 'static'), file)) return 'static'
  if (places.included?.has(file)) return 'include'
  return null
}

export interface WatchEvent {
  event: 'add' | 'change' | 'unlink' | 'addDir' | 'unlinkDir'
  /** Absolute path. */
  path: string
}

/** What a batch of watch events asks for. */
export interface ChangePlan {
  /** The config changed: rebuild everything. */
  config: boolean
  /** The theme changed: import its server entry again, re-bundle the client, re-render all. */
  theme: boolean
  /** Files under `static/` changed: links to them, and every open page. */
  static: boolean
  /** An OpenAPI file changed: read the specs again, recompile the pages that use them. */
  openapi: boolean
  /** Content files (absolute) to read again (`write`) or to forget (`delete`), last event wins. */
  content: Map<string, 'write' | 'delete'>
  /** Content folders (absolute) removed: forget every page under them. */
  removedDirs: string[]
  /** Files out of `content/` that pages read (see `WatchedPlaces.included`) changed: absolute. */
  included: Set<string>
}

/** Folds a batch of watch events into one plan (a rename arrives as unlink + add). */
export function planChanges(events: WatchEvent[], places: WatchedPlaces): ChangePlan {
  const plan: ChangePlan = {
    config: false,
    theme: false,
    static: false,
    openapi: false,
    content: new Map(),
    removedDirs: [],
    included: new Set(),
  }
  for (const { event, path: file } of events) {
    const kind = classifyPath(file, places)
    if (kind === 'config') plan.config = true
    else if (kind === 'theme') plan.theme = plan.theme || event !== 'addDir'
    else if (kind === 'static') plan.static = plan.static || event !== 'addDir'
    else if (kind === 'openapi') plan.openapi = true
    else if (kind === 'include') plan.included.add(file)
    else if (kind === 'content') {
      if (event === 'unlinkDir') {
        plan.removedDirs.push(file)
        for (const known of plan.content.keys())
          if (inside(file, known)) plan.content.set(known, 'delete')
      } else if (event === 'unlink') plan.content.set(file, 'delete')
      else if (event !== 'addDir') plan.content.set(file, 'write')
    }
  }
  return plan
}

/** Everything one page's output is made from (see the module comment). */
export interface RouteRecord {
  route: string
  file: string
  /** The compiled page (identity: a new object after each compile of the file). */
  page: CompiledPage
  /** Its page data, html already link-checked. */
  data: PageData
  /** Its sidebar (one object per version: compared by identity), or null without one. */
  sidebar: SidebarVersion | null
  /** The page's own file has an error (compile, front matter, a broken link, ...). */
  broken: boolean
}

/**
 * One version of a sidebar. The dev server keeps the same object while the sidebar's JSON stays
 * the same, so that 10,000 pages compare their sidebar by identity, not 10,000 times its JSON.
 */
export interface SidebarVersion {
  sidebar: Sidebar
  json: string
}

/** The output the dev server serves for a route: what it was made from, and whether it was good. */
export interface OutputRecord {
  record: RouteRecord
  /** Made from content without errors. */
  good: boolean
}

/** What to do with a route's output. */
export type OutputAction =
  /** A new route: make its output from the new data (even when broken: nothing better exists). */
  | 'add'
  /** Unchanged inputs: keep the output. */
  | 'keep'
  /** Changed inputs: render again from the new data. */
  | 'render'
  /** Broken now, good before: keep serving the last good output. */
  | 'hold'

function sameLink(a: NavLink | null, b: NavLink | null): boolean {
  return a === b || (a !== null && b !== null && a.label === b.label && a.href === b.href)
}

/** Same sidebar id, breadcrumbs, previous/next and date: what a page takes from the others. */
export function samePlacement(a: PageData, b: PageData): boolean {
  return (
    a.sidebarId === b.sidebarId &&
    a.lastUpdated === b.lastUpdated &&
    sameLink(a.prev, b.prev) &&
    sameLink(a.next, b.next) &&
    a.breadcrumbs.length === b.breadcrumbs.length &&
    a.breadcrumbs.every(
      (c, i) => c.label === b.breadcrumbs[i]!.label && c.href === b.breadcrumbs[i]!.href,
    )
  )
}

/** Whether two records produce the same output. */
export function sameInputs(a: RouteRecord, b: RouteRecord): boolean {
  return (
    a.page === b.page &&
    a.data.html === b.data.html &&
    a.sidebar === b.sidebar &&
    samePlacement(a.data, b.data)
  )
}

export function outputAction(previous: OutputRecord | undefined, next: RouteRecord): OutputAction {
  if (!previous) return 'add'
  if (next.broken && previous.good && !sameInputs(previous.record, next)) return 'hold'
  return sameInputs(previous.record, next) ? 'keep' : 'render'
}

/** What the search files are made from for one page. */
function searchKey(record: RouteRecord): string {
  const { page, data } = record
  if (page.frontMatter.search === false || page.failed) return ''
  return JSON.stringify([page.title, data.breadcrumbs.map((b) => b.label), page.sections])
}

function searchChanged(a: RouteRecord, b: RouteRecord): boolean {
  if (a.page === b.page && a.data.breadcrumbs.length === b.data.breadcrumbs.length)
    return !a.data.breadcrumbs.every((c, i) => c.label === b.data.breadcrumbs[i]!.label)
  return searchKey(a) !== searchKey(b)
}

export interface Invalidation {
  /** Action per route of the new site. */
  actions: Map<string, OutputAction>
  /** Routes that disappeared. */
  removed: string[]
  /** Routes whose served output changes (added, re-rendered or removed): browsers there reload. */
  changed: string[]
  /** The search files must be built again (a page's title, sections or breadcrumbs changed). */
  search: boolean
}

/**
 * Compares the served outputs with the new site's records: what to render, keep and drop.
 * `complete`: the records are every route of the site (routes without one are removed); false
 * when they are only the edited pages' (an edit that kept every route and sidebar).
 */
export function invalidate(
  outputs: ReadonlyMap<string, OutputRecord>,
  records: RouteRecord[],
  complete = true,
): Invalidation {
  const actions = new Map<string, OutputAction>()
  const changed: string[] = []
  let search = false
  for (const record of records) {
    const previous = outputs.get(record.route)
    const action = outputAction(previous, record)
    actions.set(record.route, action)
    if (action === 'add' || action === 'render') changed.push(record.route)
    if (
      !search &&
      (action === 'add' || (action === 'render' && searchChanged(previous!.record, record)))
    )
      search = true
  }
  const removed = complete ? [...outputs.keys()].filter((route) => !actions.has(route)) : []
  if (removed.length) search = true
  changed.push(...removed)
  return { actions, removed, changed, search }
}
