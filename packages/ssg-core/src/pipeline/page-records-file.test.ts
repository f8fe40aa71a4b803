// The records file holds each record as a row with what another field repeats left out: a
// record read back is the record saved, also when it does not repeat them (another head's file
// or hash, a search entry made otherwise, fields in another order).
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from 'vitest'
import { PageRecords, type PageRecord } from './page-records.js'
import { recordOfRow, recordRow } from './page-records-file.js'

const file = 'content/docs/guide/a.md'

function record(): PageRecord {
  return {
    hash: 'h1',
    summary: 's1',
    lastUpdated: '2024-01-02T03:04:05.000Z',
    head: {
      file,
      kind: 'docs',
      id: 'guide/a',
      dir: 'guide',
      hash: 'h1',
      route: '/docs/guide/a',
      frontMatter: { title: 'A', sidebar_position: 2 },
      title: 'A',
    },
    description: 'About A.',
    anchors: ['one', 'two'],
    twin: true,
    messages: [],
    links: [],
    assets: [],
    data: 'd1',
    sidebarId: 'docs',
    twinFile: { key: 't1', full: [10, 20] },
    search: {
      key: 'k1',
      page: {
        path: '/docs/guide/a',
        title: 'A',
        breadcrumbs: ['Guide'],
        sections: [],
        description: 'About A.',
      },
    },
  }
}

/** The record through its row and JSON, as `save` and `open` make it. */
const roundTrip = (r: PageRecord) =>
  recordOfRow(file, JSON.parse(JSON.stringify(recordRow(file, r))) as ReturnType<typeof recordRow>)

test('a record read back is the record saved, its fields in the same order', () => {
  const saved = record()
  const read = roundTrip(saved)
  expect(read).toEqual(saved)
  expect(JSON.stringify(read)).toBe(JSON.stringify(saved))
  expect(JSON.stringify(recordRow(file, saved)).length).toBeLessThan(JSON.stringify(saved).length)
})

test('what a row leaves out is kept when the record does not repeat it', () => {
  const keywords = record()
  keywords.search!.page.keywords = ['alpha']
  const other = record()
  other.head = { ...other.head, file: 'content/docs/other.md', hash: 'h0' }
  other.search = {
    key: 'k2',
    page: { path: '/elsewhere', title: 'B', breadcrumbs: [], sections: [] },
  }
  const reordered = record()
  reordered.search!.page = { title: 'A', path: '/docs/guide/a', breadcrumbs: [], sections: [] }
  const bare = record()
  Object.assign(bare, {
    lastUpdated: null,
    description: '',
    twin: false,
    messages: [{ file, severity: 'warning', message: 'm', ruleId: 'r' }],
    links: [{ file, severity: 'warning', message: 'l', ruleId: 'missing-page' }],
    assets: [['docs/guide/pic.png', 'content/docs/guide/pic.png']],
    sidebarId: null,
    twinFile: { key: 't1', full: null },
    search: null,
  })
  bare.head.frontMatter = {}
  const noTwin = { ...record(), twinFile: null }
  for (const saved of [keywords, other, reordered, bare, noTwin]) {
    expect(JSON.stringify(roundTrip(saved))).toBe(JSON.stringify(saved))
  }
})

test('saved records are read back by the next build, by file', async () => {
  const cacheDir = await mkdtemp(path.join(tmpdir(), 'ssg-records-'))
  const records = PageRecords.open(cacheDir)
  records.set(file, record())
  await records.save('site-1')
  const next = PageRecords.open(cacheDir)
  expect(next.previousOf(file)).toEqual(record())
  expect(next.valid('site-1', { file, hash: 'h1' }, record().lastUpdated)).toEqual(record())
  // Another site key, other bytes, another time, another file: not valid.
  expect(next.valid('site-2', { file, hash: 'h1' }, record().lastUpdated)).toBeUndefined()
  expect(next.valid('site-1', { file, hash: 'h2' }, record().lastUpdated)).toBeUndefined()
  expect(next.valid('site-1', { file, hash: 'h1' }, null)).toBeUndefined()
  expect(next.previousOf('content/docs/none.md')).toBeUndefined()
})
