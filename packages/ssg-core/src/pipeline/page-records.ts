import { existsSync, readFileSync } from 'node:fs'
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { SearchPage } from '@ssg/search-indexer'
import type { BuildMessage } from '../report/messages.js'
import type { PageHead } from '../site/page-head.js'
import { hash } from '../util/hash.js'
import type { ResolvedConfig } from '../config/load-config.js'
import { PLUGIN_FINGERPRINT } from '../markdown/markdown-options.js'
import type { SitePage } from '../site/compiled-site.js'
import { CONTRACT_VERSION } from '../theme/contract.js'
import { CORE_VERSION } from '../version.js'
import type { CompiledPage } from './compile-page.js'
import type { TwinOutput } from './markdown-output.js'
import { coreFingerprint, indexerFingerprint, themeFingerprint } from './module-fingerprint.js'
import { searchPages } from './render-context.js'
import {
  RECORDS_VERSION,
  recordOfRow,
  recordRow,
  wellFormed,
  type RecordsFile,
} from './page-records-file.js'
import type { PageKeys, PageToWrite } from './page-keys.js'

/**
 * What the last build made of one page, besides its files: enough for the next build to leave an
 * unchanged page alone (#17, item 4). Its compiled page is not read back, its data, twin and
 * search entry are not made again: its files are linked by the keys recorded here, its twin's
 * bytes come from the previous `llms-full.txt`, its search entry from the search memo.
 */
export interface PageRecord {
  /** Hash of the source bytes it was made from. */
  hash: string
  /** What other pages' output reads of it (`summaryOf`): an edit that changes it is a site change. */
  summary: string
  lastUpdated: string | null
  /** The compiled page's head (what the route table is reconciled with). */
  head: PageHead
  description: string
  /** Every id in the page, for other pages' `#anchor` links. */
  anchors: string[]
  /** Whether it has a Markdown twin. */
  twin: boolean
  /** Its compile messages, and its link check's. */
  messages: BuildMessage[]
  links: BuildMessage[]
  /** Files beside the Markdown it uses: output path, source. */
  assets: Array<[string, string]>
  /** Key of its data file; the sidebar it is shown with (its document's key is made from both). */
  data: string
  sidebarId: string | null
  /** Key of its twin file and its bytes in `llms-full.txt` (start, end), when it has a twin. */
  twinFile: { key: string; full: [number, number] | null } | null
  /** What the search index is made from (without its sections: the memo has them) and its key. */
  search: { key: string; page: SearchPage } | null
}

const FILE = 'page-records.json'

/** The records of a compiled page's head and anchors, for `PageRecord.summary`. */
export function summaryOf(page: Pick<CompiledPage, keyof PageHead | 'anchors'>): string {
  const { kind, id, dir, route, frontMatter, title } = page
  return hash(JSON.stringify([kind, id, dir, route, frontMatter, title, page.anchors]))
}

/**
 * `.ssg-cache/page-records.json`: the last build's `PageRecord` of each page, valid under one
 * site key (everything but the pages' own sources that a page's output is made from: see
 * `build`). A record is used when the site key, the page's source hash and last-updated time are
 * those it was made with; the records are forgotten before the output folder changes and saved
 * once it is the new build's.
 */
export class PageRecords {
  private readonly next = new Map<string, PageRecord>()
  /** The previous records' rows by file, each decoded when first asked for. */
  private readonly index = new Map<string, number>()
  private readonly decoded: Array<PageRecord | undefined> = []

  private constructor(
    private readonly file: string | null,
    private readonly previous: RecordsFile | null,
  ) {
    previous?.files.forEach((file, i) => this.index.set(file, i))
  }

  static open(cacheDir: string | null): PageRecords {
    const file = cacheDir && path.join(cacheDir, FILE)
    let previous: RecordsFile | null = null
    if (file) {
      try {
        const parsed = JSON.parse(readFileSync(file, 'utf8')) as RecordsFile
        if (wellFormed(parsed)) previous = parsed
      } catch {
        // None yet, or unreadable: every page is made.
      }
    }
    return new PageRecords(file, previous)
  }

  /** Whether a build left records in `cacheDir` (they may still be of another version). */
  static saved(cacheDir: string | null): boolean {
    return cacheDir !== null && existsSync(path.join(cacheDir, FILE))
  }

  /** The previous record of a page, when made under `site` from these bytes at this time. */
  valid(
    site: string,
    page: { file: string; hash: string },
    lastUpdated: string | null,
  ): PageRecord | undefined {
    if (this.previous?.site !== site) return undefined
    const at = this.index.get(page.file)
    if (at === undefined) return undefined
    // Hash and time from the row: a record not used is not decoded.
    const row = this.previous.rows[at]!
    return row[0] === page.hash && row[2] === lastUpdated ? this.decode(page.file, at) : undefined
  }

  /** The previous record of a page whatever it was made under. */
  previousOf(file: string): PageRecord | undefined {
    const at = this.index.get(file)
    return at === undefined ? undefined : this.decode(file, at)
  }

  private decode(file: string, at: number): PageRecord {
    return (this.decoded[at] ??= recordOfRow(file, this.previous!.rows[at]!))
  }

  set(file: string, record: PageRecord): void {
    this.next.set(file, record)
  }

  /** Removes the previous records: call before the output folder changes. */
  async forget(): Promise<void> {
    if (this.file) await rm(this.file, { force: true })
  }

  /** Saves this build's records under `site`: call once the output folder is this build's. */
  async save(site: string): Promise<void> {
    if (!this.file) return
    const files = [...this.next.keys()]
    const rows = files.map((file) => recordRow(file, this.next.get(file)!))
    const content: RecordsFile = { version: RECORDS_VERSION, site, files, rows }
    await mkdir(path.dirname(this.file), { recursive: true })
    const temporary = `${this.file}.${process.pid}.tmp`
    await writeFile(temporary, JSON.stringify(content))
    await rename(temporary, this.file)
  }
}

/**
 * What the previous build left of a page it recorded is not there or not as it was (a file
 * changed by hand, a cache file gone): the build is made again without the records.
 */
export class StaleRecordError extends Error {
  constructor(file: string) {
    super(`The previous build's ${file} is not as it was: made again`)
  }
}

/**
 * What a page's output is made from besides its own source, compiled page and last-updated time:
 * this core, the theme, the indexer, the config, the client bundle, the files besides the pages,
 * the OpenAPI specs and every page's head (the route table, sidebars and link targets are made
 * from them). A record made under another key is not used. What other pages read of a page once
 * compiled (its head and anchors) is checked apart: see `PageRecord.summary`.
 */
export async function siteKeyOf(options: {
  config: ResolvedConfig
  theme: { serverEntry: string; themeServerEntry: string }
  assets: unknown
  inputs: { files: string[] }
  heads: PageHead[]
  drafts: PageHead[]
  apis: { key: string } | null
}): Promise<string> {
  const { config } = options
  const headOf = ({ file, kind, id, dir, route, frontMatter, title }: PageHead) => [
    file,
    kind,
    id,
    dir,
    route,
    frontMatter,
    title,
  ]
  return hash(
    CORE_VERSION,
    await coreFingerprint(),
    String(CONTRACT_VERSION),
    PLUGIN_FINGERPRINT,
    await themeFingerprint(options.theme),
    await indexerFingerprint(),
    config.fingerprint,
    config.root,
    JSON.stringify(options.assets),
    ...options.inputs.files,
    options.apis?.key ?? '',
    JSON.stringify(options.heads.map(headOf)),
    JSON.stringify(options.drafts.map((draft) => draft.file)),
  )
}

/** The pages search indexes (`searchPages`), each with its key when the build left it alone. */
export function searchEntries(
  pages: SitePage[],
): Array<{ file: string; page: SearchPage; key?: string }> {
  const out: Array<{ file: string; page: SearchPage; key?: string }> = []
  for (const entry of pages) {
    if (entry.record) {
      if (entry.record.search) out.push({ file: entry.file, ...entry.record.search })
    } else {
      const [page] = searchPages([entry])
      if (page) out.push({ file: entry.page.file, page })
    }
  }
  return out
}

/** This build's record of each page (see `PageRecord`), for the next build. */
export function recordPages(options: {
  records: PageRecords
  pages: SitePage[]
  keys: PageKeys
  pageData: PageToWrite[]
  twins: Map<string, TwinOutput>
  search: Array<{ file: string; page: SearchPage }>
  searchKeys: string[]
  lastUpdatedOf: (file: string) => string | null
  links: Map<string, BuildMessage[]>
}): void {
  const { records, twins } = options
  const dataKeys = new Map(options.pageData.map((page, i) => [page.path, options.keys.data[i]!]))
  const search = new Map(
    options.search.map((entry, k) => [
      entry.file,
      { key: options.searchKeys[k]!, page: { ...entry.page, sections: [] } },
    ]),
  )
  for (const entry of options.pages) {
    if (entry.record) {
      const twin = twins.get(entry.file)
      records.set(entry.file, { ...entry.record, twinFile: twin ?? entry.record.twinFile })
      continue
    }
    const { page, data } = entry
    // A page that failed is compiled again (its messages shown again): no record.
    if (page.failed) continue
    const dataKey = dataKeys.get(data.path)
    if (dataKey === undefined) continue
    records.set(page.file, {
      hash: page.hash,
      summary: summaryOf(page),
      lastUpdated: options.lastUpdatedOf(page.file),
      head: {
        file: page.file,
        kind: page.kind,
        id: page.id,
        dir: page.dir,
        hash: page.hash,
        route: page.route,
        frontMatter: page.frontMatter,
        title: page.title,
      },
      description: page.description,
      anchors: page.anchors,
      twin: page.markdown !== null || twins.has(page.file),
      messages: page.messages,
      links: options.links.get(page.file) ?? [],
      assets: [...entry.assets],
      data: dataKey,
      sidebarId: data.sidebarId,
      twinFile: twins.get(page.file) ?? null,
      search: search.get(page.file) ?? null,
    })
  }
}
