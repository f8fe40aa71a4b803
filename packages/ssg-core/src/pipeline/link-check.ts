import path from 'node:path'
import type { BuildMessage } from '../report/messages.js'
import type { CompiledPage } from './compile-page.js'
import { closest } from '../util/errors.js'

export interface LinkCheckOptions {
  pages: CompiledPage[]
  /** Every route of the site, including redirect sources and the landing page. */
  routes: Set<string>
  /** Routes that are redirects (no anchors to check). */
  redirects: Set<string>
  baseUrl: string
  /** Files under `static/` (site paths like `/img/logo.svg`). */
  staticFiles: Set<string>
  /** Pages whose links to check (`ssg serve`: the edited ones). @default pages */
  check?: CompiledPage[]
  /** `pages` by route and by file, when the caller has them already. */
  lookup?: { byRoute: Map<string, CompiledPage>; byFile: Map<string, CompiledPage> }
}

/** Route a link points at, or null when the link leaves the site. */
function splitHref(href: string): { path: string; hash: string } | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) return null
  const hashIndex = href.indexOf('#')
  const beforeHash = hashIndex === -1 ? href : href.slice(0, hashIndex)
  const hash = hashIndex === -1 ? '' : decodeURIComponent(href.slice(hashIndex + 1))
  const query = beforeHash.indexOf('?')
  return { path: query === -1 ? beforeHash : beforeHash.slice(0, query), hash }
}

/**
 * Checks every internal link across the route graph. A missing page is an error (with the closest
 * route as a suggestion); a missing `./x.md` file and a missing `#anchor` only warn.
 * Markdown file links are rewritten in place in `page.html` to their routes.
 */
export function checkLinks(options: LinkCheckOptions): BuildMessage[] {
  const messages: BuildMessage[] = []
  const byRoute = options.lookup?.byRoute ?? new Map(options.pages.map((p) => [p.route, p]))
  const byFile = options.lookup?.byFile ?? new Map(options.pages.map((p) => [p.file, p]))
  const resolveRoute = (route: string): string | null => {
    if (options.routes.has(route)) return route
    const alt = route.endsWith('/') ? route.slice(0, -1) : route + '/'
    if (options.routes.has(alt)) return alt
    const html = route.replace(/(\/index)?\.html$/, (m) => (m.startsWith('/index') ? '/' : ''))
    if (html !== route && options.routes.has(html)) return html
    return null
  }
  for (const page of options.check ?? options.pages) {
    const rewrites = new Map<string, string>()
    for (const link of page.links) {
      const target = splitHref(link.href)
      if (!target) continue
      const place = { file: page.file, line: link.line, column: link.column }
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
        const file = path.posix.normalize(
          path.posix.join(path.posix.dirname(page.file), target.path),
        )
        const linked = byFile.get(file)
        if (!linked) {
          messages.push({
            ...place,
            severity: 'warning',
            message: `Cannot find the Markdown file \`${target.path}\` (looked for \`${file}\`)`,
            ruleId: 'missing-file',
          })
          continue
        }
        rewrites.set(link.href, linked.route + (target.hash ? '#' + target.hash : ''))
        checkAnchor(linked, target.hash, place, link.href)
        continue
      }
      if (!target.path.startsWith('/')) continue // relative non-Markdown links: assets next to pages
      let sitePath = target.path
      if (options.baseUrl !== '/' && sitePath.startsWith(options.baseUrl))
        sitePath = '/' + sitePath.slice(options.baseUrl.length)
      if (options.staticFiles.has(sitePath)) continue
      const route = resolveRoute(sitePath)
      if (!route) {
        const suggestion = closest(sitePath, options.routes, 0.5)
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
      // Links to `/x` for the route `/x/` (or `/x.html`) point at the canonical route in the output.
      if (route !== sitePath && !options.redirects.has(route))
        rewrites.set(
          link.href,
          link.href.replace(target.path, options.baseUrl.slice(0, -1) + route),
        )
      if (!options.redirects.has(route))
        checkAnchor(byRoute.get(route), target.hash, place, link.href)
    }
    for (const [from, to] of rewrites)
      page.html = page.html.split(`href="${from}"`).join(`href="${to}"`)
  }
  return messages

  function checkAnchor(
    target: CompiledPage | undefined,
    hash: string,
    place: { file: string; line: number; column: number },
    href: string,
  ) {
    if (!hash || !target || target.anchors.includes(hash)) return
    const suggestion = closest(hash, target.anchors)
    messages.push({
      ...place,
      severity: 'warning',
      message:
        `Cannot find heading \`#${hash}\` on \`${target.route}\` (link \`${href}\`)` +
        (suggestion ? `; did you mean \`#${suggestion}\`?` : ''),
      ruleId: 'missing-anchor',
    })
  }
}
