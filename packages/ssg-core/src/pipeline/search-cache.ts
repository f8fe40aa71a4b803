import { readFileSync } from 'node:fs'
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import {
  decodeFoldedTerms,
  encodeFoldedTerms,
  type FoldedTerms,
  type IndexedPage,
  type IndexedPageMemo,
  type SearchPage,
  sectionCount,
  TermTable,
} from '@ssg/search-indexer'

/**
 * `.ssg-cache/search-pages.bin`: each page as the search index holds it (`IndexedPage`: its
 * sections' display records, and their fields counted into numbered terms), by a hash of the
 * page's searchable text, with the table of terms, so that a build tokenizes only the pages whose
 * text changed. The counts of all pages are one block of 32-bit numbers after a JSON header (the
 * rest): read back without a parse, and each page's sections are parsed only when read.
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
    private readonly base: { generation: string; keys: Set<string>; terms: number } | null,
  ) {}

  static open(cacheDir: string | null, fingerprint: string, keys: string[]): SearchMemo {
    const file = cacheDir && path.join(cacheDir, 'search-pages.bin')
    const stored = file ? readMemo(file, fingerprint) : null
    const pages = stored?.pages ?? new Map<string, IndexedPage>()
    let terms = stored?.terms ?? []
    const base = stored && {
      generation: stored.header.generation ?? '',
      keys: new Set(pages.keys()),
      terms: terms.length,
    }
    const added = stored && readMemo(deltaFile(file!), fingerprint)
    if (
      added &&
      added.header.base === base!.generation &&
      added.header.termsFrom === terms.length
    ) {
      terms = terms.concat(added.terms)
      for (const [key, page] of added.pages) pages.set(key, page)
    }
    return new SearchMemo(file, fingerprint, keys, pages, new TermTable(terms), base)
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
    const fresh = new Map([...this.next].filter(([key]) => !base?.keys.has(key)))
    const unused = base ? base.keys.size - (this.next.size - fresh.size) : 0
    const most = Math.max(50, this.next.size / 20)
    if (base && fresh.size <= most && unused <= most) {
      const header = { base: base.generation, termsFrom: base.terms }
      const terms = this.terms.terms.slice(base.terms)
      return replace(deltaFile(this.file), encodeMemo(this.fingerprint, terms, fresh, header))
    }
    const { terms, pages } = compact(this.terms.terms, this.next, this.terms.terms.length)
    const generation = `${Date.now()}-${process.pid}-${Math.random().toString(36).slice(2)}`
    await replace(this.file, encodeMemo(this.fingerprint, terms, pages, { generation }))
    await rm(deltaFile(this.file), { force: true })
  }
}

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
 */
export class FoldedTermsFile {
  private constructor(
    private readonly file: string | null,
    private readonly fingerprint: string,
    readonly previous: FoldedTerms | null,
  ) {}

  static open(cacheDir: string | null, fingerprint: string): FoldedTermsFile {
    const file = cacheDir && path.join(cacheDir, 'search-terms.bin')
    let previous: FoldedTerms | null = null
    try {
      if (file) previous = decodeFoldedTerms(readFileSync(file), fingerprint)
    } catch {
      // None yet, or unreadable: every term is folded.
    }
    return new FoldedTermsFile(file, fingerprint, previous)
  }

  /** Keeps this build's terms for the next (none: the file goes). */
  async save(terms: FoldedTerms | null): Promise<void> {
    if (!this.file) return
    if (!terms) return void (await rm(this.file, { force: true }))
    await mkdir(path.dirname(this.file), { recursive: true })
    await replace(this.file, encodeFoldedTerms(terms, this.fingerprint))
  }
}

interface MemoHeader {
  fingerprint: string
  /** The whole memo: what tells it from an earlier one. */
  generation?: string
  /** The second file: the generation of the memo it adds to, and its first term's number. */
  base?: string
  termsFrom?: number
  /** The terms, one a line (terms hold no line breaks), and how many. */
  terms: string
  termCount: number
  /** The pages' keys, one a line. */
  keys: string
  /**
   * Of each page, five numbers: its number of sections, where its counts are in the block
   * (offset, length, in numbers) and its sections' JSON in the text after it (offset, length,
   * in bytes). The sections are parsed when a build asks for them (an edit of a split index,
   * for the changed pages only): parsing them all cost a quarter of a second at 10,000 pages.
   */
  pages: number[]
}

/** The bytes of each page's sections as JSON, as the memo holds them (not parsed yet). */
const sectionBytes = new WeakMap<IndexedPage, Buffer>()

function encodeMemo(
  fingerprint: string,
  terms: string[],
  pages: Map<string, IndexedPage>,
  extra: Pick<MemoHeader, 'generation' | 'base' | 'termsFrom'>,
) {
  const texts: Buffer[] = []
  const numbers: number[] = []
  let offset = 0
  let textOffset = 0
  for (const page of pages.values()) {
    const text = sectionBytes.get(page) ?? Buffer.from(JSON.stringify(page.sections))
    texts.push(text)
    numbers.push(sectionCount(page), offset, page.counts.length, textOffset, text.length)
    offset += page.counts.length
    textOffset += text.length
  }
  const header: MemoHeader = {
    fingerprint,
    ...extra,
    terms: terms.join('\n'),
    termCount: terms.length,
    keys: [...pages.keys()].join('\n'),
    pages: numbers,
  }
  const json = Buffer.from(JSON.stringify(header))
  // The block starts at a multiple of 4 bytes, so that it can be read in place.
  const start = 4 + Math.ceil(json.length / 4) * 4
  const out = Buffer.alloc(start + offset * 4 + textOffset)
  out.writeUInt32LE(json.length, 0)
  json.copy(out, 4)
  const block = new Int32Array(out.buffer, out.byteOffset + start, offset)
  let at = 0
  for (const page of pages.values()) {
    block.set(page.counts, at)
    at += page.counts.length
  }
  let textAt = start + offset * 4
  for (const text of texts) textAt += text.copy(out, textAt)
  return out
}

function readMemo(
  file: string,
  fingerprint: string,
): { header: MemoHeader; terms: string[]; pages: Map<string, IndexedPage> } | null {
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
    const terms = header.termCount === 0 ? [] : header.terms.split('\n')
    const keys = header.pages.length === 0 ? [] : header.keys.split('\n')
    if (terms.length !== header.termCount || keys.length * 5 !== header.pages.length) return null
    const start = 4 + Math.ceil(length / 4) * 4
    const numbers = header.pages
    let blockLength = 0
    for (let k = 0; k < keys.length; k++) blockLength += numbers[k * 5 + 2]!
    const textStart = start + blockLength * 4
    if (textStart > bytes.length) return null
    // In place when aligned for Int32Array (a large file's buffer is its own), else a copy (a
    // small one may sit anywhere in a pool).
    const at = bytes.byteOffset + start
    const block =
      at % 4 === 0
        ? new Int32Array(bytes.buffer, at, blockLength)
        : new Int32Array(bytes.buffer.slice(at, at + blockLength * 4))
    const pages = new Map<string, IndexedPage>()
    keys.forEach((key, k) => {
      const [count, offset, size, textOffset, textLength] = numbers.slice(k * 5, k * 5 + 5)
      if (offset! + size! > block.length || textStart + textOffset! + textLength! > bytes.length)
        throw new RangeError('Not a memo')
      const text = bytes.subarray(textStart + textOffset!, textStart + textOffset! + textLength!)
      pages.set(key, memoPage(block.subarray(offset!, offset! + size!), count!, text))
    })
    return { header, terms, pages }
  } catch {
    // An unreadable memo: index every page.
    return null
  }
}

/** A page of the memo, its sections parsed when first read. */
function memoPage(counts: Int32Array, count: number, text: Buffer): IndexedPage {
  let sections: IndexedPage['sections'] | undefined
  const page: IndexedPage = {
    counts,
    sectionCount: count,
    sectionBytes: text.length - 2,
    get sections() {
      return (sections ??= JSON.parse(text.toString('utf8')) as IndexedPage['sections'])
    },
  }
  sectionBytes.set(page, text)
  return page
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
    const text = sectionBytes.get(page)
    out.set(
      key,
      text ? memoPage(counts, sectionCount(page), text) : { sections: page.sections, counts },
    )
  }
  return { terms: kept, pages: out }
}
