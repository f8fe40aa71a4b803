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
 * The OpenAPI specs of `ssg serve` as the pages place them now. The specs are read and validated
 * on this thread, which takes seconds for a large spec: after the first page a reader asked for
 * is served (`FirstPage`), or at once when a page placing parts of one (`::openapi`) is asked
 * for: only such pages wait for them (`waitFor`). A schema's table links to the page that documents the schema, so a
 * page that moves a schema elsewhere, or an edited spec, changes every page that places parts of
 * a spec (`update` says which).
 */
export class DevApis {
  /** The specs as the compile threads get them, or null (none, or not read yet). */
  apis: ApiSet | null = null
  /** The specs' own messages and the unplaced operations. */
  messages: BuildMessage[] = []
  private specs: LoadedSpecs | null = null
  private readonly enabled: boolean
  /** Cached spec verdicts (`.ssg-cache/openapi`), or null. */
  private readonly cacheDir: string | null
  /** The `::openapi` directives of each page that has any, and its route. */
  private readonly directives = new Map<string, { route: string; uses: DirectiveUse[] }>()
  private loaded: Promise<void> | null = null
  private done = false
  /** The full reading of specs first read quickly, when it differs (taken by the next `update`). */
  private corrected: LoadedSpecs | null = null
  /** Counts the readings of the specs: a check of an older one is dropped. */
  private generation = 0
  /** Told when the check of quickly read specs found them otherwise: call `update` then. */
  onCorrected?: () => void
  /** Resolves once the specs are read (or failed to be): `start` may come later than a waiter. */
  private readonly read: Promise<void>
  private markRead!: () => void

  constructor(
    private readonly config: ResolvedConfig,
    site: Pick<SiteSession, 'sources' | 'cache'>,
    /** Told the specs once read (before any page waiting for them is compiled). */
    private readonly onReady: (apis: ApiSet | null) => void,
    /** When to read them unless a page needs them sooner (`FirstPage`); their check, not sooner. */
    private readonly after: Promise<void>,
  ) {
    this.read = new Promise((resolve) => (this.markRead = resolve))
    void after.then(() => this.start().catch(() => {}))
    this.enabled = Object.keys(config.openapi).length > 0
    this.cacheDir = site.cache.openapi
    // With specs, discovery read each page whole (see `openSite`).
    if (this.enabled) for (const source of site.sources) this.note(source.file, source)
  }

  /**
   * Reads the specs (once; `onReady` is told). Resolves at once for a site without specs. A spec
   * without a cached verdict is read quickly and not validated (`quickSpec`: about 0.3 s of CPU
   * instead of 1.3 s for the docs site's spec at load 11, which a first API page waited for); its
   * full reading follows (`check`).
   */
  start(): Promise<void> {
    this.loaded ??= (async () => {
      if (!this.enabled) return
      this.specs = await loadSpecs(this.config, this.cacheDir, true)
      this.assemble()
      if (this.apis)
        await materializeApis(this.apis).catch(async (error: unknown) => {
          if (!this.unverified()) throw error
          // A reference the quick reading cannot follow: the full reading says where, now.
          this.specs = await loadSpecs(this.config, this.cacheDir)
          this.assemble()
          if (this.apis) await materializeApis(this.apis)
        })
    })().finally(() => {
      this.done = true
      this.onReady(this.apis)
      this.markRead()
      const generation = this.generation
      if (this.unverified()) void this.after.then(() => this.check(generation)).catch(() => {})
    })
    return this.loaded
  }

  /** Whether a spec was read quickly and is not checked yet. */
  private unverified(): boolean {
    return [...(this.specs?.values() ?? [])].some((s) => s.unverified !== undefined)
  }

  /**
   * The full reading (parse with positions, validation, checks; its verdict cached) of specs read
   * quickly. The same document without errors keeps what the pages were compiled with and brings
   * the specs' messages (warnings, unplaced operations: `onReady` again); anything else (an
   * error, another document) is taken by the next `update` (`onCorrected`), which compiles the
   * pages placing parts of a spec again, as an edit of the spec would.
   */
  private async check(generation: number): Promise<void> {
    const full = await loadSpecs(this.config, this.cacheDir)
    if (!full || !this.specs || generation !== this.generation) return
    let same = true
    for (const [id, parsed] of full) {
      const quick = this.specs.get(id)
      if (quick?.unverified === undefined) continue
      const document = 'raw' in parsed ? parsed.raw : parsed.spec?.raw
      if (quick.spec && parsed.spec && sameJson(document, quick.unverified))
        full.set(id, { ...parsed, spec: quick.spec })
      else same = false
    }
    if (!same) {
      this.corrected = full
      this.onCorrected?.()
      return
    }
    const before = this.apis
    this.specs = full
    this.assemble()
    // The same specs and homes: the compile threads keep what they have.
    if (before && this.apis && before.key === this.apis.key) this.apis = before
    this.onReady(this.apis)
  }

  /**
   * What a page's compile waits for: the specs, when it places parts of one; else null.
   * `now`: the page is wanted now (a request, an edit), so the specs are read now if they are not
   * yet; a background compile waits for them to be read when `start` is called.
   */
  waitFor(file: string, now: boolean): Promise<void> | null {
    if (this.done || !this.enabled || !this.directives.has(file)) return null
    // A spec that cannot be read at all leaves the page to fail on its directive.
    if (now) void this.start().catch(() => {})
    return this.read
  }

  /** Records a page's directives from its whole source. */
  note(file: string, page: Pick<SourcePage, 'route' | 'source'>): void {
    if (!this.enabled) return
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
    if (!this.enabled) return { recompile: [], messagesChanged: false }
    await this.loaded?.catch(() => {})
    const before = { key: this.apis?.key, messages: JSON.stringify(this.messages) }
    const corrected = this.corrected !== null && !reload
    if (corrected) this.specs = this.corrected
    // An edited spec is read without the cache (its verdict is made again, and cached).
    else if (reload || !this.specs) {
      this.generation++
      this.specs = await loadSpecs(this.config, this.cacheDir)
    }
    this.corrected = null
    this.assemble()
    const messagesChanged = JSON.stringify(this.messages) !== before.messages
    if (this.apis?.key === before.key && !corrected) return { recompile: [], messagesChanged }
    if (this.apis) await materializeApis(this.apis)
    return { recompile: [...this.directives.keys()], messagesChanged }
  }

  private assemble(): void {
    if (!this.specs) return
    const { apis, messages } = assembleApis({
      config: this.config,
      specs: this.specs,
      pages: [...this.directives].map(([file, d]) => ({ file, ...d })),
    })
    this.apis = apis
    this.messages = messages
  }
}

/** Whether two documents read from JSON-like data are the same (key order included). */
function sameJson(a: unknown, b: unknown): boolean {
  return a !== undefined && JSON.stringify(a) === JSON.stringify(b)
}
