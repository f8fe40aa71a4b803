import type { LoadedSearch } from '@ssg/search-indexer/browser'

/** The two files of `SiteData.search`. */
export interface SearchFiles {
  docUrl: string
  indexUrl: string
}

// One load per pair of files, shared by the navbar's box and the mobile menu's.
const loads = new Map<string, Promise<LoadedSearch>>()
const done = new Map<string, LoadedSearch>()
const keyOf = (files: SearchFiles) => files.docUrl + '\n' + files.indexUrl

/**
 * Loads the search code (a lazy chunk: MiniSearch stays out of the initial bundle) and both
 * files, once. A failure is not kept, so calling again retries.
 */
export function loadSearchIndex(files: SearchFiles): Promise<LoadedSearch> {
  const key = keyOf(files)
  let load = loads.get(key)
  if (!load) {
    load = import('@ssg/search-indexer/browser')
      .then(({ loadSearch }) => loadSearch({ docUrl: files.docUrl, indexUrl: files.indexUrl }))
      .then((search) => {
        done.set(key, search)
        return search
      })
    loads.set(key, load)
    load.catch(() => loads.delete(key))
  }
  return load
}

/** The search of these files when a box has loaded it already (a box mounted later uses it). */
export function loadedSearch(files: SearchFiles): LoadedSearch | null {
  return done.get(keyOf(files)) ?? null
}
