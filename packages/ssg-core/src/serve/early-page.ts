import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { ResolvedConfig } from '../config/load-config.js'
import { usesOpenapi } from '../openapi/apis.js'
import type { CompileRequest } from '../pipeline/compile-source.js'
import type { CompilePool } from './compile-pool.js'
import { PRIORITY } from './page-store.js'
import { INDEX_FILES, INDEX_STAND_IN_FILES, placeOf, sourcePageOf } from '../pipeline/discover.js'

/**
 * The compile request of the Markdown file a request path most likely names, read before the
 * site's pages are (no route table yet): the path's page by file name, as discovery maps files to
 * routes (`docs/a/b` -> `content/docs/a/b.md`, `a/b/index.md`, `a/b/README.md`; other paths in
 * `content/pages`). `relative`: the path below the base URL, as the server asks for files
 * (`docs/a/index.html`, `docs/a/b`, `docs/a/b.html`). Null for a file (`logo.svg`) or no such
 * page. A page whose front matter moves it (`slug`) is not found this way; nothing is lost then.
 * Null too for a page placing parts of the site's OpenAPI specs (`::openapi`): its compile waits
 * for the specs, read later (see `DevApis`); any other page compiles the same without them.
 */
export function likelyPage(config: ResolvedConfig, relative: string): CompileRequest | null {
  const name = relative
    .replace(/(^|\/)index\.html$/, '')
    .replace(/\.html$/, '')
    .replace(/\/$/, '')
  if (/\.[A-Za-z0-9]+$/.test(name.slice(name.lastIndexOf('/') + 1))) return null
  const docs = config.docs.basePath.replace(/^\/+|\/+$/g, '')
  const places: Array<[string, string]> = []
  if (docs === '' || name === docs || name.startsWith(docs + '/'))
    places.push(['docs', docs ? name.slice(docs.length + 1) : name])
  places.push(['pages', name])
  for (const [collection, rest] of places) {
    const base = path.join(config.root, 'content', collection, ...rest.split('/').filter(Boolean))
    const indexes = [...INDEX_FILES, ...INDEX_STAND_IN_FILES].map((f) => path.join(base, f))
    const candidates = rest
      ? [`${base}.md`, `${base}.markdown`, `${base}.mdx`, ...indexes]
      : indexes
    const absolute = candidates.find((file) => existsSync(file))
    if (!absolute) continue
    let source: string
    try {
      source = readFileSync(absolute, 'utf8')
    } catch {
      return null
    }
    if (Object.keys(config.openapi).length && usesOpenapi(source)) return null
    const page = sourcePageOf(config, absolute, source)
    return page ? { ...placeOf(page), absolute } : null
  }
  return null
}

/**
 * A page asked for while the site opens is compiled as soon as the config is read, from the file
 * its path most likely names (`likelyPage`), into the page cache: the compile thread works while
 * the server thread reads the other pages' front matter and makes the route table (0.3-1 s, more
 * on a large site), and the request, once it can be answered, finds the page in the cache. A
 * guess that was wrong (a `slug` elsewhere) costs a compile nobody waits for. Not without a page
 * cache, nor for a page placing parts of an OpenAPI spec (it waits for the specs).
 */
export function compileEarly(options: {
  config: ResolvedConfig
  cacheDir: string | null
  foreground: CompilePool
  /** Calls the listener with the first file asked for while the site opens. */
  firstAsked: ((listener: (relative: string) => void) => void) | undefined
  /** Whether the site is open (its route table made): a request then compiles its page. */
  opened: () => boolean
}): void {
  if (!options.cacheDir) return
  options.firstAsked?.((asked) => {
    if (options.opened()) return
    const request = likelyPage(options.config, asked)
    if (request) options.foreground.compile(request, PRIORITY.document).catch(() => {})
  })
}
