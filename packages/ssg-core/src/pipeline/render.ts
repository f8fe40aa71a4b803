import type { ResolvedConfig } from '../config/load-config.js'
import {
  absoluteUrl,
  APP_ROOT_ID,
  BOOTSTRAP_ID,
  type BootstrapData,
  type HeadTag,
  type RouteData,
  type ThemeServerModule,
  withBase,
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

/**
 * Head tags from the config: custom tags, then one inline script that loads the consent banner and
 * the tag-manager container once the page has loaded and the main thread is idle (the tag
 * manager's `<noscript>` frame stays at the start of the body).
 *
 * Loaded from the head, the two scripts opened connections to two more origins while the
 * stylesheet and the entry script were loading, and could run before hydration; Lighthouse counted
 * them in the page's LCP. Loaded after `load`, they no longer compete with the first render or hydration.
 * The banner is inserted first and both with `async = false`, so the banner runs before the
 * container (it can set consent defaults that the container reads); if one fails to load (ad
 * blocker, offline) the other still runs and the page works. `dataLayer` exists from the start,
 * so page code may push to it before the container loads.
 */
export function configHeadTags(config: ResolvedConfig): HeadTag[] {
  const tags = [...config.headTags] as HeadTag[]
  const loader = thirdPartyLoader(config)
  if (loader) tags.push({ tag: 'script', attributes: {}, content: loader })
  if (config.tagManager) {
    const id = config.tagManager.containerId
    tags.push({
      tag: 'noscript',
      attributes: {},
      position: 'body-start',
      content: `<iframe src="https://www.googletagmanager.com/ns.html?id=${id}" title="Tag manager" height="0" width="0" style="display:none;visibility:hidden"></iframe>`,
    })
  }
  return tags
}

/** How long the third-party loader waits for an idle main thread after `load`, at most (ms). */
export const THIRD_PARTY_IDLE_TIMEOUT = 3000

/** The inline script of {@link configHeadTags}, or null when neither script is configured. */
function thirdPartyLoader(config: ResolvedConfig): string | null {
  const { consentBanner, tagManager } = config
  if (!consentBanner && !tagManager) return null
  let load = ''
  if (consentBanner)
    load += `a(${jsonForScript(consentBanner.src)},${jsonForScript(consentBanner.attributes)});`
  if (tagManager)
    load +=
      `w.dataLayer.push({'gtm.start':Date.now(),event:'gtm.js'});` +
      `a('https://www.googletagmanager.com/gtm.js?id='+${jsonForScript(tagManager.containerId)},{});`
  return (
    `(function(w,d){` +
    (tagManager ? `w.dataLayer=w.dataLayer||[];` : '') +
    `function a(u,t){var s=d.createElement('script');for(var k in t)s.setAttribute(k,t[k]);` +
    `s.async=false;s.src=u;d.head.appendChild(s)}` +
    `function l(){${load}}` +
    `function i(){w.requestIdleCallback?w.requestIdleCallback(l,{timeout:${THIRD_PARTY_IDLE_TIMEOUT}}):setTimeout(l,1)}` +
    `d.readyState==='complete'?i():w.addEventListener('load',i,{once:true})` +
    `})(window,document)`
  )
}

function tagToHtml(tag: HeadTag): string {
  const attrs = attributesToString(tag.attributes)
  if (tag.tag === 'meta' || tag.tag === 'link') return `<${tag.tag}${attrs}>`
  return `<${tag.tag}${attrs}>${tag.content ?? ''}</${tag.tag}>`
}

/** The config's fields a document reads. */
export type DocumentConfig = Pick<ResolvedConfig, 'url' | 'baseUrl' | 'favicon'>

/** One complete HTML document: the core's head tags, the theme's markup, the bootstrap data. */
export function renderDocument(options: {
  route: RouteData
  theme: ThemeServerModule
  config: DocumentConfig
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
  const canonical = absoluteUrl(config, page.path)
  const title =
    page.path === '/' || page.title === site.title
      ? site.title + (site.tagline ? ` - ${site.tagline}` : '')
      : `${page.title} | ${site.title}`
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
    page.markdownUrl
      ? `<link rel="alternate" type="text/markdown" href="${escapeHtml(page.markdownUrl)}">`
      : '',
    config.favicon
      ? `<link rel="icon" href="${escapeHtml(withBase(config.baseUrl, config.favicon))}"${config.favicon.endsWith('.svg') ? ' type="image/svg+xml"' : ''}>`
      : '',
    rendered.head,
    // Linked, not inlined: the stylesheet is cached across pages, and inlined (~8 KB gzip) it
    // would push a docs page's HTML past the first TCP round trip, which costs as much as the
    // request it saves (measured with Lighthouse: no gain in FCP).
    ...assets.css.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    // Scripts and data that hydration needs, fetched at low priority: they must not take the
    // bandwidth of the stylesheet, which blocks the first paint (the page reads without them).
    `<link rel="modulepreload" fetchpriority="low" href="${escapeHtml(assets.entry)}">`,
    ...assets.preload.map(
      (href) => `<link rel="modulepreload" fetchpriority="low" href="${escapeHtml(href)}">`,
    ),
    page.sidebarId && site.sidebars[page.sidebarId]
      ? `<link rel="preload" as="fetch" crossorigin="anonymous" fetchpriority="low" href="${escapeHtml(site.sidebars[page.sidebarId]!)}">`
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
