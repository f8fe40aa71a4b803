import path from 'node:path'
import GithubSlugger from 'github-slugger'
import type { ResolvedConfig } from '../config/load-config.js'
import type { SourcePage } from '../pipeline/discover.js'
import type { BuildMessage } from '../report/messages.js'
import { hash } from '../util/hash.js'
import type { ParsedSpec } from './load.js'
import type { SchemaHome } from './model.js'
import type { OpenApiDocument } from './types.js'
import { defaultLanguages } from './samples/index.js'

/**
 * The API specs of a site, as the compile workers receive them (structured-cloned): each
 * spec's dereferenced document (null when it has errors), where each component schema is
 * documented, the code-sample tabs, and one key for the page cache.
 */
export interface ApiSet {
  specs: Record<string, ApiSpecEntry>
  /** Absolute site URL: links to it in descriptions become site paths (and are checked). */
  siteUrl: string
  /** Changes with any spec, any schema's home and the options: part of a page's cache key. */
  key: string
}

export interface ApiSpecEntry {
  /** Site-relative path of the spec file. */
  file: string
  spec: import('./load.js').LoadedSpec | null
  /** Component schema name -> the page section that documents it. */
  homes: Record<string, SchemaHome>
  languages: string[]
  tabGroup: string
}

/** A `::openapi{...}` directive found in a page's source. */
export interface DirectiveUse {
  spec: string | undefined
  operation?: string
  schema?: string
  /** Anchor of the heading above a schema directive (the schema's home). */
  anchor?: string
  line: number
}

const DIRECTIVE = /^\s{0,3}::openapi(?:\{([^}\n]*)\})?\s*$/
const FENCE = /^\s{0,3}(`{3,}|~{3,})/
const HEADING = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/

/**
 * The spec reader and checker (the JSON Schema validator, the `$ref` resolver), loaded when a
 * spec is read: `ssg serve` opens a site without them (see `DevApis`).
 */
const loadModule = () => import('./load.js')

/** Whether a page's source places anything from a spec (its cache key then includes the specs). */
export function usesOpenapi(source: string): boolean {
  return source.includes('::openapi')
}

/** The `key="value"` attributes of a directive's braces. */
export function directiveAttributes(braces: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const m of braces.matchAll(/([\w-]+)(?:=(?:"([^"]*)"|'([^']*)'|([^\s"']+)))?/g))
    out[m[1]!] = m[2] ?? m[3] ?? m[4] ?? ''
  return out
}

/**
 * The `::openapi` directives of a page, outside code fences, each schema directive with the
 * anchor of the heading above it (the slug `rehype-collect` gives that heading).
 */
export function scanDirectives(source: string): DirectiveUse[] {
  const out: DirectiveUse[] = []
  if (!usesOpenapi(source)) return out
  const slugger = new GithubSlugger()
  let fence: string | null = null
  let anchor: string | undefined
  source.split(/\r?\n/).forEach((line, i) => {
    const f = FENCE.exec(line)
    if (f) {
      if (fence === null) fence = f[1]![0]!.repeat(f[1]!.length)
      else if (line.trim().startsWith(fence)) fence = null
      return
    }
    if (fence !== null) return
    const h = HEADING.exec(line)
    if (h) {
      anchor = slugger.slug(plainText(h[2]!))
      return
    }
    const d = DIRECTIVE.exec(line)
    if (!d) return
    const attributes = directiveAttributes(d[1] ?? '')
    out.push({
      spec: attributes.spec,
      ...(attributes.operation ? { operation: attributes.operation } : {}),
      ...(attributes.schema ? { schema: attributes.schema, ...(anchor ? { anchor } : {}) } : {}),
      line: i + 1,
    })
  })
  return out
}

/** The text of a heading's Markdown (code spans, emphasis and links reduced to their text). */
function plainText(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/(\*\*|__|\*|_)(.+?)\1/g, '$2')
    .replace(/\\(.)/g, '$1')
    .trim()
}

/** The specs of a site as read, before the pages are looked at (`ssg serve` keeps them). */
export type LoadedSpecs = Map<string, ParsedSpec & { file: string }>

/**
 * Reads and validates every spec of `config.openapi` (null when the site has none); with
 * `cacheDir`, an unchanged spec's verdict comes from there. `quick`: a spec without a cached
 * verdict is read fast and left unvalidated (see `quickSpec`).
 */
export async function loadSpecs(
  config: ResolvedConfig,
  cacheDir: string | null = null,
  quick = false,
): Promise<LoadedSpecs | null> {
  const entries = Object.entries(config.openapi)
  if (entries.length === 0) return null
  const configFile = config.configFile
    ? path.relative(config.root, config.configFile).split(path.sep).join('/')
    : 'ssg.config.ts'
  const specs: LoadedSpecs = new Map()
  const { loadSpec } = await loadModule()
  for (const [id, entry] of entries) {
    const parsed = await loadSpec({
      root: config.root,
      id,
      file: entry.file,
      configFile,
      cacheDir,
      quick,
    })
    specs.set(id, { ...parsed, file: entry.file.split(path.sep).join('/') })
  }
  return specs
}

/** The absolute paths of a site's spec files (`ssg serve` watches them). */
export function specFiles(config: ResolvedConfig): string[] {
  return Object.values(config.openapi).map((entry) => path.resolve(config.root, entry.file))
}

/**
 * The specs as the compile workers get them, with where the pages place their operations and
 * schemas: each schema's home (for links from other tables), and a warning for each operation
 * that no page places. `messages` are the specs' own, then those warnings.
 */
export function assembleApis(options: {
  config: ResolvedConfig
  specs: LoadedSpecs
  pages: Array<{ file: string; route: string; uses: DirectiveUse[] }>
}): { apis: ApiSet; messages: BuildMessage[] } {
  const { config } = options
  const messages: BuildMessage[] = []
  const specs: Record<string, ApiSpecEntry> = {}
  const single = options.specs.size === 1 ? [...options.specs.keys()][0] : undefined
  for (const [id, parsed] of options.specs) {
    messages.push(...parsed.messages)
    const homes: Record<string, SchemaHome> = {}
    const placed = new Set<string>()
    for (const page of options.pages)
      for (const use of page.uses) {
        if ((use.spec ?? single) !== id) continue
        if (use.operation) placed.add(use.operation)
        if (use.schema && !homes[use.schema])
          homes[use.schema] = {
            file: page.file,
            href: page.route + (use.anchor ? '#' + use.anchor : ''),
          }
      }
    if (parsed.spec) warnUnplaced(parsed, placed, messages)
    const entry = config.openapi[id]!
    specs[id] = {
      file: parsed.file,
      spec: parsed.spec,
      homes,
      languages:
        entry.languages ??
        defaultLanguages(
          (parsed.spec?.document ?? (parsed.spec?.raw as OpenApiDocument | undefined))?.['x-sdks'],
        ),
      tabGroup: entry.tabGroup,
    }
  }
  const key = hash(
    config.url,
    JSON.stringify(
      Object.entries(specs).map(([id, s]) => [
        id,
        s.spec?.hash ?? 'failed',
        s.homes,
        s.languages,
        s.tabGroup,
      ]),
    ),
  )
  return { apis: { specs, siteUrl: config.url, key }, messages }
}

/** A page's route, with its front matter `slug` when it has one (before the page is parsed). */
export function routeOf(page: Pick<SourcePage, 'route' | 'source'>): string {
  const slug = /^---\r?\n(?:(?!---)[^\n]*\n)*?slug:[ \t]*['"]?([^'"\r\n]+?)['"]?[ \t]*\r?\n/.exec(
    page.source,
  )
  return slug ? slug[1]! : page.route
}

/** The `::openapi` directives of each page that has any, with the page's route. */
export function directiveUses(
  sources: Array<Pick<SourcePage, 'file' | 'route' | 'source'>>,
): Array<{ file: string; route: string; uses: DirectiveUse[] }> {
  return sources
    .map((s) => ({ file: s.file, route: routeOf(s), uses: scanDirectives(s.source) }))
    .filter((page) => page.uses.length > 0)
}

/** `loadSpecs` then `assembleApis` for the pages of a build; messages go to `messages`. */
export async function loadApis(options: {
  config: ResolvedConfig
  sources: Array<Pick<SourcePage, 'file' | 'route' | 'source'>>
  messages: BuildMessage[]
  /** Folder of cached spec verdicts, or null. */
  cacheDir?: string | null
}): Promise<ApiSet | null> {
  const specs = await loadSpecs(options.config, options.cacheDir ?? null)
  if (!specs) return null
  const { apis, messages } = assembleApis({
    config: options.config,
    specs,
    pages: directiveUses(options.sources),
  })
  options.messages.push(...messages)
  return apis
}

function warnUnplaced(
  parsed: ParsedSpec & { file: string },
  placed: Set<string>,
  messages: BuildMessage[],
): void {
  const unplaced = parsed.operations.filter((op) => op.id !== null && !placed.has(op.id))
  if (unplaced.some((op) => op.line === 0)) parsed.placeOperations?.()
  for (const op of unplaced) {
    messages.push({
      file: parsed.file,
      line: op.line,
      column: op.column,
      severity: 'warning',
      message: `Operation \`${op.id}\` (${op.method.toUpperCase()} ${op.path}) is on no page: place it with \`::openapi{operation="${op.id}"}\``,
      ruleId: 'openapi-unplaced',
    })
  }
}

/** Dereferences the specs that came from the cache: done before the first page is compiled. */
export async function materializeApis(apis: ApiSet): Promise<void> {
  const { dereferenceSpec } = await loadModule()
  for (const entry of Object.values(apis.specs)) if (entry.spec) await dereferenceSpec(entry.spec)
}
