import { readFileSync } from 'node:fs'
import type { Processor } from 'unified'
import type { ApiSet } from '../openapi/apis.js'
import { includedFiles, pageIdentity } from '../markdown/mdx-partials.js'
import type { SnippetOptions } from '../markdown/snippets.js'
import { compilePage, type CompiledPage } from './compile-page.js'
import type { SourcePage } from './discover.js'
import { PageCache } from './page-cache.js'

/** A page to compile, named by where it is: the compiler reads the file itself. */
export interface CompileRequest extends Omit<SourcePage, 'source' | 'hash'> {
  /** Absolute path of the file. */
  absolute: string
}

/** What a compile worker of `ssg serve` is started with, besides the Markdown options. */
export interface WorkerOptions {
  /** Run at the lowest priority (the background pass). */
  lowPriority: boolean
  /** The page cache (`PageCache.at`), or null without one. */
  cache: { dir: string; keyBase: string } | null
}

/** A compiled page, or the file gone (deleted meanwhile). */
export type SourceResult =
  | {
      file: string
      page: CompiledPage
      cached: boolean
      /** The files the page includes (see `includedFiles`): its compile reads them too. */
      reads?: string[]
    }
  | { file: string; page: null; cached: false }

/**
 * Reads one page's file and compiles it, through the page cache: `ssg serve`'s compilers run it in
 * their own threads, so that the server's thread neither reads nor compiles.
 */
export async function compileSource(
  request: CompileRequest,
  processor: Processor,
  how: {
    cache: WorkerOptions['cache']
    apis?: ApiSet | null
    /** `markdown.snippets` (the processor's `MarkdownOptions.snippets`). */
    snippets?: SnippetOptions | undefined
    /** The page's write to the cache is put here, to run once the result is sent. */
    later?: Array<() => void> | undefined
  },
): Promise<SourceResult> {
  const { cache, apis = null, snippets, later } = how
  let source: string
  try {
    source = readFileSync(request.absolute, 'utf8')
  } catch {
    return { file: request.file, page: null, cached: false }
  }
  const { absolute: _absolute, ...place } = request
  const identity = pageIdentity(source, request.absolute, request.file, undefined, snippets)
  const page: SourcePage = { ...place, source, ...identity }
  const reads = identity.includes
    ? { reads: includedFiles(identity.includes, page.file, snippets?.paths) }
    : {}
  const pages = PageCache.at(cache?.dir ?? null, cache?.keyBase ?? '', apis?.key ?? '')
  const cached = pages.read(page)
  if (cached) return { file: page.file, page: cached, cached: true, ...reads }
  const compiled = await compilePage(page, processor)
  const write = () => {
    try {
      pages.write(compiled)
    } catch {
      // A cache that cannot be written (disk full, no permission) only costs the next start.
    }
  }
  if (later) later.push(write)
  else write()
  return { file: page.file, page: compiled, cached: false, ...reads }
}
