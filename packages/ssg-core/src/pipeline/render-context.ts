import type { SearchPage } from '@ssg/search-indexer'
import type { ResolvedConfig } from '../config/load-config.js'
import type { HeadTag, PageData, Sidebar, SiteData, ThemeServerModule } from '../theme/contract.js'
import { notFoundPageData } from '../theme/contract.js'
import type { CompiledPage } from './compile-page.js'
import { htmlFileOf } from './output-paths.js'
import {
  configHeadTags,
  renderDocument,
  type DocumentAssets,
  type DocumentConfig,
} from './render.js'

/** Everything a page's document needs besides its own data and sidebar. */
export interface RenderContext {
  config: ResolvedConfig
  theme: ThemeServerModule
  assets: DocumentAssets
  site: SiteData
  headTags: HeadTag[]
}

/** The render context of a site: its data, head tags, assets and theme. */
export function createRenderContext(options: {
  config: ResolvedConfig
  theme: ThemeServerModule
  assets: DocumentAssets
  /** Sidebar id -> URL of its JSON file. */
  sidebarUrls: Record<string, string>
}): RenderContext {
  const { config, theme, assets } = options
  return {
    config,
    theme,
    assets,
    site: createSiteData({
      config,
      sidebarUrls: options.sidebarUrls,
    }),
    headTags: configHeadTags(config),
  }
}

/**
 * What a page's document is made with (a render worker has it too: the config's fields the
 * document reads, not the whole config).
 */
export interface DocumentContext {
  config: DocumentConfig
  theme: ThemeServerModule
  assets: DocumentAssets
  site: SiteData
  headTags: HeadTag[]
}

/** The HTML document of one page. */
export function renderPageHtml(
  context: DocumentContext,
  page: PageData,
  sidebar: Sidebar | null,
): string {
  return renderDocument({
    route: { site: context.site, page, sidebar },
    theme: context.theme,
    config: context.config,
    assets: context.assets,
    headTags: context.headTags,
  })
}

/** Output file of a page's document: `404.html` for the not-found page. */
export function pageHtmlFile(page: PageData): string {
  return page.layout === 'not-found' ? '404.html' : htmlFileOf(page.path)
}

/** The pages search indexes: those that do not opt out and that compiled. */
export function searchPages(
  pages: Array<{ page: CompiledPage; data: Pick<PageData, 'breadcrumbs'> }>,
): SearchPage[] {
  return pages
    .filter(({ page }) => page.frontMatter.search !== false && !page.failed)
    .map(({ page, data }) => ({
      path: page.route,
      title: page.title,
      breadcrumbs: data.breadcrumbs.map((b) => b.label),
      sections: page.sections,
      ...(page.description ? { description: page.description } : {}),
      ...(page.frontMatter.keywords ? { keywords: page.frontMatter.keywords } : {}),
    }))
}

/** The not-found page's data (rendered to `404.html`). */
export function notFoundPage(): PageData {
  return notFoundPageData({
    path: '/404',
    description: 'We could not find what you were looking for.',
  })
}

/** The site-wide data every page carries (kept small: it is embedded in each HTML page). */
export function createSiteData(options: {
  config: ResolvedConfig
  sidebarUrls: Record<string, string>
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
    search: { enabled: config.search.enabled, maxResults: config.search.maxResults },
    sidebars: options.sidebarUrls,
    themeOptions: config.theme.options,
  }
}
