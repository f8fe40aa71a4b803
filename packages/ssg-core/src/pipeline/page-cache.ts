import { readFileSync, writeFileSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
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
  /** The first write of `writeSoon` that failed. */
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
   * `write` for the build's thread, as each batch of compiled pages comes back: it only writes
   * the page's JSON (a compile worker sends it made), and a failure is kept for `flush` to throw.
   * Written synchronously: through `fs/promises` each file cost 0.5 ms of CPU (a thread-pool task
   * with its promise and handle) against 0.05 ms (2,000 files of 30 KB), taken from the two cores
   * the compile workers use; the bytes go to the OS's page cache, no write waits for the disk.
   */
  writeSoon(page: CompiledPage, json?: string): void {
    if (!this.dir || page.failed || this.failure) return
    try {
      writeFileSync(this.fileOf(page), json ?? JSON.stringify(page))
    } catch (error) {
      this.failure = { error }
    }
  }

  /** Throws the first write of `writeSoon` that failed. */
  flush(): Promise<void> {
    return this.failure ? Promise.reject(this.failure.error as Error) : Promise.resolve()
  }
}
