import { existsSync } from 'node:fs'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import type { ResolvedConfig } from '../config/load-config.js'
import type { BuildMessage } from '../report/messages.js'
import { hash } from '../util/hash.js'
import { snippetOptions } from '../markdown/markdown-options.js'
import type { SnippetOptions } from '../markdown/snippets.js'
import {
  type Includes,
  isPartialFolder,
  isPartialName,
  isPartialPath,
  pageIdentity,
} from '../markdown/mdx-partials.js'
import type { SourceStats } from './source-stats.js'
import { lazySource, readHead, readWhole } from './source-read.js'

export { headCut } from './source-read.js'

/** A Markdown file found under `content/`, before parsing. */
export interface SourcePage {
  /** Path relative to the site folder, forward slashes: `content/docs/concepts/index.md`. */
  file: string
  /** `docs` for `content/docs/**`, `pages` for `content/pages/**`. */
  kind: 'docs' | 'pages'
  /** Doc id for docs (`concepts/index`, `concepts/what-are-tokens`), else the page's relative path. */
  id: string
  /** Folder of the file relative to its collection root (`concepts`, or `` at the root). */
  dir: string
  /** Route from the file path; front matter `slug` may change it later. */
  route: string
  /**
   * Folder a relative front matter `slug` resolves against, when not the folder of `route`: the
   * docs base path with `docs.relativeSlugs: 'basePath'` (`/docs/`).
   */
  slugBase?: string
  source: string
  /**
   * Hash of the file bytes, and of its partials' (empty when read by a `head` discovery: `ssg
   * serve` compiles later).
   */
  hash: string
  /** The texts of the partials the page imports (see `collectIncludes`), when it imports any. */
  includes?: Includes
  /** The file's mtime when read whole by `discoverPages` (its last-updated time outside git). */
  mtimeMs?: number
  /**
   * Set when `source` is only the start of the file (`discoverPages` with `head`): enough for its
   * front matter and first heading; the file is at `absolute`.
   */
  partial?: { absolute: string }
}

/** Where a page is: its source page without its text (what a compile request starts from). */
export type PagePlace = Omit<SourcePage, 'source' | 'hash' | 'partial' | 'includes'>

/** The place of a source page (fields copied one by one: 10,000 object spreads cost 0.1 s). */
export function placeOf(page: SourcePage): PagePlace {
  const place: PagePlace = {
    file: page.file,
    kind: page.kind,
    id: page.id,
    dir: page.dir,
    route: page.route,
  }
  if (page.slugBase !== undefined) place.slugBase = page.slugBase
  return place
}

/**
 * A page's file: Markdown, or MDX (Docusaurus, Starlight), built as Markdown (its JSX components
 * kept as unknown elements, its `import`/`export` statements left out, with warnings).
 */
export const PAGE_FILE = /\.(md|markdown|mdx)$/i

/** The page files under `dir`. */
async function walk(dir: string): Promise<string[]> {
  let entries
  try {
    entries = await readdir(dir, { withFileTypes: true })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
  const out: string[] = []
  for (const entry of entries) {
    if (entry.name === 'node_modules') continue
    const full = path.join(dir, entry.name)
    // Hidden folders (`.git`) are skipped; a Markdown file is a page whatever its name (`..md`),
    // but for a partial's (`_intro.mdx`, `_partials/*.md`: pages show them where they import them).
    if (entry.isDirectory()) {
      if (!entry.name.startsWith('.') && !isPartialFolder(entry.name))
        out.push(...(await walk(full)))
    } else if (PAGE_FILE.test(entry.name) && !isPartialName(entry.name)) out.push(full)
  }
  return out
}

/** Route of a file relative to its collection root: `a/index.md` -> `<base>/a/`, `a/b.md` -> `<base>/a/b`. */
export function routeFromFile(relative: string, basePath: string): string {
  return routeOfName(relative.replace(PAGE_FILE, ''), basePath)
}

/** Route of a page name (see `pageNameOf`): `a/index` -> `<base>/a/`, `a/b` -> `<base>/a/b`. */
function routeOfName(noExt: string, basePath: string): string {
  const prefix = basePath === '/' ? '' : basePath
  if (noExt === 'index') return prefix + '/'
  if (noExt.endsWith('/index')) return `${prefix}/${noExt.slice(0, -'index'.length)}`
  return `${prefix}/${noExt}`
}

/** Whether a file (relative to the collection root, forward slashes) exists. */
type Exists = (relative: string) => boolean

/**
 * A file that is its folder's index page when the folder has no `index.md`: `README.md` (MkDocs,
 * GitHub) and `_index.md` (Hugo's section page).
 */
const INDEX_STAND_IN = /^(readme|_index)\.(md|markdown|mdx)$/i

/** The index stand-ins' usual file names (see `INDEX_STAND_IN`), for lookups by name. */
export const INDEX_STAND_IN_FILES = ['README.md', 'readme.md', '_index.md']

/** The name (no extension) of an index stand-in (see `INDEX_STAND_IN`). */
export const INDEX_STAND_IN_NAME = /^(readme|_index)$/i

/** A folder's index page exists: `index.md`, `index.markdown` or `index.mdx`. */
const hasIndex = (dir: string, exists: Exists) =>
  INDEX_FILES.some((name) => exists(dir ? `${dir}/${name}` : name))

/** The names of a folder's index page. */
export const INDEX_FILES = ['index.md', 'index.markdown', 'index.mdx']

/**
 * The doc id of a file (its path without the extension) and the name its route is made from,
 * read as the other tools read them:
 * - `README.md` is its folder's index page when the folder has no `index.md` (MkDocs, GitHub):
 *   `guide/README.md` -> `guide/index` (route `/docs/guide/`); beside an `index.md` it is a page
 *   of its own (`guide/README`), as written. So is Hugo's `_index.md`.
 * - A name of dots only (`..md`, tldr's page of the `.` command) cannot be a URL segment: browsers
 *   read `.` and `..` as "this folder" and "the parent". It is spelled out, `dot`, `dot-dot`, and
 *   numbered (`dot-1`) when a page of the folder has that name already (`dot.md`, the graphviz
 *   command): routes stay unique, and the file named so keeps its route.
 */
export function pageNameOf(relative: string, exists: Exists): { id: string; name: string } {
  const noExt = relative.replace(PAGE_FILE, '')
  const slash = noExt.lastIndexOf('/')
  const dir = slash === -1 ? '' : noExt.slice(0, slash)
  const base = noExt.slice(slash + 1)
  const inDir = (name: string) => (dir ? `${dir}/${name}` : name)
  const fileName = relative.slice(slash + 1)
  if (INDEX_STAND_IN.test(fileName) && !hasIndex(dir, exists))
    return { id: inDir('index'), name: inDir('index') }
  if (!/^\.+$/.test(base)) return { id: noExt, name: noExt }
  const spelled = base.replace(/\./g, '-dot').slice(1)
  const taken = (name: string) =>
    ['.md', '.markdown', '.mdx']
      .concat([...INDEX_FILES, ...INDEX_STAND_IN_FILES].map((index) => '/' + index))
      .some((end) => exists(inDir(name) + end))
  let name = spelled
  for (let n = 1; taken(name); n++) name = `${spelled}-${n}`
  return { id: noExt, name: inDir(name) }
}

/**
 * Walks `content/docs` and `content/pages`, reads every Markdown file and maps it to a route.
 * `head`: read only the start of each file (`ssg serve`, which compiles pages later, reads their
 * front matter now: 10,000 pages' full text cost a second of reading, hashing and collecting).
 */
export async function discoverPages(options: {
  config: ResolvedConfig
  messages: BuildMessage[]
  head?: boolean
  /** The hashes of the last build's reads: a file of the same size and mtime is not hashed. */
  stats?: SourceStats
}): Promise<SourcePage[]> {
  const { stats } = options
  const { config, messages } = options
  const { snippets } = snippetOptions(config)
  const pages: SourcePage[] = []
  for (const collection of collectionsOf(config)) {
    const files = (await walk(collection.dir)).sort()
    // Synchronous: 10,000 small files read in 0.1 s, through the thread pool in 0.8 s. A plain
    // loop: a promise a file cost an edit build 20-40 ms at 10,000 pages.
    const read = files.map((absolute): Entry | null => {
      const file = toRelative(config.root, absolute)
      try {
        const entry = options.head ? readHead(absolute) : readWhole(absolute, file, stats)
        return Object.assign<typeof entry, Pick<Entry, 'absolute' | 'file'>>(entry, {
          absolute,
          file,
        })
      } catch (error) {
        messages.push({
          file,
          severity: 'error',
          message: `Cannot read the file: ${(error as Error).message}; check its permissions`,
          ruleId: 'unreadable-file',
        })
        return null
      }
    })
    const relatives = new Set(files.map((f) => toRelative(collection.dir, f)))
    const exists = (relative: string) => relatives.has(relative)
    for (const entry of read) {
      if (!entry) continue
      const page = toSourcePage(collection, entry, { exists, head: options.head, snippets })
      // The file's own hash (`toSourcePage` set it): the page's holds its partials' too.
      if (stats && entry.size !== undefined && entry.hash !== undefined)
        stats.set(page.file, {
          size: entry.size,
          mtimeMs: entry.mtimeMs!,
          hash: entry.hash,
          includes: page.includes !== undefined,
        })
      pages.push(page)
    }
  }
  return pages
}

/**
 * `absolute` relative to `dir`, forward slashes. A path under `dir` (as `walk` makes them) is cut
 * rather than resolved: `path.relative` cost 0.1-0.2 s for a 10,000-page site's three calls a file.
 */
function toRelative(dir: string, absolute: string): string {
  const relative =
    absolute.startsWith(dir) && absolute[dir.length] === path.sep
      ? absolute.slice(dir.length + 1)
      : path.relative(dir, absolute)
  return path.sep === '/' ? relative : relative.split(path.sep).join('/')
}

function collectionsOf(config: ResolvedConfig) {
  return [
    {
      kind: 'docs' as const,
      dir: path.join(config.root, 'content', 'docs'),
      base: config.docs.basePath,
      slugBase:
        config.docs.relativeSlugs === 'basePath'
          ? config.docs.basePath.replace(/\/?$/, '/')
          : undefined,
    },
    {
      kind: 'pages' as const,
      dir: path.join(config.root, 'content', 'pages'),
      base: '/',
      slugBase: undefined,
    },
  ]
}

/** A page file as read by `discoverPages`. */
interface Entry {
  absolute: string
  file: string
  /** Null: not read yet (see `readWhole`), its hash known. */
  source: string | null
  partial?: boolean
  mtimeMs?: number
  hash?: string | undefined
  size?: number
}

function toSourcePage(
  collection: ReturnType<typeof collectionsOf>[number],
  entry: Entry,
  how: {
    exists: Exists
    /** Only the page's head is read (`ssg serve`): it is read again to compile. */
    head?: boolean | undefined
    /** `markdown.snippets` (see `snippetOptions`). */
    snippets?: SnippetOptions | undefined
  },
): SourcePage {
  const { exists, head = false } = how
  const relative = toRelative(collection.dir, entry.absolute)
  const { id, name } = pageNameOf(relative, exists)
  const dir = path.posix.dirname(relative)
  const page: SourcePage = {
    file: entry.file,
    kind: collection.kind,
    id,
    dir: dir === '.' ? '' : dir,
    route: routeOfName(name, collection.base),
    ...(collection.slugBase ? { slugBase: collection.slugBase } : {}),
    source: entry.source ?? '',
    hash: '',
    ...(entry.mtimeMs !== undefined ? { mtimeMs: entry.mtimeMs } : {}),
    ...(entry.partial ? { partial: { absolute: entry.absolute } } : {}),
  }
  // A head read (`ssg serve`) reads the file again to compile it: no hash is needed now.
  if (entry.source === null) {
    // Known to include no partial (see `readWhole`): its hash is the file's.
    page.hash = entry.hash!
    lazySource(page, entry.absolute, page.hash)
  } else if (!entry.partial && !head) {
    // The file's own hash (the last build's when its size and mtime are), kept in `stats`.
    entry.hash ??= hash(entry.source)
    Object.assign(
      page,
      pageIdentity(entry.source, entry.absolute, entry.file, entry.hash, how.snippets),
    )
  }
  return page
}

/**
 * The page of one Markdown file (absolute path) as `discoverPages` would map it, or null when the
 * file is not a page (outside `content/docs` and `content/pages`, hidden, not Markdown).
 * `ssg serve` uses it for a file that changed.
 */
export function sourcePageOf(
  config: ResolvedConfig,
  absolute: string,
  source: string,
): SourcePage | null {
  if (!PAGE_FILE.test(absolute)) return null
  for (const collection of collectionsOf(config)) {
    const relative = path.relative(collection.dir, absolute)
    if (relative === '..' || relative.startsWith('..' + path.sep) || path.isAbsolute(relative))
      continue
    const parts = relative.split(path.sep)
    if (parts.slice(0, -1).some((p) => p.startsWith('.')) || parts.includes('node_modules'))
      return null
    if (isPartialPath(relative)) return null
    const file = path.relative(config.root, absolute).split(path.sep).join('/')
    const exists = (other: string) => existsSync(path.join(collection.dir, other))
    return toSourcePage(
      collection,
      { absolute, file, source },
      { exists, ...snippetOptions(config) },
    )
  }
  return null
}

/**
 * The message of a site with no page: where pages go, and the Markdown files found elsewhere in
 * the folder (a new user's `docs/*.md`, or the files of a folder given as the site).
 */
export async function noPagesMessage(config: ResolvedConfig): Promise<BuildMessage> {
  const outDir = path.resolve(config.root, config.outDir)
  const elsewhere: string[] = []
  const look = async (dir: string, depth: number) => {
    let entries
    try {
      entries = await readdir(dir, { withFileTypes: true })
    } catch {
      return
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name)
      if (entry.name.startsWith('.') || entry.name === 'node_modules' || full === outDir) continue
      if (entry.isDirectory() && depth < 3) await look(full, depth + 1)
      else if (PAGE_FILE.test(entry.name) && !/^(readme|changelog|license)\./i.test(entry.name))
        elsewhere.push(path.relative(config.root, full).split(path.sep).join('/'))
    }
  }
  await look(config.root, 0)
  const found = elsewhere
    .sort()
    .slice(0, 3)
    .map((f) => `\`${f}\``)
  return {
    file: '.',
    severity: 'error',
    message:
      'No pages: the site has no Markdown file under `content/docs/` (docs pages) or `content/pages/` (other pages)' +
      (elsewhere.length
        ? `; found ${elsewhere.length} elsewhere (${found.join(', ')}${elsewhere.length > 3 ? ', …' : ''}): move ${elsewhere.length === 1 ? 'it' : 'them'} to \`content/docs/\``
        : '; add one, or run `ssg init` for a starter site'),
    ruleId: 'no-pages',
  }
}
