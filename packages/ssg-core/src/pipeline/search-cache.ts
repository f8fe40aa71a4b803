import { readFileSync } from 'node:fs'
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import {
  decodeFoldedTerms,
  encodeFoldedTerms,
  foldedTermsChange,
  withFoldedTermsChange,
  type FoldedTerms,
  type SearchIndexFiles,
  type IndexedPage,
  type IndexedPageMemo,
  type SearchPage,
  TermTable,
} from '@ssg/search-indexer'
import { encodeMemo, readMemo, type StoredMemo, withCounts } from './search-memo-file.js'

/**
 * `.ssg-cache/search-pages.bin`: each page as the search index holds it (`IndexedPage`: its
 * sections' display records, and their fields counted into numbered terms), by a hash of the
 * page's searchable text, with the table of terms, so that a build tokenizes only the pages whose
 * text changed. A build reads the file's header (terms, keys, where each page is), and a page's
 * counts and sections only when it asks for them (`readMemo`).
 *
 * The pages a build indexes anew go to a second file, `search-pages-new.bin` (with the terms
 * they added to the table), while they are few: an edit then writes a page, not the memo of
 * every page (1.8 s at 10,000 pages). The memo is written whole, of the last build's pages
 * only, once the second file would hold more than a twentieth of the pages, or the first as
 * many pages no build uses any more.
 */
export class SearchMemo implements IndexedPageMemo {
  private readonly next = new Map<string, IndexedPage>()
  private added = 0

  private constructor(
    private readonly file: string | null,
    private readonly fingerprint: string,
    readonly keys: string[],
    private readonly previous: Map<string, IndexedPage>,
    readonly terms: TermTable,
    /** What the whole memo holds (the pages of the second file are not in it). */
    private readonly base: { generation: string; size: number; terms: number } | null,
    /** The files read (by parts): read whole before one is replaced. */
    private readonly stored: { whole: StoredMemo | null; added: StoredMemo | null },
  ) {}

  static open(cacheDir: string | null, fingerprint: string, keys: string[]): SearchMemo {
    const file = cacheDir && path.join(cacheDir, 'search-pages.bin')
    const stored = file ? readMemo(file, fingerprint) : null
    const pages = stored?.pages ?? new Map<string, IndexedPage>()
    const terms = stored?.terms ?? []
    const base = stored && {
      generation: stored.header.generation ?? '',
      size: pages.size,
      terms: terms.length,
    }
    let added = stored && readMemo(deltaFile(file!), fingerprint)
    if (
      added &&
      added.header.base === base!.generation &&
      added.header.termsFrom === terms.length
    ) {
      for (const term of added.terms) terms.push(term)
      for (const [key, page] of added.pages) pages.set(key, page)
    } else added = null
    const table = new TermTable(terms, stored?.order)
    return new SearchMemo(file, fingerprint, keys, pages, table, base, {
      whole: stored,
      added,
    })
  }

  get(_page: SearchPage, position: number): IndexedPage | undefined {
    const key = this.keys[position]!
    const indexed = this.previous.get(key)
    if (indexed) this.next.set(key, indexed)
    return indexed
  }

  /** A page of the previous build, by its key. */
  indexed(key: string): IndexedPage | undefined {
    return this.previous.get(key)
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
    const base = this.base
    // The pages the whole memo does not hold (those of the second file, and new ones).
    const fresh = new Map<string, IndexedPage>()
    for (const [key, page] of this.next)
      if (!base || this.stored.added?.pages.has(key) || !this.previous.has(key))
        fresh.set(key, page)
    const unused = base ? base.size - (this.next.size - fresh.size) : 0
    const most = Math.max(50, this.next.size / 20)
    if (base && fresh.size <= most && unused <= most) {
      const header = { base: base.generation, termsFrom: base.terms }
      const terms = this.terms.terms.slice(base.terms)
      // Its pages that a build reads later (a doc part made again) are read before it goes.
      this.stored.added?.readAll()
      return replace(deltaFile(this.file), encodeMemo(this.fingerprint, terms, fresh, header))
    }
    this.stored.whole?.readAll()
    this.stored.added?.readAll()
    const { terms, pages } = compact(this.terms.terms, this.next, this.terms.terms.length)
    const generation = newGeneration()
    await replace(this.file, encodeMemo(this.fingerprint, terms, pages, { generation }))
    await rm(deltaFile(this.file), { force: true })
  }
}

/** The second file of a cache file (what an edit changed). */
function deltaFile(file: string): string {
  return file.replace(/\.bin$/, '-new.bin')
}

/** Writes `file` whole or not at all. */
async function replace(file: string, bytes: Uint8Array): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`
  await writeFile(temporary, bytes)
  await rename(temporary, file)
}

/**
 * `.ssg-cache/search-terms.bin`: the folded terms of the last build's split index (see
 * `FoldedTerms`), tagged with the indexer's fingerprint: an edit encodes again only the
 * terms of the pages it changed. None for an index that is not split.
 *
 * The terms an edit changed go to a second file, `search-terms-new.bin` (what differs from the
 * first, `foldedTermsChange`), while they are few: writing every term again cost an edit 0.2 s
 * at 10,000 pages.
 */
export class FoldedTermsFile {
  private constructor(
    private readonly file: string | null,
    private readonly fingerprint: string,
    readonly previous: FoldedTerms | null,
    /** The whole file: its generation, number of terms, and the terms the second changes. */
    private readonly base: { generation: string; size: number; touched: Set<string> } | null,
  ) {}

  static open(cacheDir: string | null, fingerprint: string): FoldedTermsFile {
    const file = cacheDir && path.join(cacheDir, 'search-terms.bin')
    const whole = file ? readFoldedTerms(file, fingerprint) : null
    if (!whole?.generation) return new FoldedTermsFile(file, fingerprint, whole, null)
    const generation = whole.generation
    const change = readFoldedTerms(deltaFile(file!), `${fingerprint} ${generation}`)
    const touched = new Set(change?.terms.map((entry) => entry.term))
    const previous = change ? withFoldedTermsChange(whole, change) : whole
    const base = { generation, size: whole.terms.length, touched }
    return new FoldedTermsFile(file, fingerprint, previous, base)
  }

  /**
   * Keeps this build's terms for the next (none: the files go), and returns the generation of
   * what it wrote: the `generation` of the terms the next build reads back (`previous`).
   */
  async save(folded: SearchIndexFiles['folded'] | null): Promise<string | null> {
    if (!this.file) return null
    const second = deltaFile(this.file)
    if (!folded) {
      await rm(this.file, { force: true })
      await rm(second, { force: true })
      return null
    }
    await mkdir(path.dirname(this.file), { recursive: true })
    const base = this.base
    const generation = newGeneration()
    if (base && folded.touched) {
      const touched = new Set([...base.touched, ...folded.touched])
      if (touched.size <= Math.max(1000, base.size / 20)) {
        // Read back over the whole, it names what the two are (`withFoldedTermsChange`).
        const change = { ...foldedTermsChange(folded.terms, touched), generation }
        const tag = `${this.fingerprint} ${base.generation}`
        await replace(second, encodeFoldedTerms(change, tag))
        return generation
      }
    }
    await replace(this.file, encodeFoldedTerms({ ...folded.terms, generation }, this.fingerprint))
    await rm(second, { force: true })
    return generation
  }
}

function readFoldedTerms(file: string, tag: string): FoldedTerms | null {
  try {
    return decodeFoldedTerms(readFileSync(file), tag)
  } catch {
    // None yet, or unreadable: every term is folded.
    return null
  }
}

/** A name for a whole cache file, to tell it from an earlier one. */
function newGeneration(): string {
  return `${Date.now()}-${process.pid}-${Math.random().toString(36).slice(2)}`
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
    out.set(key, withCounts(page, counts))
  }
  return { terms: kept, pages: out }
}
