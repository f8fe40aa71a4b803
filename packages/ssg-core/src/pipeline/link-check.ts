import path from 'node:path'
import type { ResolvedConfig } from '../config/load-config.js'
import type { BuildMessage } from '../report/messages.js'
import type { PageHead } from '../site/page-head.js'
import type { RouteTable } from '../site/route-table.js'
import { withBase } from '../theme/contract.js'
import { closest } from '../util/errors.js'
import { encodeRoute } from './output-paths.js'
import type { CompiledPage } from './compile-page.js'
import { PAGE_FILE } from './discover.js'

export interface LinkCheckOptions {
  table: RouteTable
  baseUrl: string
  /** Files under `static/` (site paths like `/img/logo.svg`). */
  staticFiles: Set<string>
  /**
   * The heading ids of a page, or undefined when it is not compiled yet (`ssg serve` compiles on
   * demand): links to its anchors are then left unchecked (`LinkCheck.unchecked`).
   */
  anchorsOf: (page: PageHead) => readonly string[] | undefined
  /** The config's `links.prefixes`: link prefix -> site path. @default {} */
  prefixes?: Readonly<Record<string, string>>
}

/** The link check's options for a site: its config's base URL and `links.prefixes`. */
export function siteLinkOptions(
  config: ResolvedConfig,
  site: Pick<LinkCheckOptions, 'table' | 'staticFiles' | 'anchorsOf'>,
): LinkCheckOptions {
  return { ...site, baseUrl: config.baseUrl, prefixes: config.links.prefixes }
}

/** One page's links, checked against the route table. */
export interface LinkCheck {
  /** The page's HTML with Markdown file links and `/x` -> `/x/` links rewritten to routes. */
  html: string
  messages: BuildMessage[]
  /** Some `#anchor` links point at pages whose anchors were not known. */
  unchecked: boolean
}

/**
 * URL schemes a link may use: the web's, mail and phone, and the apps documentation links to
 * (Windows' own: `ms-settings:`, `ms-windows-store:`, any `ms-…`, `windowsdefender:`).
 * Any other (`xref:`, `doc:`, a tool's own) is reported: a browser cannot follow it.
 */
const KNOWN_SCHEMES = new Set(
  (
    'http https mailto tel sms ftp ftps sftp ssh git svn irc ircs news nntp xmpp magnet geo ' +
    'webcal data urn ws wss file vscode vscode-insiders slack zoommtg msteams skype spotify ' +
    'steam itms-apps market intent chrome about view-source matrix bitcoin ethereum ' +
    'windowsdefender microsoft-edge'
  ).split(' '),
)

/**
 * "Did you mean" routes by route table and missing path: a large site links to the same missing
 * page from many pages (MDN: 19,000 links to 2,000 paths outside a 3,000-page folder), and each
 * suggestion scans every route.
 */
const suggestions = new WeakMap<RouteTable, Map<string, string | undefined>>()

function suggestRoute(table: RouteTable, sitePath: string): string | undefined {
  let memo = suggestions.get(table)
  if (!memo) suggestions.set(table, (memo = new Map()))
  if (!memo.has(sitePath)) memo.set(sitePath, closest(sitePath, table.routes, 0.5))
  return memo.get(sitePath)
}

/** Routes by their lower-case spelling, by route table (the first route of a spelling wins). */
const folded = new WeakMap<RouteTable, Map<string, string>>()

function routeWithoutCase(table: RouteTable, sitePath: string): string | null {
  let byLower = folded.get(table)
  if (!byLower) {
    byLower = new Map()
    for (const route of table.routes)
      if (!byLower.has(route.toLowerCase())) byLower.set(route.toLowerCase(), route)
    folded.set(table, byLower)
  }
  const lower = sitePath.toLowerCase()
  const alt = lower.endsWith('/') ? lower.slice(0, -1) : lower + '/'
  return byLower.get(lower) ?? byLower.get(alt) ?? null
}

/** A site path with the longest matching `links.prefixes` key replaced by its value, or null. */
export function mapPrefix(
  sitePath: string,
  prefixes: Readonly<Record<string, string>>,
): string | null {
  let best: string | null = null
  for (const prefix of Object.keys(prefixes)) {
    const bare = prefix.slice(0, -1)
    const matches =
      sitePath.toLowerCase().startsWith(prefix.toLowerCase()) ||
      sitePath.toLowerCase() === bare.toLowerCase()
    if (matches && (best === null || prefix.length > best.length)) best = prefix
  }
  if (best === null) return null
  return prefixes[best]! + sitePath.slice(best.length)
}

/** `decodeURIComponent`, or the value as written when it holds a stray `%`. */
function decode(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

/** Route a link points at (percent-decoded), or null when the link leaves the site. */
function splitHref(href: string): { path: string; hash: string } | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) return null
  const hashIndex = href.indexOf('#')
  const beforeHash = hashIndex === -1 ? href : href.slice(0, hashIndex)
  const hash = hashIndex === -1 ? '' : decode(href.slice(hashIndex + 1))
  const query = beforeHash.indexOf('?')
  return { path: decode(query === -1 ? beforeHash : beforeHash.slice(0, query)), hash }
}

/**
 * The scheme of a link that no browser follows (`xref:System.String`), or null. Such a link is
 * shown as its text (on the page and in its Markdown twin).
 */
export function unknownScheme(href: string): string | null {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href)?.[1]?.toLowerCase()
  if (!scheme || KNOWN_SCHEMES.has(scheme) || scheme.startsWith('ms-')) return null
  return scheme !== 'javascript' ? scheme : null
}

/** The draft left out of the build at a site path (`/x` or `/x/`), if any. */
function draftAt(table: RouteTable, sitePath: string): PageHead | undefined {
  const alt = sitePath.endsWith('/') ? sitePath.slice(0, -1) : sitePath + '/'
  return table.drafts.find((d) => d.route === sitePath || d.route === alt)
}

/** A value as rehype-stringify writes it in a double-quoted attribute. */
function attribute(value: string): string {
  return value.replace(/&/g, '&#x26;').replace(/"/g, '&#x22;')
}

/** The site file a Markdown link names (see `checkPageLinks`), or null. */
function markdownFileOf(table: RouteTable, page: { file: string }, linked: string): string | null {
  const known = (file: string) =>
    table.byFile.has(file) || table.drafts.some((d) => d.file === file)
  if (!linked.startsWith('/')) {
    const beside = path.posix.normalize(path.posix.join(path.posix.dirname(page.file), linked))
    if (known(beside) || linked.startsWith('.')) return beside
    // A bare path (`api/Store.md`) that is no file beside the page: from the folder of the pages,
    // as Docusaurus reads it when nothing is beside the page. The message names the first place.
    return fromRoots('/' + linked, known) ?? beside
  }
  return fromRoots(linked, known)
}

/** `linked` (starting with `/`) in `content/docs`, else in `content/pages`, if a page is there. */
function fromRoots(linked: string, known: (file: string) => boolean): string | null {
  for (const root of ['content/docs', 'content/pages']) {
    const file = path.posix.normalize(root + linked)
    if (known(file)) return file
  }
  return null
}

/**
 * Checks one page's internal links against the route table. A missing page is an error (with the
 * closest route as a suggestion); a missing `./x.md` file and a missing `#anchor` only warn.
 * Markdown file links are rewritten to their routes in the returned HTML.
 */
export function checkPageLinks(page: CompiledPage, options: LinkCheckOptions): LinkCheck {
  const { rewrites, messages, unchecked } = linkRewrites(page, options)
  let html = page.html
  for (const [from, to] of rewrites)
    html = html
      .split(`href="${attribute(from)}"`)
      .join(to === null ? '' : `href="${attribute(to)}"`)
  return { html, messages, unchecked }
}

/** See `linkRewrites`. */
export interface LinkRewrites {
  /** Each link the check rewrites: `href` as written -> where it points, or null (shown as text). */
  rewrites: Map<string, string | null>
  /** Each link to a page of the site: `href` as written -> the route it reaches, and its `#hash`. */
  targets: Map<string, { route: string; hash: string }>
  messages: BuildMessage[]
  unchecked: boolean
}

/**
 * What the link check does to a page's links, without touching its HTML: each link it rewrites
 * (`href` as written -> where it points in the output, or null: shown as text), and what it found.
 * The page's Markdown twin points its links where the HTML does with these.
 */
export function linkRewrites(page: CompiledPage, options: LinkCheckOptions): LinkRewrites {
  const { table, baseUrl } = options
  const messages: BuildMessage[] = []
  let unchecked = false
  const resolveRoute = (route: string): string | null => {
    if (table.routes.has(route)) return route
    const alt = route.endsWith('/') ? route.slice(0, -1) : route + '/'
    if (table.routes.has(alt)) return alt
    const html = route.replace(/(\/index)?\.html$/, (m) => (m.startsWith('/index') ? '/' : ''))
    if (html !== route && table.routes.has(html)) return html
    return null
  }
  const checkAnchor = (
    target: PageHead | undefined,
    hash: string,
    place: { file: string; line: number; column: number },
    href: string,
  ) => {
    if (!hash || !target) return
    const anchors = target.file === page.file ? page.anchors : options.anchorsOf(target)
    if (!anchors) {
      unchecked = true
      return
    }
    if (anchors.includes(hash)) return
    const suggestion = closest(hash, anchors)
    messages.push({
      ...place,
      severity: 'warning',
      message:
        `Cannot find heading \`#${hash}\` on \`${target.route}\` (link \`${href}\`)` +
        (suggestion ? `; did you mean \`#${suggestion}\`?` : ''),
      ruleId: 'missing-anchor',
    })
  }
  const rewrites = new Map<string, string | null>()
  const targets = new Map<string, { route: string; hash: string }>()
  for (const link of page.links) {
    const place = { file: page.file, line: link.line, column: link.column }
    const scheme = unknownScheme(link.href)
    if (scheme) {
      messages.push({
        ...place,
        severity: 'warning',
        message: `\`${link.href}\` uses the \`${scheme}:\` scheme, which no browser follows (a cross-reference of another tool?); the link is shown as text: write a path or a URL`,
        ruleId: 'unknown-scheme',
      })
      rewrites.set(link.href, null)
      continue
    }
    const target = splitHref(link.href)
    if (!target) continue
    if (target.path === '') {
      targets.set(link.href, { route: page.route, hash: target.hash })
      if (target.hash && !page.anchors.includes(target.hash))
        messages.push({
          ...place,
          severity: 'warning',
          message: `Cannot find heading \`#${target.hash}\` on this page`,
          ruleId: 'missing-anchor',
        })
      continue
    }
    // A Markdown file: relative to the linking file, or (`/guide/x.md`, VitePress; `guide/x.md`
    // with no such file beside the page, Docusaurus) to the folder of the pages (`content/docs/`,
    // then `content/pages/`); an absolute one that is no file is read as a route below.
    const file = PAGE_FILE.test(target.path) ? markdownFileOf(table, page, target.path) : null
    if (file !== null) {
      const linked = table.byFile.get(file)
      const draft = linked ? undefined : table.drafts.find((d) => d.file === file)
      if (draft) {
        messages.push({
          ...place,
          severity: 'error',
          message: `\`${target.path}\` is a draft (\`draft: true\`), which \`ssg build\` leaves out; remove the link, or publish the page`,
          ruleId: 'missing-page',
        })
        continue
      }
      if (!linked) {
        messages.push({
          ...place,
          severity: 'warning',
          message: `Cannot find the Markdown file \`${target.path}\` (looked for \`${file}\`)`,
          ruleId: 'missing-file',
        })
        continue
      }
      rewrites.set(
        link.href,
        withBase(baseUrl, encodeRoute(linked.route)) +
          (target.hash ? '#' + encodeURI(target.hash) : ''),
      )
      targets.set(link.href, { route: linked.route, hash: target.hash })
      checkAnchor(linked, target.hash, place, link.href)
      continue
    }
    // A relative link to a route (`../cli`, `setup`): read as a browser would, at the page's
    // route (rewritten below to the absolute route, which works at `/x` and `/x/` alike).
    const relative = !target.path.startsWith('/')
    let sitePath = relative
      ? decode(new URL(encodeURI(target.path), 'http://site' + encodeRoute(page.route)).pathname)
      : target.path
    if (baseUrl !== '/' && sitePath.startsWith(baseUrl))
      sitePath = '/' + sitePath.slice(baseUrl.length)
    // A link written for the site the pages come from (`/en-US/docs/Web/CSS`), read here.
    const mapped = relative ? null : mapPrefix(sitePath, options.prefixes ?? {})
    if (mapped !== null) sitePath = mapped
    if (options.staticFiles.has(sitePath)) {
      if (mapped !== null)
        rewrites.set(
          link.href,
          withBase(baseUrl, encodeURI(sitePath)) + (/[?#].*$/.exec(link.href)?.[0] ?? ''),
        )
      continue
    }
    const route =
      resolveRoute(sitePath) ?? (mapped !== null ? routeWithoutCase(table, sitePath) : null)
    const draft = route ? undefined : draftAt(table, sitePath)
    if (draft) {
      messages.push({
        ...place,
        severity: 'error',
        message: `\`${target.path}\` is a draft (\`draft: true\` in \`${draft.file}\`), which \`ssg build\` leaves out; remove the link, or publish the page`,
        ruleId: 'missing-page',
      })
      continue
    }
    if (!route) {
      const suggestion = suggestRoute(table, sitePath)
      messages.push({
        ...place,
        severity: 'error',
        message:
          `Cannot find page \`${target.path}\`` +
          (mapped !== null ? ` (read as \`${sitePath}\` through \`links.prefixes\`)` : '') +
          (suggestion ? `; did you mean \`${suggestion}\`?` : ''),
        ruleId: 'missing-page',
      })
      continue
    }
    const redirect = table.redirectSources.has(route)
    // Links to `/x` for the route `/x/` (or `/x.html`) point at the canonical route in the output.
    if ((route !== sitePath || relative || mapped !== null) && !redirect) {
      const rest = /[?#].*$/.exec(link.href)?.[0] ?? ''
      rewrites.set(link.href, withBase(baseUrl, encodeRoute(route)) + rest)
    }
    const to = redirect ? table.redirects.find((r) => r.from === route)?.to : route
    if (to !== undefined && table.byRoute.has(to))
      targets.set(link.href, { route: to, hash: redirect ? '' : target.hash })
    if (!redirect) checkAnchor(table.byRoute.get(route), target.hash, place, link.href)
  }
  return { rewrites, targets, messages, unchecked }
}
