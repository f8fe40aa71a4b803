import type { ResolvedConfig } from '../config/load-config.js'
import {
  APP_ROOT_ID,
  BOOTSTRAP_ID,
  type BootstrapData,
  type HeadTag,
  type RouteData,
  type ThemeServerModule,
} from '../theme/contract.js'
import { attributesToString, escapeHtml, jsonForScript } from '../util/html.js'
import { SsgError } from '../util/errors.js'

export interface DocumentAssets {
  /** URL of the hashed client entry. */
  entry: string
  /** URLs of chunks the entry imports statically (module-preloaded). */
  preload: string[]
  css: string[]
}

/** Head tags from the config: custom tags, the consent banner script, the tag-manager container. */
export function configHeadTags(config: ResolvedConfig): HeadTag[] {
  const tags = [...config.headTags] as HeadTag[]
  if (config.consentBanner)
    tags.push({
      tag: 'script',
      attributes: {
        src: config.consentBanner.src,
        async: true,
        ...config.consentBanner.attributes,
      },
    })
  if (config.tagManager) {
    const id = config.tagManager.containerId
    tags.push({
      tag: 'script',
      attributes: {},
      content: `(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':Date.now(),event:'gtm.js'});var f=d.getElementsByTagName(s)[0],j=d.createElement(s);j.async=true;j.src='https://www.googletagmanager.com/gtm.js?id='+i;f.parentNode.insertBefore(j,f);})(window,document,'script','dataLayer','${id}');`,
    })
    tags.push({
      tag: 'noscript',
      attributes: {},
      position: 'body-start',
      content: `<iframe src="https://www.googletagmanager.com/ns.html?id=${id}" title="Tag manager" height="0" width="0" style="display:none;visibility:hidden"></iframe>`,
    })
  }
  return tags
}

function tagToHtml(tag: HeadTag): string {
  const attrs = attributesToString(tag.attributes)
  if (tag.tag === 'meta' || tag.tag === 'link') return `<${tag.tag}${attrs}>`
  return `<${tag.tag}${attrs}>${tag.content ?? ''}</${tag.tag}>`
}

/** One complete HTML document: the core's head tags, the theme's markup, the bootstrap data. */
export function renderDocument(options: {
  route: RouteData
  theme: ThemeServerModule
  config: ResolvedConfig
  assets: DocumentAssets
  headTags: HeadTag[]
}): string {
  const { route, theme, config, assets } = options
  const { site, page } = route
  let rendered
  try {
    rendered = theme.renderPage(route)
  } catch (error) {
    throw new SsgError(`Cannot render ${page.path}: ${(error as Error).message}`, { cause: error })
  }
  const base = config.url + config.baseUrl.replace(/\/$/, '')
  const canonical = base + page.path
  const title =
    page.path === '/' || page.title === site.title
      ? site.title + (site.tagline ? ` - ${site.tagline}` : '')
      : `${page.title} | ${site.title}`
  const withBase = (url: string) => (url.startsWith('/') ? config.baseUrl + url.slice(1) : url)
  const head: string[] = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    page.description ? `<meta name="description" content="${escapeHtml(page.description)}">` : '',
    page.layout === 'not-found'
      ? '<meta name="robots" content="noindex">'
      : `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    `<meta property="og:type" content="${page.layout === 'doc' ? 'article' : 'website'}">`,
    `<meta property="og:title" content="${escapeHtml(page.title)}">`,
    page.description
      ? `<meta property="og:description" content="${escapeHtml(page.description)}">`
      : '',
    `<meta property="og:url" content="${escapeHtml(canonical)}">`,
    `<meta property="og:site_name" content="${escapeHtml(site.title)}">`,
    '<meta name="twitter:card" content="summary">',
    `<meta name="twitter:title" content="${escapeHtml(page.title)}">`,
    page.description
      ? `<meta name="twitter:description" content="${escapeHtml(page.description)}">`
      : '',
    config.favicon
      ? `<link rel="icon" href="${escapeHtml(withBase(config.favicon))}"${config.favicon.endsWith('.svg') ? ' type="image/svg+xml"' : ''}>`
      : '',
    rendered.head,
    ...assets.css.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    `<link rel="modulepreload" href="${escapeHtml(assets.entry)}">`,
    ...assets.preload.map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`),
    page.sidebarId && site.sidebars[page.sidebarId]
      ? `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeHtml(site.sidebars[page.sidebarId]!)}">`
      : '',
    ...options.headTags.filter((t) => (t.position ?? 'head') === 'head').map(tagToHtml),
  ]
  const bodyStart = options.headTags
    .filter((t) => t.position === 'body-start')
    .map(tagToHtml)
    .join('')
  const bootstrap: BootstrapData = { site, page: { ...page, html: '' } }
  const htmlAttributes = attributesToString({
    lang: site.lang,
    dir: 'ltr',
    ...rendered.htmlAttributes,
  })
  return (
    `<!doctype html><html${htmlAttributes}><head>${head.filter(Boolean).join('')}</head>` +
    `<body>${bodyStart}<div id="${APP_ROOT_ID}">${rendered.body}</div>` +
    `<script id="${BOOTSTRAP_ID}" type="application/json">${jsonForScript(bootstrap)}</script>` +
    `<script type="module" src="${escapeHtml(assets.entry)}"></script></body></html>`
  )
}
