// What a reader downloads on first use of a built site's search: the browser loader of
// @ssg/search-indexer reads the site's files through a fetch that counts their gzip bytes, for
// queries pasted at once and typed a letter at a time (the search box searches each prefix),
// with the build file that names the search files.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { loadSearch } from '@ssg/search-indexer/browser'

/** The build file (`_ssg/build.json`, the search files' URLs: fetched first by the theme). */
const BUILD_INFO = '_ssg/build.json'

/** The search files' URLs the build file names, or null (search off). */
export function searchUrls(buildDir) {
  const { search } = JSON.parse(readFileSync(path.join(buildDir, BUILD_INFO), 'utf8'))
  return search.docUrl && search.indexUrl ? search : null
}

/**
 * Median and largest first-use download (gzip bytes) over `queries`, pasted and typed, and the
 * main files' share alone.
 */
export async function searchFirstUse(buildDir, queries) {
  const urls = searchUrls(buildDir)
  if (!urls) return null
  const gzipped = new Map()
  const reader = () => {
    // The build file first, as the search box fetches it.
    const state = { bytes: gzipSync(readFileSync(path.join(buildDir, BUILD_INFO))).byteLength }
    const fetch = async (url) => {
      const text = readFileSync(path.join(buildDir, url), 'utf8')
      if (!gzipped.has(url)) gzipped.set(url, gzipSync(text).byteLength)
      state.bytes += gzipped.get(url)
      return { ok: true, status: 200, statusText: 'OK', text: async () => text }
    }
    return { state, fetch }
  }
  const main = reader()
  await loadSearch({ ...urls, fetch: main.fetch })
  const pasted = []
  const typed = []
  for (const query of queries) {
    for (const [how, list] of [
      ['pasted', pasted],
      ['typed', typed],
    ]) {
      const { state, fetch } = reader()
      const search = await loadSearch({ ...urls, fetch })
      const prefixes = how === 'typed' ? [...query].map((_, k) => query.slice(0, k + 1)) : [query]
      for (const prefix of prefixes) await search.prepare(prefix, { limit: 10 })
      list.push(state.bytes)
    }
  }
  return { main: main.state.bytes, pasted: summary(pasted), typed: summary(typed) }
}

function summary(list) {
  const sorted = [...list].sort((a, b) => a - b)
  return { median: sorted[sorted.length >> 1], max: sorted[sorted.length - 1] }
}
