/**
 * Splits the files of a large site into parts, so that a reader downloads only what a query
 * needs: index parts by term range (the terms a query holds, and its prefixes), doc parts by
 * page range (the results shown). The main files keep what every query needs: the options,
 * the per-section field lengths, and which page each section is of.
 */
import { encodeTerms, writeNumber, type CompactIndex } from './index-codec.js'
import type { DocPage, DocPart, DocSection, IndexPart, IndexParts } from './format.js'

/** Raw bytes from which a site's index is split by default. */
export const SPLIT_ABOVE = 1_500_000

/** Sizes of the parts, in bytes of JSON before compression. */
export interface SplitOptions {
  /** @default 128000 (about 60 KB gzipped) */
  indexPartBytes?: number
  /** @default 64000 (about 20 KB gzipped) */
  docPartBytes?: number
}

interface Stamp extends SplitOptions {
  builtAt: string
  formatVersion: number
}

/** The index parts of a compact index, and the main index without its terms. */
export function splitIndex(
  compact: CompactIndex,
  terms: readonly string[],
  postings: readonly string[],
  pageSections: readonly number[],
  options: Stamp & { fileName: (k: number) => string },
): { main: CompactIndex; parts: IndexPart[]; info: IndexParts } {
  const partBytes = options.indexPartBytes ?? 128_000
  const parts: IndexPart[] = []
  const first: string[] = []
  let start = 0
  let bytes = 0
  const cut = (end: number) => {
    first.push(terms[start]!)
    parts.push({
      formatVersion: options.formatVersion,
      builtAt: options.builtAt,
      terms: encodeTerms(terms.slice(start, end)),
      postings: postings.slice(start, end).join('\n'),
    })
    start = end
    bytes = 0
  }
  for (let k = 0; k < terms.length; k++) {
    bytes += terms[k]!.length + postings[k]!.length + 2
    if (bytes >= partBytes) cut(k + 1)
  }
  if (start < terms.length) cut(terms.length)
  return {
    main: { ...compact, terms: '', postings: '' },
    parts,
    info: {
      files: parts.map((_, k) => options.fileName(k)),
      first,
      sectionsPerPage: pageSections.map(writeNumber).join(''),
    },
  }
}

/** The doc parts: whole pages with their sections, about `docPartBytes` each. */
export function splitDoc(
  pages: readonly DocPage[],
  sections: readonly DocSection[],
  options: Stamp,
): DocPart[] {
  const partBytes = options.docPartBytes ?? 64_000
  const parts: DocPart[] = []
  let part: DocPart | null = null
  let bytes = 0
  let section = 0
  pages.forEach((page, pageIndex) => {
    if (!part || bytes >= partBytes) {
      part = {
        formatVersion: options.formatVersion,
        builtAt: options.builtAt,
        firstPage: pageIndex,
        firstSection: section,
        pages: [],
        sections: [],
      }
      parts.push(part)
      bytes = 0
    }
    part.pages.push(page)
    bytes += JSON.stringify(page).length
    while (section < sections.length && sections[section]![0] === pageIndex) {
      part.sections.push(sections[section]!)
      bytes += JSON.stringify(sections[section]).length
      section++
    }
  })
  return parts
}
