import type { SearchPage } from '@ssg/search-indexer'
import type { BuildMessage } from '../report/messages.js'
import type { PageHead } from '../site/page-head.js'
import type { PageRecord } from './page-records.js'

// How `.ssg-cache/page-records.json` holds the records: one row (an array) a page, its fields in
// a fixed order, what another field repeats left out (the head's file and hash, the search
// entry's path, title and description), empty lists as 0. At 10,000 pages: 6.5 MB for the
// 11.4 MB of an object a record, read and parsed in 0.18 s for 0.5 s (a busy 2-core machine).

/** The file's format. */
export const RECORDS_VERSION = 2

/** `.ssg-cache/page-records.json`. */
export interface RecordsFile {
  version: number
  /** The site key the records were made under (`siteKeyOf`). */
  site: string
  /** The pages' files, and each one's row (same order). */
  files: string[]
  rows: RecordRow[]
}

/** The head, without its file and hash (the record's), or whole when they differ. */
type HeadCell = [string, string, string, string, PageHead['frontMatter'], string] | PageHead

/** The search entry: key and breadcrumbs (and keywords), or whole when not made so. */
type SearchCell =
  [string, string[]] | [string, string[], string[]] | { key: string; page: SearchPage } | 0

/** One record, its fields in this order. */
export type RecordRow = [
  hash: string,
  summary: string,
  lastUpdated: string | null,
  head: HeadCell,
  description: string,
  anchors: string[],
  twin: 0 | 1,
  messages: BuildMessage[] | 0,
  links: BuildMessage[] | 0,
  assets: Array<[string, string]> | 0,
  data: string,
  sidebarId: string | null,
  /** The twin file's key, and its bytes in `llms-full.txt` when known. */
  twinFile: [string] | [string, number, number] | 0,
  search: SearchCell,
]

/** The row of `file`'s record. */
export function recordRow(file: string, record: PageRecord): RecordRow {
  const { head, twinFile, search } = record
  const headCell: HeadCell =
    head.file === file && head.hash === record.hash
      ? [head.kind, head.id, head.dir, head.route, head.frontMatter, head.title]
      : head
  return [
    record.hash,
    record.summary,
    record.lastUpdated,
    headCell,
    record.description,
    record.anchors,
    record.twin ? 1 : 0,
    record.messages.length ? record.messages : 0,
    record.links.length ? record.links : 0,
    record.assets.length ? record.assets : 0,
    record.data,
    record.sidebarId,
    twinFile ? (twinFile.full ? [twinFile.key, ...twinFile.full] : [twinFile.key]) : 0,
    search ? searchCell(search, record) : 0,
  ]
}

/** `file`'s record from its row (`recordRow`). */
export function recordOfRow(file: string, row: RecordRow): PageRecord {
  const [hash, summary, lastUpdated, headCell, description, anchors, twin] = row
  const [messages, links, assets, data, sidebarId, twinCell, search] = row.slice(7) as [
    RecordRow[7],
    RecordRow[8],
    RecordRow[9],
    RecordRow[10],
    RecordRow[11],
    RecordRow[12],
    RecordRow[13],
  ]
  const head: PageHead = Array.isArray(headCell)
    ? {
        file,
        kind: headCell[0] as PageHead['kind'],
        id: headCell[1],
        dir: headCell[2],
        hash,
        route: headCell[3],
        frontMatter: headCell[4],
        title: headCell[5],
      }
    : headCell
  return {
    hash,
    summary,
    lastUpdated,
    head,
    description,
    anchors,
    twin: twin === 1,
    messages: messages || [],
    links: links || [],
    assets: assets || [],
    data,
    sidebarId,
    twinFile: twinCell
      ? { key: twinCell[0], full: twinCell.length === 3 ? [twinCell[1], twinCell[2]] : null }
      : null,
    search: search ? searchOfCell(search, head, description) : null,
  }
}

/** The search entry as made by `searchPages` (with no sections) is a key and breadcrumbs. */
function searchCell(search: NonNullable<PageRecord['search']>, record: PageRecord): SearchCell {
  const { page } = search
  const made = searchOfCell(
    page.keywords ? [search.key, page.breadcrumbs, page.keywords] : [search.key, page.breadcrumbs],
    record.head,
    record.description,
  )
  // The same fields in the same order (the page is hashed as JSON), else whole.
  const same =
    Object.keys(page).join() === Object.keys(made.page).join() &&
    page.path === made.page.path &&
    page.title === made.page.title &&
    page.description === made.page.description &&
    page.sections.length === 0
  if (!same) return search
  return page.keywords
    ? [search.key, page.breadcrumbs, page.keywords]
    : [search.key, page.breadcrumbs]
}

function searchOfCell(
  cell: Exclude<SearchCell, 0>,
  head: PageHead,
  description: string,
): { key: string; page: SearchPage } {
  if (!Array.isArray(cell)) return cell
  const [key, breadcrumbs, keywords] = cell
  // The fields in the order `searchPages` makes them.
  return {
    key,
    page: {
      path: head.route,
      title: head.title,
      breadcrumbs,
      sections: [],
      ...(description ? { description } : {}),
      ...(keywords ? { keywords } : {}),
    },
  }
}

/** Whether a parsed file is one of this format. */
export function wellFormed(parsed: RecordsFile): boolean {
  return (
    parsed.version === RECORDS_VERSION &&
    typeof parsed.site === 'string' &&
    Array.isArray(parsed.files) &&
    Array.isArray(parsed.rows) &&
    parsed.files.length === parsed.rows.length
  )
}
