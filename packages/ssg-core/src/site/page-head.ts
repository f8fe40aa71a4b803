import { readFileSync } from 'node:fs'
import { validateFrontMatter, type FrontMatter } from '../markdown/front-matter.js'
import { parseSimpleYaml } from '../markdown/simple-yaml.js'
import { yamlPackage } from '../util/yaml-package.js'
import type { SourcePage } from '../pipeline/discover.js'

/**
 * What the route table needs of a page, read from its front matter and first heading without
 * turning its Markdown into HTML: its route, title and sidebar keys. A compiled page
 * (`CompiledPage`) is a `PageHead` too, with the same values (tested on the docs site and the
 * fixtures); when a compile disagrees anyway, the compiled page wins (see `routeTableChanges`).
 */
export interface PageHead {
  /** Path relative to the site folder: `content/docs/concepts/index.md`. */
  file: string
  kind: SourcePage['kind']
  id: string
  dir: string
  /** Hash of the file bytes. */
  hash: string
  /** Route after front matter `slug`. */
  route: string
  /** The valid front matter, or `{}` when it is invalid (as the compiled page has it). */
  frontMatter: FrontMatter
  /** Front matter `title`, else the first `<h1>`'s text, else the file name made readable. */
  title: string
}

/** `concepts/what-are-tokens` -> `What are tokens`; `index` pages use their folder's name. */
export function humanize(id: string): string {
  const last =
    id
      .split('/')
      .filter((p) => p !== 'index')
      .pop() ?? id
  const words = last.replace(/[-_]+/g, ' ').trim()
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'Home'
}

/**
 * The YAML between the `---` fences at the very start of a file (remark-frontmatter's rule: the
 * opening fence on line 1, each fence `---` with optional trailing blanks), and the offset where
 * the Markdown after it starts; null when the file has no front matter.
 */
export function splitFrontMatter(source: string): { yaml: string; body: number } | null {
  const start = source.charCodeAt(0) === 0xfeff ? 1 : 0
  const open = /^---[ \t]*\r?\n/.exec(source.slice(start, start + 64))
  if (!open) return null
  const from = start + open[0].length
  let at = from
  while (at <= source.length) {
    const end = source.indexOf('\n', at)
    const line = source.slice(at, end === -1 ? source.length : end).replace(/\r$/, '')
    if (/^---[ \t]*$/.test(line)) {
      // The value excludes the line ending before the closing fence.
      const yaml = at === from ? '' : source.slice(from, at).replace(/\r?\n$/, '')
      return { yaml, body: end === -1 ? source.length : end + 1 }
    }
    if (end === -1) return null
    at = end + 1
  }
  return null
}

/** The front matter as the compile validates it: its data, or `{}` when it is not valid. */
export function frontMatterOf(yaml: string): FrontMatter {
  let data: unknown = parseSimpleYaml(yaml)
  if (data === undefined) {
    const doc = yamlPackage().parseDocument(yaml, { prettyErrors: false })
    if (doc.errors.length) return {}
    data = doc.toJS()
  }
  data ??= {}
  if (typeof data !== 'object' || Array.isArray(data)) return {}
  const { result } = validateFrontMatter(data as Record<string, unknown>)
  return result.success ? (result.data as FrontMatter) : {}
}

/** Characters that leave a heading's text as written (no emphasis, code, link, escape, ...). */
const PLAIN_H1 = /^ {0,3}# +([^*_`\\&<>[\]!~:{}|\t]+?)(?: +#+)? *$/

/**
 * The text of the page's first element when it is an `<h1>`, as the compile takes it for the
 * title; null when the page does not start with one. A plain `# Title` line is read here; any
 * other start is parsed by the Markdown parser, a chunk at a time (see `title-parse.ts`).
 */
async function firstH1(source: string, body: number): Promise<string | null> {
  const rest = source.slice(body)
  const first = /^(?:[ \t]*\r?\n)*([^\r\n]*)/.exec(rest)![1]!
  const plain = PLAIN_H1.exec(first)
  if (plain) return plain[1]!.trim()
  const { firstH1Parsed } = await import('./title-parse.js')
  return firstH1Parsed(source, body)
}

/** A page's head from its source (see `PageHead`); a `partial` source is read whole if need be. */
export async function readPageHead(page: SourcePage): Promise<PageHead> {
  if (page.partial) {
    const split = splitFrontMatter(page.source)
    const frontMatter = split ? frontMatterOf(split.yaml) : {}
    const rest = page.source.slice(split?.body ?? 0)
    // The front matter holds the title, or the first line is a plain `# Title`: the start is enough.
    const plain = PLAIN_H1.exec(/^(?:[ \t]*\r?\n)*([^\r\n]*)\r?\n/.exec(rest)?.[1] ?? '')
    const closed = split || !page.source.startsWith('---')
    if (closed && (frontMatter.title || plain))
      return headFrom(page, frontMatter, plain?.[1]!.trim())
    const { partial: _partial, ...whole } = page
    return readPageHead({ ...whole, source: readFileSync(page.partial.absolute, 'utf8') })
  }
  const split = splitFrontMatter(page.source)
  const frontMatter = split ? frontMatterOf(split.yaml) : {}
  const title = frontMatter.title ?? (await firstH1(page.source, split?.body ?? 0))
  return headFrom(page, frontMatter, title ?? undefined)
}

function headFrom(page: SourcePage, frontMatter: FrontMatter, h1: string | undefined): PageHead {
  return {
    file: page.file,
    kind: page.kind,
    id: page.id,
    dir: page.dir,
    hash: page.hash,
    route: routeOf(page, frontMatter),
    frontMatter,
    title: frontMatter.title ?? h1 ?? humanize(page.id),
  }
}

/**
 * A page's route after its front matter: `slug` (see `resolveSlug`), else Docusaurus's `id`, the
 * last segment of the route in place of the file's name (`id: organizing-state` in
 * `faq/OrganizingState.md` -> `/docs/faq/organizing-state`; not for a folder's index page, whose
 * route is the folder's, as there), else the route of the file.
 */
export function routeOf(
  page: Pick<SourcePage, 'route' | 'slugBase'>,
  frontMatter: FrontMatter,
): string {
  if (frontMatter.slug !== undefined)
    return resolveSlug(frontMatter.slug, page.route, page.slugBase)
  const id = (frontMatter as Record<string, unknown>).id
  if (typeof id === 'string' && DOC_ID.test(id) && !page.route.endsWith('/'))
    return resolveSlug(id, page.route)
  return page.route
}

/** A Docusaurus document id that names a route segment: no slash, not `.` or `..`, not blank. */
const DOC_ID = /^(?!\.{1,2}$)[^/\\\s][^/\\]*$/

/**
 * The heads of many pages, in their order; `known` gives a page's head when it is known without
 * reading the page (a warm build's unchanged page: the last build's record of it).
 */
export function readPageHeads(
  pages: SourcePage[],
  known?: (page: SourcePage) => PageHead | undefined,
): Promise<PageHead[]> {
  return Promise.all(pages.map((page) => known?.(page) ?? readPageHead(page)))
}

/** Only the head's fields of a page (a compiled page carries much more). */
export function headOf(page: PageHead): PageHead {
  const { file, kind, id, dir, hash, route, frontMatter, title } = page
  return { file, kind, id, dir, hash, route, frontMatter, title }
}

/** What the route table takes from a page: equal keys, equal table. */
export function headKey(page: PageHead): string {
  const fm = page.frontMatter
  return JSON.stringify([
    page.kind,
    page.id,
    page.dir,
    page.route,
    page.title,
    fm.sidebar_label,
    fm.sidebar_position,
    fm.order,
    fm.weight,
    fm.sidebar,
    fm.layout,
  ])
}

/**
 * The route a front matter `slug` gives: as written when it starts with `/`, else relative to
 * `base` when given (`docs.relativeSlugs: 'basePath'`), else to the folder of the page's own
 * route (`slug: start` on `/docs/guide/intro` -> `/docs/guide/start`).
 */
export function resolveSlug(slug: string, route: string, base?: string): string {
  if (slug.startsWith('/')) return slug
  const folder = base ?? route.slice(0, route.lastIndexOf('/') + 1)
  const resolved = new URL(encodeURI(slug), 'http://site' + encodeURI(folder)).pathname
  try {
    return decodeURIComponent(resolved)
  } catch {
    return resolved
  }
}
