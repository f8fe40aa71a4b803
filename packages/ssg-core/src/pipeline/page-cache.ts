import { readFileSync, writeFileSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { PLUGIN_FINGERPRINT, type MarkdownOptions } from '../markdown/markdown-options.js'
import { usesOpenapi, type ApiSet } from '../openapi/apis.js'
import { routeOf } from '../site/page-head.js'
import { hash } from '../util/hash.js'
import { CORE_VERSION } from '../version.js'
import type { CompiledPage } from './compile-page.js'
import type { SourcePage } from './discover.js'
import { coreFingerprint } from './module-fingerprint.js'

/**
 * What every page's cache key starts with: the Markdown options, the plugin list, the core's
 * version and its own modules (a rebuilt core with the same version may compile differently).
 */
export async function pageCacheKey(md: MarkdownOptions): Promise<string> {
  return hash(JSON.stringify(md), PLUGIN_FINGERPRINT, CORE_VERSION, await coreFingerprint())
}

/**
 * The on-disk cache of compiled pages (`.ssg-cache/pages/`): one JSON file per page, keyed by the
 * file's path and bytes, the Markdown options, the plugin list, the core's version and its own
 * modules (a rebuilt core with the same version may compile Markdown differently).
 */
export class PageCache {
  /** Pages that place parts of an OpenAPI spec: their key has the specs' key too. */
  private readonly usesSpecs = new Set<string>()
  /** Writes of `writeSoon` not yet done, and the first that failed. */
  private pending: Array<Promise<void>> = []
  private failure: { error: unknown } | null = null

  private constructor(
    private readonly dir: string | null,
    private readonly keyBase: string,
    private readonly apisKey: string,
  ) {}

  /** The cache in `dir` (created if missing), or one that holds nothing when `dir` is null. */
  static async open(
    dir: string | null,
    md: MarkdownOptions,
    apis: ApiSet | null = null,
  ): Promise<PageCache> {
    if (dir) await mkdir(dir, { recursive: true })
    return new PageCache(dir, await pageCacheKey(md), apis?.key ?? '')
  }

  /**
   * The cache in `dir` (which exists) with a key made by `pageCacheKey`, for pages compiled with
   * these specs (compile workers).
   */
  static at(dir: string | null, keyBase: string, apisKey = ''): PageCache {
    return new PageCache(dir, keyBase, apisKey)
  }

  private fileOf(page: { file: string; hash: string }): string {
    // A page that places parts of a spec changes with the spec (and with where schemas live).
    const specs = this.usesSpecs.has(page.file) ? this.apisKey : ''
    return path.join(this.dir!, hash(this.keyBase, page.file, page.hash, specs) + '.json')
  }

  /**
   * The page compiled from these bytes before, if the cache has it for this route (the key does
   * not hold the route: a new `docs.basePath` moves every page).
   */
  read(
    page: Pick<SourcePage, 'file' | 'hash' | 'route' | 'slugBase' | 'source'>,
  ): CompiledPage | undefined {
    if (this.apisKey && usesOpenapi(page.source)) this.usesSpecs.add(page.file)
    if (!this.dir) return undefined
    let cached: CompiledPage
    // Synchronous: 10,000 small files read in a fraction of the time the thread pool takes.
    try {
      cached = JSON.parse(readFileSync(this.fileOf(page), 'utf8')) as CompiledPage
    } catch {
      return undefined
    }
    return cached.route === routeOf(page, cached.frontMatter) ? cached : undefined
  }

  /** Keeps a compiled page (not one that failed: its errors are shown again next time). */
  write(page: CompiledPage): void {
    if (this.dir && !page.failed) writeFileSync(this.fileOf(page), JSON.stringify(page))
  }

  /**
   * `write`, with the file written by the thread pool: the caller's thread only serialises the
   * page (not even that when given its JSON, as a compile worker sends it). A build's thread
   * writing each batch of compiled pages as it came back was blocked for seconds on a busy disk,
   * while the compile workers waited for their next batch. `flush` waits for these writes and
   * throws the first failure.
   */
  writeSoon(page: CompiledPage, json?: string): void {
    if (!this.dir || page.failed) return
    const text = json ?? JSON.stringify(page)
    const write = writeFile(this.fileOf(page), text).catch((error: unknown) => {
      this.failure ??= { error }
    })
    this.pending.push(write)
  }

  /** Waits for the writes of `writeSoon`; throws the first that failed. */
  async flush(): Promise<void> {
    const pending = this.pending
    this.pending = []
    await Promise.all(pending)
    if (this.failure) throw this.failure.error
  }
}
