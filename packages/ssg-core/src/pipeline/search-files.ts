import { readFileSync } from 'node:fs'
import { mkdir, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import {
  buildSearchIndex,
  type IndexedPage,
  type IndexedPageMemo,
  type PartKind,
  type SearchIndexFiles,
  type SearchPage,
  TermTable,
} from '@ssg/search-indexer'
import type { ResolvedConfig } from '../config/load-config.js'
import { hash } from '../util/hash.js'
import { indexerFingerprint } from './module-fingerprint.js'
import type { OutputCache } from './output-cache.js'

/** What a build notes of its search files for the next (`OutputCache.note('search')`). */
interface SearchNames {
  /** Hash of the indexer and of every indexed page. */
  key: string
  docFile: string
  indexFile: string
  parts: string[]
  /** Key of each part (its kind and content without `builtAt`), same order as `parts`. */
  partKeys?: string[]
}

/**
 * Builds and writes the search files, or links them from the previous build when the pages'
 * searchable text is unchanged: the files keep their names (the timestamp of the build that made
 * them), so that unchanged pages, which carry the names, stay unchanged too. When the text
 * changed, pages indexed by an earlier build are not tokenized again (`SearchMemo`), and each
 * part file whose content is unchanged keeps its name and is linked: an edit to one page makes
 * new files of the parts it touches and of the two main files only.
 */
export async function writeSearchFiles(options: {
  config: ResolvedConfig
  /** What the index is made from (see `searchPages`). */
  pages: SearchPage[]
  now: () => Date
  outputs: OutputCache
  /** Folder of the on-disk caches (`search-pages.json`), or null for none. */
  cacheDir: string | null
}): Promise<{ files: string[] }> {
  const { config, pages, outputs } = options
  if (!config.search.enabled) return { files: [] }
  const fingerprint = await indexerFingerprint()
  const pageKeys = pages.map((page) => hash(JSON.stringify(page)))
  const key = hash(fingerprint, ...pageKeys)
  const previous = parseJson<SearchNames>(outputs.previousNote('search'))
  let names: SearchNames | null = null
  if (previous?.key === key && previous.partKeys?.length === previous.parts.length) {
    const partKeys = previous.partKeys
    const kept = await outputs.reuseAll([
      { file: previous.docFile, key },
      { file: previous.indexFile, key },
      ...previous.parts.map((file, k) => ({ file, key: partKeys[k]! })),
    ])
    if (kept) names = previous
  }
  if (!names) {
    const memo = SearchMemo.open(options.cacheDir, fingerprint, pageKeys)
    const files = buildFiles(pages, options.now, memo, previous, outputs)
    await memo.save()
    const partKeys = files.parts.map((part) => partKey(part.kind, part.body))
    await outputs.write([
      { path: files.docFile, content: files.docJson, key },
      { path: files.indexFile, content: files.indexJson, key },
    ])
    const fresh: Array<{ path: string; content: string; key: string }> = []
    for (const [k, part] of files.parts.entries()) {
      // A kept part whose file went missing since the check: this build's bytes under its name.
      if (!part.kept || !outputs.reuse(part.file, partKeys[k]!))
        fresh.push({ path: part.file, content: part.json, key: partKeys[k]! })
    }
    await outputs.write(fresh)
    names = {
      key,
      docFile: files.docFile,
      indexFile: files.indexFile,
      parts: files.parts.map((p) => p.file),
      partKeys,
    }
  }
  outputs.note('search', JSON.stringify(names))
  return { files: [names.docFile, names.indexFile, ...names.parts] }
}

function parseJson<T>(note: string | undefined): T | null {
  if (!note) return null
  try {
    return JSON.parse(note) as T
  } catch {
    return null
  }
}

function partKey(kind: PartKind, body: string): string {
  return hash(kind, body)
}

/** The index, with the names of the previous build's parts whose content is unchanged. */
function buildFiles(
  pages: SearchPage[],
  now: () => Date,
  memo: SearchMemo,
  previous: SearchNames | null,
  outputs: OutputCache,
): SearchIndexFiles {
  const byKey = new Map<string, string>()
  previous?.partKeys?.forEach((key, k) => {
    const file = previous.parts[k]
    if (file && previous.partKeys!.length === previous.parts.length) byKey.set(key, file)
  })
  const taken = new Set<string>()
  const files = buildSearchIndex({
    pages,
    now,
    memo,
    previousPart: (kind, body) => {
      const key = partKey(kind, body)
      const file = byKey.get(key)
      // Each previous file once (two equal parts are two files), and only if it is intact.
      if (!file || taken.has(file) || !outputs.reusable(file, key)) return undefined
      taken.add(file)
      return file
    },
  })
  // A clock that gives the previous build's time again could name a new part like a kept one.
  const unique = new Set(files.parts.map((p) => p.file))
  return unique.size === files.parts.length ? files : buildSearchIndex({ pages, now, memo })
}

/**
 * `.ssg-cache/search-pages.bin`: each page as the search index holds it (`IndexedPage`: its
 * sections' display records, and their fields counted into numbered terms), by a hash of the
 * page's searchable text, with the table of terms, so that a build tokenizes only the pages whose
 * text changed. Keeps the pages of the last build only. The counts of all pages are one block
 * of 32-bit numbers after a JSON header (the rest): read back without a parse.
 */
class SearchMemo implements IndexedPageMemo {
  private readonly next = new Map<string, IndexedPage>()
  private added = 0

  private constructor(
    private readonly file: string | null,
    private readonly fingerprint: string,
    private readonly keys: string[],
    private readonly previous: Map<string, IndexedPage>,
    readonly terms: TermTable,
  ) {}

  static open(cacheDir: string | null, fingerprint: string, keys: string[]): SearchMemo {
    const file = cacheDir && path.join(cacheDir, 'search-pages.bin')
    const stored = file ? readMemo(file, fingerprint) : null
    return new SearchMemo(
      file,
      fingerprint,
      keys,
      stored?.pages ?? new Map(),
      new TermTable(stored?.terms ?? []),
    )
  }

  get(_page: SearchPage, position: number): IndexedPage | undefined {
    const key = this.keys[position]!
    const indexed = this.previous.get(key)
    if (indexed) this.next.set(key, indexed)
    return indexed
  }

  set(_page: SearchPage, position: number, indexed: IndexedPage): void {
    this.next.set(this.keys[position]!, indexed)
    this.added++
  }

  /** Writes the memo of this build's pages (unless it holds them all already, and no other). */
  async save(): Promise<void> {
    if (!this.file) return
    if (this.added === 0 && this.next.size === this.previous.size) return
    await mkdir(path.dirname(this.file), { recursive: true })
    const temporary = `${this.file}.${process.pid}.tmp`
    const { terms, pages } = compact(this.terms.terms, this.next, this.terms.terms.length)
    await writeFile(temporary, encodeMemo(this.fingerprint, terms, pages))
    await rename(temporary, this.file)
  }
}

interface MemoHeader {
  fingerprint: string
  terms: string[]
  /** Key -> the page's sections, and where its counts are in the block (offset, length). */
  pages: Array<[key: string, sections: IndexedPage['sections'], offset: number, length: number]>
}

function encodeMemo(fingerprint: string, terms: string[], pages: Map<string, IndexedPage>) {
  const header: MemoHeader = { fingerprint, terms, pages: [] }
  let offset = 0
  for (const [key, page] of pages) {
    header.pages.push([key, page.sections, offset, page.counts.length])
    offset += page.counts.length
  }
  const json = Buffer.from(JSON.stringify(header))
  // The block starts at a multiple of 4 bytes, so that it can be read in place.
  const start = 4 + Math.ceil(json.length / 4) * 4
  const out = Buffer.alloc(start + offset * 4)
  out.writeUInt32LE(json.length, 0)
  json.copy(out, 4)
  const block = new Int32Array(out.buffer, out.byteOffset + start, offset)
  let at = 0
  for (const page of pages.values()) {
    block.set(page.counts, at)
    at += page.counts.length
  }
  return out
}

function readMemo(
  file: string,
  fingerprint: string,
): { terms: string[]; pages: Map<string, IndexedPage> } | null {
  let bytes: Buffer
  try {
    bytes = readFileSync(file)
  } catch {
    return null
  }
  try {
    const length = bytes.readUInt32LE(0)
    const header = JSON.parse(bytes.toString('utf8', 4, 4 + length)) as MemoHeader
    if (header.fingerprint !== fingerprint) return null
    const start = 4 + Math.ceil(length / 4) * 4
    // A copy aligned for Int32Array (the read buffer may sit anywhere in a pool).
    const block = new Int32Array(
      bytes.buffer.slice(bytes.byteOffset + start, bytes.byteOffset + bytes.length),
    )
    const pages = new Map<string, IndexedPage>()
    for (const [key, sections, offset, count] of header.pages) {
      if (offset + count > block.length) return null
      pages.set(key, { sections, counts: block.subarray(offset, offset + count) })
    }
    return { terms: header.terms, pages }
  } catch {
    // An unreadable memo: index every page.
    return null
  }
}

/**
 * The terms and pages with the terms no page holds left out, when they are half the table (each
 * edit adds the new words of the pages indexed again, and leaves their old ones).
 */
function compact(
  terms: string[],
  pages: Map<string, IndexedPage>,
  size: number,
): { terms: string[]; pages: Map<string, IndexedPage> } {
  const renumber = new Int32Array(size).fill(-1)
  let live = 0
  const each = (counts: Int32Array, visit: (at: number) => void) => {
    // Field after field: its length, its number of terms n, n pairs (term number, count).
    for (let at = 0; at < counts.length;) {
      const n = counts[at + 1]!
      at += 2
      for (let k = 0; k < n; k++, at += 2) visit(at)
    }
  }
  for (const page of pages.values())
    each(page.counts, (at) => {
      if (renumber[page.counts[at]!] === -1) renumber[page.counts[at]!] = live++
    })
  if (live * 2 > size) return { terms, pages }
  const kept = new Array<string>(live)
  renumber.forEach((to, from) => {
    if (to !== -1) kept[to] = terms[from]!
  })
  const out = new Map<string, IndexedPage>()
  for (const [key, page] of pages) {
    const counts = page.counts.slice()
    each(counts, (at) => (counts[at] = renumber[counts[at]!]!))
    out.set(key, { sections: page.sections, counts })
  }
  return { terms: kept, pages: out }
}
