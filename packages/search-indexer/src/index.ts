/**
 * `@ssg/search-indexer`: builds a site's search files at build time. The browser side is
 * `@ssg/search-indexer/browser`.
 */
export {
  buildSearchIndex,
  type BuildSearchIndexOptions,
  type IndexedPage,
  type IndexedPageMemo,
  type PartKind,
  type SearchIndexFiles,
  type SearchPart,
  type SearchPage,
  type SearchSection,
  sectionCount,
} from './build-index.js'
export { writeSearchIndex, type WriteSearchIndexOptions } from './write-index.js'
export type { SplitOptions } from './split.js'
export { TermTable, termOrder } from './build-postings.js'
export { type FoldedTerms, type FoldedTermsCache } from './folded-terms.js'
export {
  decodeFoldedTerms,
  encodeFoldedTerms,
  foldedTermsChange,
  withFoldedTermsChange,
} from './folded-terms-codec.js'
export { FORMAT_VERSION, processTerm, tokenize } from './format.js'
export { partNames, type PartRun } from './part-names.js'
