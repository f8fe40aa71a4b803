import { CONTRACT_VERSION, type PageData, type Sidebar } from '../theme/contract.js'
import { hash } from '../util/hash.js'
import { CORE_VERSION } from '../version.js'
import { coreFingerprint, themeFingerprint } from './module-fingerprint.js'
import type { RenderContext } from './render-context.js'
import { SidebarKeys } from './sidebar-keys.js'

/**
 * A page to write: its data, or the key of its data file and its sidebar for a page the build
 * leaves alone (see `PageRecord`: its files are linked from the previous build).
 */
export type PageToWrite = PageData | KeptPage

/** A page the build leaves alone. */
export interface KeptPage {
  path: string
  sidebarId: string | null
  dataKey: string
}

/** Whether the build leaves `page` alone (see `KeptPage`). */
export const isKept = (page: PageToWrite): page is KeptPage => 'dataKey' in page

/** What a page's two files are made from, as hashes (see `pageKeys`). */
export interface PageKeys {
  /** Key of each page's HTML document, in the order of `pages`. */
  html: string[]
  /** Key of each page's data file (its JSON), same order. */
  data: string[]
  /** Hash of what all pages share (see `buildIdOf`). */
  base: string
}

/**
 * Hash of every page's key, of what all pages share and of `extra` (the search's main files'
 * names, which change with any part, which they list): it changes when any output page changes,
 * and only then (see `BuildInfo`).
 */
export function buildIdOf(keys: PageKeys, extra: string[]): string {
  return hash(keys.base, ...extra, ...keys.html)
}

/**
 * The keys of the pages' files. A page's document is made from its data, its sidebar (the part
 * the theme shows, see `sidebarKeyOf`), the site data, the assets' URLs, the config, the theme's
 * server modules and this core; its data file from its data alone. Nothing per-build is in a page (see `BuildInfo`): a page whose key is
 * unchanged is the same bytes.
 */
export async function pageKeys(options: {
  context: RenderContext
  pages: PageToWrite[]
  sidebarOf: (page: PageToWrite) => Sidebar | null
  /** The theme's server modules (the theme's own, and the site's bundle of it if customised). */
  theme: { serverEntry: string; themeServerEntry: string }
  /** The cache folder, where the sidebar keys are kept for the next build (null: none). */
  cacheDir?: string | null
}): Promise<PageKeys> {
  const { context } = options
  const base = hash(
    CORE_VERSION,
    await coreFingerprint(),
    String(CONTRACT_VERSION),
    await themeFingerprint(options.theme),
    context.config.fingerprint,
    JSON.stringify(context.site),
    JSON.stringify(context.assets),
    JSON.stringify(context.headTags),
  )
  const stored = SidebarKeys.open(options.cacheDir ?? null, base)
  const sidebarKey = sidebarKeyOf(context, stored)
  // The JSON without the script escapes (a function of it): the same key, for a fraction of the
  // time (a page's HTML is full of `<`).
  const data = options.pages.map((page) => (isKept(page) ? page.dataKey : dataKeyOf(page)))
  const html = options.pages.map((page, i) =>
    hash(base, data[i]!, sidebarKey(options.sidebarOf(page), page.path)),
  )
  await stored.save()
  return { html, data, base }
}

/**
 * The key of what a page's document takes from its sidebar: the view the theme says the page
 * shows (`sidebarView` of its server entry), or the whole sidebar when the theme has no view or
 * the site replaces theme components (a replacement is handed the whole sidebar). A view's key
 * comes from `stored` while its sidebar is unchanged.
 */
function sidebarKeyOf(
  context: RenderContext,
  stored: SidebarKeys,
): (sidebar: Sidebar | null, path: string) => string {
  const view = context.config.theme.components.length ? undefined : context.theme.sidebarView
  if (view) return (sidebar, path) => (sidebar ? stored.keyOf(sidebar, path, view) : '')
  return (sidebar) => (sidebar ? stored.wholeOf(sidebar) : '')
}

/** The key of a page's data file. */
export function dataKeyOf(page: PageData): string {
  return hash(JSON.stringify(page))
}
