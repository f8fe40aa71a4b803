import path from 'node:path'
import type { BuildMessage } from '../report/messages.js'
import type { PageHead } from '../site/page-head.js'
import type { RouteTable } from '../site/route-table.js'
import { withBase } from '../theme/contract.js'
import { closest } from '../util/errors.js'
import { encodeRoute } from './output-paths.js'
import type { CompiledPage } from './compile-page.js'

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
 * URL schemes a link may use: the web's, mail and phone, and the apps documentation links to.
 * Any other (`xref:`, `doc:`, a tool's own) is reported: a browser cannot follow it.
 */
const KNOWN_SCHEMES = new Set(
  (
    'http https mailto tel sms ftp ftps sftp ssh git svn irc ircs news nntp xmpp magnet geo ' +
    'webcal data urn ws wss file vscode vscode-insiders slack zoommtg msteams skype spotify ' +
    'steam itms-apps market intent chrome about view-source matrix bitcoin ethereum'
  ).split(' '),
)

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

/** The scheme of a link that no browser follows (`xref:System.String`), or null. */
function unknownScheme(href: string): string | null {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href)?.[1]?.toLowerCase()
  return scheme && !KNOWN_SCHEMES.has(scheme) && scheme !== 'javascript' ? scheme : null
}

/** A value as rehype-stringify writes it in a double-quoted attribute. */
function attribute(value: string): string {
  return value.replace(/&/g, '&#x26;').replace(/"/g, '&#x22;')
}

/**
 * Checks one page's internal links against the route table. A missing page is an error (with the
 * closest route as a suggestion); a missing `./x.md` file and a missing `#anchor` only warn.
 * Markdown file links are rewritten to their routes in the returned HTML.
 */
export function checkPageLinks(page: CompiledPage, options: LinkCheckOptions): LinkCheck {
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
      if (target.hash && !page.anchors.includes(target.hash))
        messages.push({
          ...place,
          severity: 'warning',
          message: `Cannot find heading \`#${target.hash}\` on this page`,
          ruleId: 'missing-anchor',
        })
      continue
    }
    if (/\.(md|markdown)$/i.test(target.path) && !target.path.startsWith('/')) {
      const file = path.posix.normalize(path.posix.join(path.posix.dirname(page.file), target.path))
      const linked = table.byFile.get(file)
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
    if (options.staticFiles.has(sitePath)) continue
    const route = resolveRoute(sitePath)
    if (!route) {
      const suggestion = closest(sitePath, table.routes, 0.5)
      messages.push({
        ...place,
        severity: 'error',
        message:
          `Cannot find page \`${target.path}\`` +
          (suggestion ? `; did you mean \`${suggestion}\`?` : ''),
        ruleId: 'missing-page',
      })
      continue
    }
    const redirect = table.redirectSources.has(route)
    // Links to `/x` for the route `/x/` (or `/x.html`) point at the canonical route in the output.
    if ((route !== sitePath || relative) && !redirect) {
      const rest = /[?#].*$/.exec(link.href)?.[0] ?? ''
      rewrites.set(link.href, withBase(baseUrl, encodeRoute(route)) + rest)
    }
    if (!redirect) checkAnchor(table.byRoute.get(route), target.hash, place, link.href)
  }
  let html = page.html
  for (const [from, to] of rewrites)
    html = html
      .split(`href="${attribute(from)}"`)
      .join(to === null ? '' : `href="${attribute(to)}"`)
  return { html, messages, unchecked }
}
