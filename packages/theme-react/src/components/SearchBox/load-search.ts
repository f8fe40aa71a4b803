import { buildInfoUrl, type BuildInfo } from '@ssg/core/contract'
import type { LoadedSearch } from '@ssg/search-indexer/browser'

/** The two main files of a build's search (`BuildInfo['search']`). */
export type SearchFiles = BuildInfo['search']

// One fetch of the build's file and one load per site, shared by the navbar's box and the
// mobile menu's. A failure is not kept, so calling again retries.
const infos = new Map<string, Promise<SearchFiles>>()
const loads = new Map<string, Promise<LoadedSearch>>()
const done = new Map<string, LoadedSearch>()

/**
 * The URLs of the search files of the build now deployed, from the site's build file
 * (`_ssg/build.json`: they change with every build, so they are not in the pages). Call it as
 * soon as search may be used (the box hovered or focused): the file is small, and it is then
 * there when the reader types.
 */
export function searchFiles(baseUrl: string): Promise<SearchFiles> {
  let info = infos.get(baseUrl)
  if (!info) {
    const url = buildInfoUrl(baseUrl)
    // A stable name: the browser checks with the server that its copy is the deployed one.
    info = fetch(url, { cache: 'no-cache' }).then(async (response) => {
      if (!response.ok)
        throw new Error(`Cannot load the search files' names (${url}): HTTP ${response.status}`)
      return ((await response.json()) as BuildInfo).search
    })
    infos.set(baseUrl, info)
    info.catch(() => infos.delete(baseUrl))
  }
  return info
}

/**
 * Loads the search code (a lazy chunk: MiniSearch stays out of the initial bundle) and the
 * build's two search files, once.
 */
export function loadSearchIndex(baseUrl: string): Promise<LoadedSearch> {
  let load = loads.get(baseUrl)
  if (!load) {
    load = Promise.all([import('@ssg/search-indexer/browser'), searchFiles(baseUrl)])
      .then(([{ loadSearch }, files]) => loadSearch(files))
      .then((search) => {
        done.set(baseUrl, search)
        return search
      })
    loads.set(baseUrl, load)
    load.catch(() => loads.delete(baseUrl))
  }
  return load
}

/** The search of this site when a box has loaded it already (a box mounted later uses it). */
export function loadedSearch(baseUrl: string): LoadedSearch | null {
  return done.get(baseUrl) ?? null
}
