import {
  buildSearchIndex,
  type IndexedPageMemo,
  type PartKind,
  type SearchIndexFiles,
  type SearchPage,
  type SearchPart,
} from '@ssg/search-indexer'
import type { ResolvedConfig } from '../config/load-config.js'
import { hash } from '../util/hash.js'
import { indexerFingerprint } from './module-fingerprint.js'
import type { OutputCache } from './output-cache.js'
import { StaleRecordError } from './page-records.js'
import { FoldedTermsFile, SearchMemo } from './search-cache.js'

/** What a build notes of its search files for the next (`OutputCache.note('search')`). */
interface SearchNames {
  /** Hash of the indexer and of every indexed page. */
  key: string
  docFile: string
  indexFile: string
  parts: string[]
  /**
   * Key of each part, same order as `parts`: of its kind and content without `builtAt`, or for a
   * doc part, of its page's key, position and first section number (what its content is made
   * of, so that a kept doc part is found without serialising it).
   */
  partKeys?: string[]
  /**
   * The index and prefix parts (the first of `parts`, same order): each one's kind and terms
   * (`SearchPart.terms`), as `<kind> <terms>`.
   */
  termParts?: string[]
  /**
   * The generation of the folded terms these parts were made of (`FoldedTermsFile`): the next
   * build keeps a part by its terms only from the same terms.
   */
  termsGeneration?: string
}

/**
 * Builds and writes the search files (the parts' writes done when `written` resolves), or links
 * them from the previous build when the pages' searchable text is unchanged: the files keep their
 * names (the timestamp of the build that made them), so what readers' browsers cached of them
 * stays good, and `build.json`, the one file that names them (pages do not), is unchanged. When
 * the text changed, pages indexed by an earlier build are not tokenized again (`SearchMemo`), and
 * each part file whose content is unchanged keeps its name and is linked: an edit to one page
 * makes new files of the parts it touches and of the two main files only.
 */
export async function writeSearchFiles(options: {
  config: ResolvedConfig
  /** What the index is made from (see `searchPages`). */
  pages: SearchPage[]
  now: () => Date
  outputs: OutputCache
  /** Folder of the on-disk caches (`search-pages.json`), or null for none. */
  cacheDir: string | null
  /**
   * Each page's key (`searchPageKey`), same order, where known. A page whose key is given and
   * whose `sections` are empty is one the build left alone: the memo must have it, else
   * `StaleRecordError`.
   */
  keys?: Array<string | undefined>
  /**
   * Called between pages and parts while the index is made (seconds of one synchronous call at
   * 10,000 pages): the render worker is fed meanwhile (`PageWrites.pump`).
   */
  onStep?: () => void
}): Promise<{ files: string[]; keys: string[]; written: Promise<void> }> {
  const { config, pages, outputs } = options
  const none = Promise.resolve()
  if (!config.search.enabled) return { files: [], keys: [], written: none }
  const fingerprint = await indexerFingerprint()
  const pageKeys = pages.map((page, k) => options.keys?.[k] ?? searchPageKey(page))
  const key = hash(fingerprint, ...pageKeys)
  const previous = parseJson<SearchNames>(outputs.previousNote('search'))
  let names: SearchNames | null = null
  let written = none
  if (previous?.key === key && previous.partKeys?.length === previous.parts.length) {
    const partKeys = previous.partKeys
    const kept = outputs.reuseAll([
      { file: previous.docFile, key },
      { file: previous.indexFile, key },
      ...previous.parts.map((file, k) => ({ file, key: partKeys[k]! })),
    ])
    if (kept) names = previous
  }
  if (!names) {
    const memo = SearchMemo.open(options.cacheDir, fingerprint, pageKeys)
    pages.forEach((page, k) => {
      if (options.keys?.[k] && page.sections.length === 0 && !memo.indexed(pageKeys[k]!))
        throw new StaleRecordError('search memo')
    })
    const folded = FoldedTermsFile.open(options.cacheDir, fingerprint)
    const keyOf = partKeyOf(fingerprint, pageKeys)
    const files = buildFiles({
      pages,
      pageKeys,
      now: options.now,
      memo,
      foldedFile: folded,
      previous,
      outputs,
      keyOf,
      step: options.onStep ?? (() => {}),
    })
    await memo.save()
    const termsGeneration = await folded.save(files.folded ?? null)
    // A kept part has its previous key (of the same content); the others are hashed, once.
    const keptKeys = new Map(previous?.parts.map((file, k) => [file, previous.partKeys?.[k]]))
    const partKeys = files.parts.map(
      (part) => (part.kept && keptKeys.get(part.file)) || keyOf(part),
    )
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
    // The parts (a few thousand files on a large site) are written while the pages render: the
    // pages do not name them (only build.json, written after the pages, names the main files).
    written = outputs.write(fresh)
    // Its failure is thrown where the build awaits it, not reported as unhandled meanwhile.
    written.catch(() => {})
    names = {
      key,
      docFile: files.docFile,
      indexFile: files.indexFile,
      parts: files.parts.map((p) => p.file),
      partKeys,
      termParts: files.parts.flatMap((p) =>
        p.terms === undefined ? [] : [`${p.kind} ${p.terms}`],
      ),
      ...(termsGeneration ? { termsGeneration } : {}),
    }
  }
  outputs.note('search', JSON.stringify(names))
  return { files: [names.docFile, names.indexFile, ...names.parts], keys: pageKeys, written }
}

/** The key a page's search entry is memoised by (`SearchMemo`). */
export function searchPageKey(page: SearchPage): string {
  return hash(JSON.stringify(page))
}

function parseJson<T>(note: string | undefined): T | null {
  if (!note) return null
  try {
    return JSON.parse(note) as T
  } catch {
    return null
  }
}

/** How a build keys its parts (see `SearchNames.partKeys`). */
interface PartKeys {
  (part: Pick<SearchPart, 'kind' | 'body' | 'doc'>): string
  /** The key of the doc part of the page at `page`, its sections numbered from `firstSection`. */
  doc(page: number, firstSection: number): string
}

/**
 * The keys of parts (see `SearchNames.partKeys`), each body and each doc part hashed once (a
 * doc part's key is asked while the index is made, then for the note: 10,000 hashes each).
 */
function partKeyOf(fingerprint: string, pageKeys: readonly string[]): PartKeys {
  const known = new Map<PartKind, Map<string, string>>()
  // By page: the key of its doc part and the first section it was asked with.
  const docKeys: Array<string | undefined> = []
  const docSections: number[] = []
  const doc = (page: number, firstSection: number) => {
    const cached = docKeys[page]
    if (cached !== undefined && docSections[page] === firstSection) return cached
    const key = hash('doc', fingerprint, pageKeys[page]!, String(page), String(firstSection))
    docKeys[page] = key
    docSections[page] = firstSection
    return key
  }
  const keys = (part: Pick<SearchPart, 'kind' | 'body' | 'doc'>) => {
    if (part.doc) return doc(part.doc.page, part.doc.firstSection)
    let ofKind = known.get(part.kind)
    if (!ofKind) known.set(part.kind, (ofKind = new Map()))
    let key = ofKind.get(part.body)
    if (key === undefined) ofKind.set(part.body, (key = hash(part.kind, part.body)))
    return key
  }
  return Object.assign(keys, { doc })
}

/** The index, with the names of the previous build's parts whose content is unchanged. */
function buildFiles(options: {
  pages: SearchPage[]
  pageKeys: readonly string[]
  now: () => Date
  memo: SearchMemo
  foldedFile: FoldedTermsFile
  previous: SearchNames | null
  outputs: OutputCache
  keyOf: PartKeys
  /** See `onStep` of `writeSearchFiles`. */
  step: () => void
}): SearchIndexFiles {
  const { pages, pageKeys, now, memo, foldedFile, previous, outputs, keyOf, step } = options
  const folded = {
    keys: memo.keys,
    previous: foldedFile.previous,
    indexed: (key: string) => memo.indexed(key),
  }
  const same = sameBuild(previous, foldedFile)
  // The previous parts by key: when `same`, the index and prefix parts alone (a doc part of the
  // same key is the previous one of its page, found by its position).
  const byKey = new Map<string, string>()
  if (previous && previous.partKeys?.length === previous.parts.length) {
    const keys = previous.partKeys!
    const count = same ? same.docStart : previous.parts.length
    for (let k = 0; k < count; k++) byKey.set(keys[k]!, previous.parts[k]!)
  }
  const taken = new Set<string>()
  const claim = (file: string | undefined, key: string | undefined) => {
    // Each previous file once (two equal parts are two files), and only if it is intact.
    if (!file || !key || taken.has(file) || !outputs.reusable(file, key)) return undefined
    taken.add(file)
    return file
  }
  const previousFile = (key: string) => claim(byKey.get(key), key)
  const previousAt = (k: number) => claim(previous!.parts[k], previous!.partKeys?.[k])
  const previousDocPart = (page: number, firstSection: number): string | undefined => {
    if (!same) return previousFile(keyOf.doc(page, firstSection))
    // The same page at the same place, its sections numbered alike: the same content.
    const unchanged = same.keys[page] === pageKeys[page] && same.firstSection(page) === firstSection
    return unchanged ? previousAt(same.docStart + page) : undefined
  }
  // The memo is asked for each page, before it is indexed: a step.
  const stepping: IndexedPageMemo = {
    terms: memo.terms,
    get: (page, k) => (step(), memo.get(page, k)),
    set: (page, k, indexed) => memo.set(page, k, indexed),
  }
  const files = buildSearchIndex({
    pages,
    now,
    memo: stepping,
    folded,
    previousPart: (kind, body) => (step(), previousFile(keyOf({ kind, body }))),
    previousDocPart: (page, firstSection) => (step(), previousDocPart(page, firstSection)),
    previousTermPart: (kind, terms) => {
      const k = same?.termParts.get(`${kind} ${terms}`)
      return k === undefined ? undefined : previousAt(k)
    },
  })
  // A clock that gives the previous build's time again could name a new part like a kept one.
  const unique = new Set(files.parts.map((p) => p.file))
  return unique.size === files.parts.length
    ? files
    : buildSearchIndex({ pages, now, memo: stepping, folded })
}

/**
 * The previous build's parts, when the folded terms read back are those it made them of (its
 * note names their generation): its index and prefix parts by their terms (`<kind> <terms>`), and
 * its doc parts, one a page after them, by the page's position, key and first section.
 */
function sameBuild(
  previous: SearchNames | null,
  foldedFile: FoldedTermsFile,
): {
  termParts: Map<string, number>
  docStart: number
  keys: readonly string[]
  firstSection(page: number): number
} | null {
  const folded = foldedFile.previous
  const termParts = previous?.termParts
  if (
    !folded?.generation ||
    previous?.termsGeneration !== folded.generation ||
    !termParts ||
    previous.partKeys?.length !== previous.parts.length ||
    previous.parts.length - termParts.length !== folded.keys.length
  )
    return null
  const firsts = new Int32Array(folded.sectionCounts.length)
  for (let page = 1; page < firsts.length; page++)
    firsts[page] = firsts[page - 1]! + folded.sectionCounts[page - 1]!
  return {
    termParts: new Map(termParts.map((terms, k) => [terms, k])),
    docStart: termParts.length,
    keys: folded.keys,
    firstSection: (page) => (page < firsts.length ? firsts[page]! : -1),
  }
}
