/**
 * Relevance over the Veilbox docs: the queries of `relevance-queries.json` run against the
 * search files of the built site (`sites/docs/build`, which CI builds before the tests), and
 * the mean reciprocal rank of the expected pages must be 0.9 or more. Prints every query with
 * the rank its page got, and the pages ranked above it.
 */
import { existsSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import { expect, test } from 'vitest'
import { loadSearch } from '../src/browser.js'
import { fileFetch } from './fixtures.js'

const build = new URL('../../../sites/docs/build/', import.meta.url).pathname
const { queries } = JSON.parse(
  await readFile(new URL('./relevance-queries.json', import.meta.url), 'utf8'),
) as { queries: Array<{ kind: string; query: string; expected: string }> }

test.skipIf(!existsSync(build))(
  'mean reciprocal rank over the docs site is at least 0.9 (skipped: no sites/docs/build; build the site first)',
  async () => {
    const files = (await readdir(build)).filter((name) =>
      /^search-(doc|index)-\d+\.json$/.test(name),
    )
    const stamp = files.map((name) => Number(name.match(/\d+/)![0])).sort((a, b) => b - a)[0]
    expect(stamp, `no search files in ${build}`).toBeDefined()
    const search = await loadSearch({
      docUrl: `search-doc-${stamp}.json`,
      indexUrl: `search-index-${stamp}.json`,
      fetch: fileFetch(build),
    })
    expect(queries.length).toBeGreaterThanOrEqual(40)

    let total = 0
    const lines: string[] = []
    for (const { kind, query, expected } of queries) {
      const pages = search.search(query, { limit: 50, sectionsPerPage: 1 }).map((page) => page.url)
      const rank = pages.indexOf(expected) + 1
      total += rank ? 1 / rank : 0
      const above = rank === 1 ? '' : `  above: ${pages.slice(0, rank ? rank - 1 : 3).join(', ')}`
      lines.push(
        `${String(rank || '-').padStart(2)}  ${kind.padEnd(10)} ${JSON.stringify(query)}${above}`,
      )
    }
    const mrr = total / queries.length
    console.log(`${lines.join('\n')}\nMRR ${mrr.toFixed(3)} over ${queries.length} queries`)
    expect(mrr).toBeGreaterThanOrEqual(0.9)
  },
)
