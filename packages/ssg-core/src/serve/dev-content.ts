import path from 'node:path'
import { pagesUsing, takeAssetChanges } from '../pipeline/assets.js'
import { INDEX_STAND_IN_NAME, PAGE_FILE, placeOf, sourcePageOf } from '../pipeline/discover.js'
import { isCategoryFile } from '../pipeline/category-files.js'
import { listStaticFiles } from '../pipeline/extras.js'
import { headKey, readPageHead } from '../site/page-head.js'
import { checkLinks, recordFor } from './dev-records.js'
import type { DevSite } from './dev-site.js'
import type { ChangePlan, RouteRecord } from './invalidate.js'
import type { PageData } from '../theme/contract.js'
import { readChangedFile } from '../util/read-changed.js'

/** What an update changed, for the browsers and the terminal. */
export interface UpdateResult {
  /** Site paths (base URL included) whose pages reload, or `all`. */
  reload: string[] | 'all'
  /** Site paths whose pages can swap their new page data in place (an article edit). */
  refresh: string[]
  /** The new page data of those paths, when they are few (pushed with them: see `DevEvent`). */
  pages: Record<string, PageData>
  /** Pages compiled again. */
  compiled: number
  /** Routes of the edited pages: worth rendering before the browsers ask (see `prerender`). */
  edited: string[]
}

/**
 * Most pages whose new data is pushed with an update (an edit saves one page; each page's data
 * goes to every open page).
 */
const PUSHED_PAGES_LIMIT = 4

/**
 * Applies a batch of changes to the site of `ssg serve`: theme, static files, content. An edit
 * compiles its page at once; a change of title, sidebar keys or route (or a page added or
 * removed) makes the route table again. Then the outputs served so far are compared with what
 * they are made from now: the changed ones reload, or swap their data in place when only the
 * article changed.
 */
export async function applyContent(site: DevSite, plan: ChangePlan): Promise<UpdateResult> {
  let all = false
  if (plan.theme) {
    if (await site.themeRuntime.reload()) {
      all = true
      site.outputs.clearRendered()
      site.renderProblems.clear()
      site.forgetNotFound()
    }
    site.messagesChanged()
  }
  let tableChanged = false
  if (plan.static) {
    site.staticFiles = await listStaticFiles(site.config.root)
    all = true
    tableChanged = true
  }
  addIncluders(site, plan)
  const assets = await assetChanges(site, plan)
  const content = await readChanges(site, plan)
  // An edited spec, or a page that moved a schema's home, changes the pages placing parts of one.
  const specs = await site.apis.update(plan.openapi)
  if (specs.recompile.length) {
    site.setApis()
    await Promise.all(
      specs.recompile.map(async (file) => {
        content.edited.add(file)
        await site.store.recompile(site.requestOf(file))
      }),
    )
  }
  if (specs.messagesChanged) site.messagesChanged()
  // A compile that corrected the table since the last update (see `DevSite.onTableChange`).
  tableChanged ||= content.tableChanged || site.routeTable.takeCorrection()
  const empty = { reload: [], refresh: [], pages: {}, compiled: 0, edited: [] }
  if (
    !content.edited.size &&
    !tableChanged &&
    !all &&
    !specs.messagesChanged &&
    !assets.routes.length
  )
    return empty
  // Routes come or go only with a new table (not a walk over 10,000 routes at each edit).
  const before = tableChanged ? new Set(site.table.pages.map((p) => p.route)) : null
  if (tableChanged) site.remakeTable()
  // A new table may resolve links otherwise (a page came, went or moved): check them all.
  const recheck = tableChanged ? [...site.links.keys()] : content.dependents
  for (const file of recheck) {
    const page = content.edited.has(file) ? undefined : site.store.get(file)
    if (page) checkLinks(site, page)
  }
  site.messagesChanged()
  // Only the routes served so far: no page can show the others.
  const routes = tableChanged
    ? site.outputs.routes()
    : [...content.edited]
        .flatMap((file) => site.routeOf(file) ?? [])
        .filter((r) => site.outputs.has(r))
  const records: RouteRecord[] = []
  for (const route of routes) {
    const head = site.table.byRoute.get(route)
    const page = head && site.store.get(head.file)
    if (page) records.push(recordFor(site, page))
  }
  const changes = site.outputs.apply(records, tableChanged)
  const added = before
    ? site.table.pages.map((p) => p.route).filter((route) => !before.has(route))
    : []
  const refresh = all ? [] : changes.refresh
  const reload = [
    ...changes.changed.filter((r) => !refresh.includes(r)),
    ...added,
    ...assets.routes.filter((r) => !refresh.includes(r)),
  ]
  const edited = [...content.edited].flatMap((file) => site.routeOf(file) ?? [])
  const refreshed = site.sitePaths(refresh)
  const pages: Record<string, PageData> = {}
  if (refreshed !== 'all' && refreshed.length <= PUSHED_PAGES_LIMIT)
    refresh.forEach((route, i) => {
      const data = site.outputs.record(route)?.data
      if (data) pages[refreshed[i]!] = data
    })
  return {
    reload: all || refreshed === 'all' ? 'all' : site.sitePaths([...new Set(reload)]),
    refresh: refreshed === 'all' ? [] : refreshed,
    pages,
    compiled: content.edited.size,
    edited: edited.filter((route) => !refresh.includes(route)),
  }
}

/**
 * Files beside the Markdown (images, downloads) that changed, came or went: taken out of the
 * plan (they are not pages), and the pages that use one checked again (a `missing-asset` warning
 * comes or goes). Returns the routes of those pages served so far: they reload to show the file
 * as it is now (their HTML is the same).
 */
async function assetChanges(site: DevSite, plan: ChangePlan): Promise<{ routes: string[] }> {
  const root = site.config.root
  const files = takeAssetChanges(plan, root, site.assetLookup)
  const dirs = plan.removedDirs.map((dir) => path.relative(root, dir).split(path.sep).join('/'))
  for (const dir of dirs) site.assetLookup.forgetUnder(dir)
  // A page edit changes no such file: not a walk over every page of the site.
  if (!files.size && !dirs.length) return { routes: [] }
  const compiled = site.order.flatMap((file) => site.store.get(file) ?? [])
  const users = pagesUsing(compiled, files, dirs)
  for (const page of users) checkLinks(site, page)
  return { routes: users.map((page) => page.route).filter((route) => site.outputs.has(route)) }
}

/**
 * Reads and compiles the changed content files. Returns the files that changed, whether the
 * route table must be made again, and the pages whose links may point at anchors that changed.
 */
async function readChanges(
  site: DevSite,
  plan: ChangePlan,
): Promise<{ edited: Set<string>; tableChanged: boolean; dependents: string[] }> {
  const edited = new Set<string>()
  let tableChanged = false
  const anchorsChanged: string[] = []
  const toFile = (absolute: string) =>
    path.relative(site.config.root, absolute).split(path.sep).join('/')
  const forget = (file: string) => {
    if (!site.heads.has(file)) return
    site.heads.delete(file)
    site.places.delete(file)
    site.order = site.order.filter((f) => f !== file)
    site.links.delete(file)
    site.apis.forget(file)
    site.store.forget(file)
    edited.add(file)
    tableChanged = true
  }
  for (const dir of plan.removedDirs) {
    const prefix = toFile(dir) + '/'
    for (const file of [...site.heads.keys()]) if (file.startsWith(prefix)) forget(file)
  }
  addNamedBySiblings(site, plan)
  const compiles: Array<Promise<void>> = []
  for (const [absolute, action] of plan.content) {
    const file = toFile(absolute)
    // A folder's `_category_.json` (label, position): the sidebars are made again.
    if (isCategoryFile(file)) {
      tableChanged = true
      continue
    }
    let source: string | null = null
    if (action === 'write') {
      try {
        source = await readChangedFile(absolute)
      } catch {
        source = null // Gone again meanwhile: the unlink event follows.
      }
    }
    const page = source === null ? null : sourcePageOf(site.config, absolute, source)
    if (!page) {
      forget(file)
      continue
    }
    const known = site.heads.get(file)
    if (known && known.hash === page.hash && site.places.get(file)?.route === page.route) continue
    site.apis.note(file, page)
    site.places.set(file, placeOf(page))
    if (!known) {
      site.order = [...site.heads.keys(), file].sort()
      tableChanged = true
    }
    site.heads.set(file, await readPageHead(page))
    site.dates.changed(file)
    edited.add(file)
    const anchors = site.store.get(file)?.anchors.join('\n')
    compiles.push(
      site.store.recompile(site.requestOf(file)).then((compiled) => {
        if (!compiled) return
        if (!known || headKey(known) !== headKey(compiled)) tableChanged = true
        if (anchors !== undefined && anchors !== compiled.anchors.join('\n'))
          anchorsChanged.push(compiled.route)
      }),
    )
  }
  await Promise.all(compiles)
  return { edited, tableChanged, dependents: linkingTo(site, anchorsChanged) }
}

/**
 * A page whose route depends on the other files of its folder (`README.md` or `_index.md`, the index page when
 * there is no `index.md`; `..md`, numbered when `dot.md` exists: see `pageNameOf`) is read again
 * when a Markdown file of its folder comes or goes.
 */
function addNamedBySiblings(site: DevSite, plan: ChangePlan): void {
  const root = site.config.root
  const folders = new Set<string>()
  for (const [absolute, action] of plan.content) {
    if (!PAGE_FILE.test(absolute)) continue
    const known = site.heads.has(path.relative(root, absolute).split(path.sep).join('/'))
    if (known !== (action === 'write')) folders.add(path.dirname(absolute))
  }
  if (!folders.size) return
  for (const file of site.heads.keys()) {
    const absolute = path.join(root, file)
    const name = path.basename(file).replace(PAGE_FILE, '')
    if (!(INDEX_STAND_IN_NAME.test(name) || /^\.+$/.test(name)) || plan.content.has(absolute))
      continue
    if (folders.has(path.dirname(absolute))) plan.content.set(absolute, 'write')
  }
}

/**
 * The compiled pages that read a file that changed besides their own (a partial, `_intro.mdx`, see
 * `mdx-partials.ts`, or a snippet's file, see `snippets.ts`, nested ones too) are read again:
 * their hash holds those texts, so they compile again. Pages not compiled yet read them when they
 * are. Before the assets are taken out of the plan: a snippet's file is often not Markdown. A
 * snippet's file out of `content/` (the plan's `included`) is no page: only its readers compile.
 */
function addIncluders(site: DevSite, plan: ChangePlan): void {
  if (!plan.content.size && !plan.included.size) return
  const root = site.config.root
  const changed = new Set(
    [...plan.content.keys(), ...plan.included].map((absolute) =>
      path.relative(root, absolute).split(path.sep).join('/'),
    ),
  )
  for (const file of site.store.readersOf(changed)) {
    const absolute = path.join(root, file)
    if (!plan.content.has(absolute)) plan.content.set(absolute, 'write')
  }
}

/** Compiled pages with a link that may point at one of these routes (to check their anchors). */
function linkingTo(site: DevSite, routes: string[]): string[] {
  if (!routes.length) return []
  const names = routes.map((route) => route.replace(/\/$/, '').split('/').pop() || route)
  const out: string[] = []
  for (const file of site.links.keys()) {
    const page = site.store.get(file)
    if (page?.links.some((l) => l.href.includes('#') && names.some((n) => l.href.includes(n))))
      out.push(file)
  }
  return out
}
