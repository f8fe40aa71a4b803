import type { ResolvedConfig } from '../config/load-config.js'
import {
  assembleApis,
  loadSpecs,
  materializeApis,
  routeOf,
  scanDirectives,
  type ApiSet,
  type DirectiveUse,
  type LoadedSpecs,
} from '../openapi/apis.js'
import type { SourcePage } from '../pipeline/discover.js'
import type { BuildMessage } from '../report/messages.js'
import type { SiteSession } from '../site/open-site.js'

/**
 * The OpenAPI specs of `ssg serve` as the pages place them now. Pages that place parts of a spec
 * (`::openapi`) are compiled with the specs; a schema's table links to the page that documents
 * the schema, so a page that moves a schema elsewhere, or an edited spec, changes every page
 * that places parts of one (`changed` says so, and which pages).
 */
export class DevApis {
  /** The specs as the compile threads get them, or null when the site has none. */
  apis: ApiSet | null
  /** The specs' own messages and the unplaced operations. */
  messages: BuildMessage[]
  private specs: LoadedSpecs | null
  /** Cached spec verdicts (`.ssg-cache/openapi`), or null. */
  private readonly cacheDir: string | null
  /** The `::openapi` directives of each page that has any, and its route. */
  private readonly directives = new Map<string, { route: string; uses: DirectiveUse[] }>()

  constructor(
    private readonly config: ResolvedConfig,
    site: Pick<SiteSession, 'apis' | 'apiMessages' | 'specs' | 'sources' | 'cache'>,
  ) {
    this.apis = site.apis
    this.messages = site.apiMessages
    this.specs = site.specs
    this.cacheDir = site.cache.openapi
    if (this.specs) for (const source of site.sources) this.note(source.file, source)
  }

  /** Dereferences specs that came from the cache (before the first page is compiled). */
  async ready(): Promise<void> {
    if (this.apis) await materializeApis(this.apis)
  }

  /** Records a page's directives from its whole source. */
  note(file: string, page: Pick<SourcePage, 'route' | 'source'>): void {
    if (!this.specs) return
    const uses = scanDirectives(page.source)
    if (uses.length) this.directives.set(file, { route: routeOf(page), uses })
    else this.directives.delete(file)
  }

  /** A page is gone. */
  forget(file: string): void {
    this.directives.delete(file)
  }

  /**
   * Assembles the specs again (`reload`: read again first, a spec file changed). Returns the
   * pages to compile again (those placing parts of a spec) when the specs as compiled changed,
   * and whether the messages changed.
   */
  async update(reload: boolean): Promise<{ recompile: string[]; messagesChanged: boolean }> {
    if (!this.specs) return { recompile: [], messagesChanged: false }
    const before = { key: this.apis?.key, messages: JSON.stringify(this.messages) }
    // An edited spec is read without the cache (its verdict is made again, and cached).
    if (reload) this.specs = (await loadSpecs(this.config, this.cacheDir)) ?? this.specs
    const { apis, messages } = assembleApis({
      config: this.config,
      specs: this.specs,
      pages: [...this.directives].map(([file, d]) => ({ file, ...d })),
    })
    this.apis = apis
    this.messages = messages
    const messagesChanged = JSON.stringify(messages) !== before.messages
    if (apis.key === before.key) return { recompile: [], messagesChanged }
    await materializeApis(apis)
    return { recompile: [...this.directives.keys()], messagesChanged }
  }
}
