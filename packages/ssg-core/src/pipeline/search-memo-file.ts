import { closeSync, fstatSync, openSync, readSync } from 'node:fs'
import { type IndexedPage, sectionCount, termOrder } from '@ssg/search-indexer'

/**
 * The bytes of `search-pages.bin` (see `SearchMemo`): a 32-bit length, a JSON header (the rest:
 * terms, keys, where each page's parts are), the counts of all pages as one block of 32-bit
 * numbers (from a multiple of 4 bytes), then each page's sections as JSON text.
 *
 * Read by parts: the header when opened, then a page's counts or sections when a build asks for
 * them (an edit of a split index: the changed pages'), each with a positioned read. Reading the
 * 52 MB of a 10,000-page site whole cost an edit about 0.4 s, and making each page's record of
 * it 0.5 s more.
 */
export interface MemoHeader {
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
  /** The whole memo: its terms' `termOrder`, base64 of 32-bit numbers (little-endian). */
  order?: string
  /**
   * Of each page, five numbers: its number of sections, where its counts are in the block
   * (offset, length, in numbers) and its sections' JSON in the text after it (offset, length,
   * in bytes).
   */
  pages: number[]
}

/** A memo read back: its header, terms, and pages (each read from the file when asked). */
export interface StoredMemo {
  header: MemoHeader
  terms: string[]
  pages: Map<string, IndexedPage>
  /** The terms' numbers in their order, when the file has them (`TermTable`). */
  order: Int32Array | undefined
  /** Reads what is not read yet of the file (before it is replaced). */
  readAll(): void
}

/** Reads of a block of the file by parts, and whole after so many (a build that reads all). */
const PART_READS = 64

/** The header of the memo `file` and its pages, read when asked; null if not one for `fingerprint`. */
export function readMemo(file: string, fingerprint: string): StoredMemo | null {
  let fd: number
  try {
    fd = openSync(file, 'r')
  } catch {
    return null
  }
  try {
    const stat = fstatSync(fd)
    const head = Buffer.alloc(4)
    if (readSync(fd, head, 0, 4, 0) !== 4) return null
    const length = head.readUInt32LE(0)
    if (4 + length > stat.size) return null
    const json = Buffer.allocUnsafe(length)
    if (readSync(fd, json, 0, length, 4) !== length) return null
    const header = JSON.parse(json.toString('utf8')) as MemoHeader
    if (header.fingerprint !== fingerprint) return null
    const terms = header.termCount === 0 ? [] : header.terms.split('\n')
    const keys = header.pages.length === 0 ? [] : header.keys.split('\n')
    if (terms.length !== header.termCount || keys.length * 5 !== header.pages.length) return null
    const numbers = header.pages
    const start = 4 + Math.ceil(length / 4) * 4
    let blockLength = 0
    for (let k = 0; k < keys.length; k++) blockLength += numbers[k * 5 + 2]!
    const textStart = start + blockLength * 4
    if (textStart > stat.size) return null
    for (let k = 0; k < keys.length; k++) {
      const at = k * 5
      if (
        numbers[at + 1]! + numbers[at + 2]! > blockLength ||
        textStart + numbers[at + 3]! + numbers[at + 4]! > stat.size
      )
        return null
    }
    const source = new MemoSource(file, stat, start, blockLength, textStart)
    const pages = new Map<string, IndexedPage>()
    keys.forEach((key, k) => {
      const at = k * 5
      pages.set(
        key,
        new MemoPage(
          source,
          numbers[at]!,
          numbers[at + 1]!,
          numbers[at + 2]!,
          numbers[at + 3]!,
          numbers[at + 4]!,
        ),
      )
    })
    const order = header.order === undefined ? undefined : decodeOrder(header.order, terms.length)
    return { header, terms, pages, order, readAll: () => source.readAll() }
  } catch {
    // An unreadable memo: index every page.
    return null
  } finally {
    closeSync(fd)
  }
}

/**
 * The counts block and the text of a memo file, read by parts (a positioned read each), or whole
 * once a build has read many parts. A file replaced since it was opened is not read.
 */
class MemoSource {
  private block: Int32Array | null = null
  private textBytes: Buffer | null = null
  private blockReads = 0
  private textReads = 0

  constructor(
    private readonly file: string,
    private readonly stat: { size: number; mtimeMs: number; ino: number },
    private readonly blockStart: number,
    private readonly blockLength: number,
    private readonly textStart: number,
  ) {}

  counts(offset: number, size: number): Int32Array {
    if (!this.block && ++this.blockReads > PART_READS) this.readBlock()
    if (this.block) return this.block.subarray(offset, offset + size)
    const out = new Int32Array(size)
    this.read(new Uint8Array(out.buffer), this.blockStart + offset * 4)
    return out
  }

  text(offset: number, length: number): Buffer {
    if (!this.textBytes && ++this.textReads > PART_READS) this.readText()
    if (this.textBytes) return this.textBytes.subarray(offset, offset + length)
    const out = Buffer.allocUnsafe(length)
    this.read(out, this.textStart + offset)
    return out
  }

  readAll(): void {
    if (!this.block) this.readBlock()
    if (!this.textBytes) this.readText()
  }

  private readBlock(): void {
    const block = new Int32Array(this.blockLength)
    this.read(new Uint8Array(block.buffer), this.blockStart)
    this.block = block
  }

  private readText(): void {
    const text = Buffer.allocUnsafe(this.stat.size - this.textStart)
    this.read(text, this.textStart)
    this.textBytes = text
  }

  /** Fills `into` from `position` of the file, as it was when opened. */
  private read(into: Uint8Array, position: number): void {
    const fd = openSync(this.file, 'r')
    try {
      const stat = fstatSync(fd)
      if (
        stat.ino !== this.stat.ino ||
        stat.size !== this.stat.size ||
        stat.mtimeMs !== this.stat.mtimeMs
      )
        throw new Error(`The search memo ${this.file} changed while a build read it`)
      for (let done = 0; done < into.length;) {
        const read = readSync(fd, into, done, into.length - done, position + done)
        if (read === 0) throw new Error(`The search memo ${this.file} ends early`)
        done += read
      }
    } finally {
      closeSync(fd)
    }
  }
}

/**
 * A page of a memo, its counts and sections read when first asked for (one object a page: the
 * 10,000 pages of a large site each had three closures and an entry in a weak map).
 */
class MemoPage implements IndexedPage {
  private countsRead: Int32Array | undefined
  private textRead: Buffer | undefined
  private sectionsRead: IndexedPage['sections'] | undefined

  constructor(
    /** Where the counts and text are read from; null for a page made with both. */
    private readonly source: MemoSource | null,
    readonly sectionCount: number,
    /** Where its counts are in the block, and how many (in numbers). */
    private readonly countsAt: number,
    private readonly countsSize: number,
    /** Where its sections' JSON is in the text, and its bytes. */
    private readonly textAt: number,
    private readonly textLength: number,
  ) {}

  /** A page of these counts and sections' JSON. */
  static of(counts: Int32Array, text: Buffer, sectionCount: number): MemoPage {
    const page = new MemoPage(null, sectionCount, 0, counts.length, 0, text.length)
    page.countsRead = counts
    page.textRead = text
    return page
  }

  get sectionBytes(): number {
    return this.textLength - 2
  }

  get counts(): Int32Array {
    return (this.countsRead ??= this.source!.counts(this.countsAt, this.countsSize))
  }

  get sections(): IndexedPage['sections'] {
    return (this.sectionsRead ??= JSON.parse(
      this.text().toString('utf8'),
    ) as IndexedPage['sections'])
  }

  /** The raw bytes of its sections as JSON, as the memo holds them. */
  text(): Buffer {
    return (this.textRead ??= this.source!.text(this.textAt, this.textLength))
  }
}

/** `pages` with their terms `terms`, as the bytes of a memo file with `extra` in its header. */
export function encodeMemo(
  fingerprint: string,
  terms: string[],
  pages: Map<string, IndexedPage>,
  extra: Pick<MemoHeader, 'generation' | 'base' | 'termsFrom'>,
): Buffer {
  const texts: Buffer[] = []
  const numbers: number[] = []
  let offset = 0
  let textOffset = 0
  for (const page of pages.values()) {
    const text = page instanceof MemoPage ? page.text() : Buffer.from(JSON.stringify(page.sections))
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
  if (extra.generation !== undefined) {
    const order = termOrder(terms)
    header.order = Buffer.from(order.buffer, order.byteOffset, order.byteLength).toString('base64')
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

/** `page` with other counts (its terms renumbered), its sections' text kept as it is. */
export function withCounts(page: IndexedPage, counts: Int32Array): IndexedPage {
  if (!(page instanceof MemoPage)) return { sections: page.sections, counts }
  return MemoPage.of(counts, page.text(), sectionCount(page))
}

/** The `order` of a header, or undefined when it is not one of `count` terms. */
function decodeOrder(base64: string, count: number): Int32Array | undefined {
  const bytes = Buffer.from(base64, 'base64')
  if (bytes.length !== count * 4) return undefined
  const order = new Int32Array(count)
  new Uint8Array(order.buffer).set(bytes)
  return order.every((id) => id >= 0 && id < count) ? order : undefined
}
