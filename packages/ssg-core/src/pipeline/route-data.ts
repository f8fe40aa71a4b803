import type { ResolvedConfig } from '../config/load-config.js'
import type { NavLink, PageData, Sidebar, SiteData, SidebarItem } from '../theme/contract.js'
import type { CompiledPage } from './compile-page.js'
import { flattenSidebar } from './sidebars.js'

export interface RouteTable {
  pages: PageData[]
  /** Route -> sidebar id. */
  sidebarOf: Map<string, string | null>
}

/** Computes every page's `PageData` once: sidebar, breadcrumbs, prev/next, dates, edit link. */
export function createPageData(options: {
  config: ResolvedConfig
  pages: CompiledPage[]
  sidebars: Sidebar[]
  lastUpdated: Map<string, string>
}): PageData[] {
  const { config, sidebars } = options
  const placement = new Map<
    string,
    { sidebar: Sidebar; index: number; flat: ReturnType<typeof flattenSidebar> }
  >()
  for (const sidebar of sidebars) {
    const flat = flattenSidebar(sidebar.items)
    flat.forEach((entry, index) => {
      if (!placement.has(entry.href)) placement.set(entry.href, { sidebar, index, flat })
    })
  }
  return options.pages.map((page): PageData => {
    const layout = page.frontMatter.layout ?? (page.kind === 'docs' ? 'doc' : 'page')
    const place =
      page.frontMatter.sidebar === false || page.kind !== 'docs'
        ? undefined
        : placement.get(page.route)
    const navLink = (i: number): NavLink | null => {
      const entry = place?.flat[i]
      return entry ? { label: entry.label, href: entry.href } : null
    }
    const trail: SidebarItem[] = place ? place.flat[place.index]!.trail : []
    return {
      path: page.route,
      title: page.title,
      description: page.description,
      layout,
      html: page.html,
      toc: page.toc,
      hideTableOfContents: page.frontMatter.hide_table_of_contents ?? false,
      sidebarId: place ? place.sidebar.id : null,
      breadcrumbs: trail.map((c) => ({
        label: c.label,
        href: c.type === 'category' ? (c.href ?? '') : c.href,
      })),
      prev: place ? navLink(place.index - 1) : null,
      next: place ? navLink(place.index + 1) : null,
      lastUpdated: layout === 'doc' ? (options.lastUpdated.get(page.file) ?? null) : null,
      editUrl:
        config.docs.editUrl && page.kind === 'docs'
          ? config.docs.editUrl.replace(/\/?$/, '/') + page.file
          : null,
      hero: page.frontMatter.hero
        ? {
            title: page.frontMatter.hero.title,
            ...(page.frontMatter.hero.tagline ? { tagline: page.frontMatter.hero.tagline } : {}),
            actions: page.frontMatter.hero.actions.map((a) => ({
              label: a.label,
              href: a.href,
              ...(a.variant ? { variant: a.variant } : {}),
            })),
          }
        : null,
      cards: page.frontMatter.cards ?? [],
      needsMermaid: page.needsMermaid,
    }
  })
}

/** The site-wide data every page carries (kept small: it is embedded in each HTML page). */
export function createSiteData(options: {
  config: ResolvedConfig
  sidebarUrls: Record<string, string>
  search: { docUrl: string; indexUrl: string }
  buildId: string
}): SiteData {
  const { config } = options
  const logo = config.logo ?? { src: '', alt: config.title, href: '/' }
  return {
    title: config.title,
    tagline: config.tagline,
    url: config.url,
    baseUrl: config.baseUrl,
    version: config.siteVersion,
    lang: config.lang,
    logo: { src: logo.src, srcDark: logo.srcDark ?? logo.src, alt: logo.alt, href: logo.href },
    navbar: {
      items: config.navbar.items.map((i) => ({
        label: i.label,
        href: i.href,
        activeBasePath: i.activeBasePath ?? i.href,
      })),
      ...(config.navbar.signIn ? { signIn: config.navbar.signIn } : {}),
      ...(config.navbar.sourceLink ? { sourceLink: config.navbar.sourceLink } : {}),
      hideOnScroll: config.navbar.hideOnScroll,
    },
    footer: config.footer,
    ...(config.announcementBar
      ? {
          announcementBar: {
            id: config.announcementBar.id,
            content: config.announcementBar.content,
            isCloseable: config.announcementBar.isCloseable,
            ...(config.announcementBar.backgroundColor
              ? { backgroundColor: config.announcementBar.backgroundColor }
              : {}),
            ...(config.announcementBar.textColor
              ? { textColor: config.announcementBar.textColor }
              : {}),
          },
        }
      : {}),
    colorMode: config.colorMode,
    docs: { basePath: config.docs.basePath, versionLabel: config.docs.versionLabel },
    search: {
      enabled: config.search.enabled,
      maxResults: config.search.maxResults,
      ...options.search,
    },
    sidebars: options.sidebarUrls,
    buildId: options.buildId,
    themeOptions: config.theme.options,
  }
}
