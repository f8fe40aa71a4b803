// A site large enough for a split search index: `ssg serve` serves every part the main files name.
import { partNames, type PartRun } from '@ssg/search-indexer'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { BuildInfo } from '../src/theme/contract.js'
import { makeSite } from './helpers.js'
import { get, startQuietServer } from './serve-helpers.js'

let server: Awaited<ReturnType<typeof startQuietServer>>

beforeAll(async () => {
  // ~4 MB of prose over 400,000 distinct words: over the indexer's split threshold (1.5 MB of JSON).
  let seed = 7
  const word = () => {
    seed = (seed * 48271) % 2147483647
    return 'w' + (seed % 400000).toString(36)
  }
  const files: Record<string, string> = {}
  for (let p = 0; p < 200; p++) {
    const sections = Array.from(
      { length: 10 },
      (_, s) => `## Part ${p}-${s}\n\n${Array.from({ length: 400 }, word).join(' ')}\n`,
    )
    files[`content/docs/page-${p}.md`] = `# Page ${p}\n\n${sections.join('\n')}`
  }
  const root = await makeSite({ files })
  server = await startQuietServer(root)
  // The search files are made once every page is compiled (the background pass): waited for here,
  // with the start's time, so that the test's own time is the serving of the parts.
  await server.site!.settled()
}, 180_000)
afterAll(() => server?.close())

test('the split search index: the main files and each part they name are served', async () => {
  const { search } = JSON.parse((await get(server.url, '/_ssg/build.json')).body) as BuildInfo
  const doc = JSON.parse((await get(server.url, search.docUrl)).body) as {
    parts?: { files: PartRun[] }
  }
  const index = JSON.parse((await get(server.url, search.indexUrl)).body) as {
    parts?: { files: PartRun[]; prefixes: PartRun[] }
  }
  const docParts = partNames('doc', doc.parts?.files)
  expect(docParts.length).toBeGreaterThan(1)
  const names = [
    ...docParts,
    ...partNames('index', index.parts?.files),
    ...partNames('prefix', index.parts?.prefixes),
  ]
  expect(names.some((n) => n.startsWith('search-index-'))).toBe(true)
  for (const name of names) {
    const part = await get(server.url, '/' + name)
    expect(part.status, name).toBe(200)
    expect(() => JSON.parse(part.body)).not.toThrow()
  }
  // Indexing 800,000 words takes 6 s of CPU; on a shared machine at load 25 that was 53 s of wall
  // time before the parts were asked for (a bound, not a timing).
}, 240_000)
