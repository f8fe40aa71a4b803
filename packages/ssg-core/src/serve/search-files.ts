import { buildSearchIndex, type SearchIndexFiles, type SearchPage } from '@ssg/search-indexer'
import { hash } from '../util/hash.js'

/**
 * The search files of `ssg serve`: built when first asked for, once every page is compiled (an
 * index of some pages would answer wrongly), and again only when what is indexed changed. The
 * names stay those of the session's start (the pages carry them).
 */
export class SearchFiles {
  private built: { key: string; files: SearchIndexFiles } | null = null

  constructor(
    private readonly options: {
      /** Resolves once every page is compiled. */
      settled: () => Promise<void>
      /** The search files are waited for: compile the pages left sooner (see `PageStore.hurry`). */
      hurry?: () => void
      /** What the index is made from now (see `searchPages`). */
      pages: () => SearchPage[]
      /** The session's start: names the files. */
      now: Date
    },
  ) {}

  /** The files, built or taken from the last build. */
  async files(): Promise<SearchIndexFiles> {
    this.options.hurry?.()
    await this.options.settled()
    const pages = this.options.pages()
    const key = hash(JSON.stringify(pages))
    if (this.built?.key !== key)
      this.built = { key, files: buildSearchIndex({ pages, now: () => this.options.now }) }
    return this.built.files
  }

  /** The content of one search file, or null when the path is not one of them. */
  async file(relative: string): Promise<string | null> {
    const files = await this.files()
    if (relative === files.docFile) return files.docJson
    if (relative === files.indexFile) return files.indexJson
    return files.parts.find((part) => part.file === relative)?.json ?? null
  }
}

/** The session's search file names, as the indexer names them at this time. */
export function searchFileNames(now: Date): { docFile: string; indexFile: string } {
  const { docFile, indexFile } = buildSearchIndex({ pages: [], now: () => now })
  return { docFile, indexFile }
}
