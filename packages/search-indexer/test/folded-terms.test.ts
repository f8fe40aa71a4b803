import { describe, expect, test } from 'vitest'
import {
  buildSearchIndex,
  decodeFoldedTerms,
  encodeFoldedTerms,
  TermTable,
  type FoldedTerms,
  type IndexedPage,
  type IndexedPageMemo,
  type SearchIndexFiles,
  type SearchPage,
} from '../src/index.js'
import { foldingAverage } from '../src/build-postings.js'
import { foldedAverages } from '../src/folded-terms.js'
import { RESERVE, decodeReserve } from '../src/cap.js'
import { decodeLevelPostings } from '../src/index-codec.js'
import { plainTerms } from './fixtures.js'

const words = 'alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike'.split(
  ' ',
)
const page = (p: number, extra = ''): SearchPage => ({
  path: `/docs/page-${p}`,
  title: `Page ${words[p % words.length]} ${p}`,
  breadcrumbs: ['Docs', `Group ${p % 7}`],
  sections: Array.from({ length: 3 }, (_, s) => ({
    anchor: s === 0 ? null : `part-${s}`,
    heading: s === 0 ? `Page ${p}` : `Part ${s} of ${words[(p + s) % words.length]}`,
    text:
      Array.from({ length: 30 }, (_, w) => words[(p * 3 + s * 5 + w * w) % words.length]).join(
        ' ',
      ) + ` n${p}x${s}${s === 1 ? extra : ''}`,
    code: `${words[p % words.length]}Handler`,
  })),
})
const site = Array.from({ length: 240 }, (_, p) => page(p))
const now = () => new Date(Date.UTC(2025, 5, 1))
const split = { indexPartBytes: 2000 }

/** Pages kept from build to build by their JSON, as `ssg build` keeps them by a hash of it. */
class Memo implements IndexedPageMemo {
  readonly terms = new TermTable()
  readonly pages = new Map<string, IndexedPage>()
  keys: string[] = []
  get(_page: SearchPage, position: number) {
    return this.pages.get(this.keys[position]!)
  }
  set(_page: SearchPage, position: number, indexed: IndexedPage) {
    this.pages.set(this.keys[position]!, indexed)
  }
}

/** A build with the memo and the folded terms of the previous one (through their text form). */
function warmBuild(memo: Memo, previous: FoldedTerms | null, pages: SearchPage[], cap?: number) {
  memo.keys = pages.map((p) => JSON.stringify(p))
  const files = buildSearchIndex({
    pages,
    now,
    split,
    memo,
    ...(cap ? { maxPostings: cap } : {}),
    folded: {
      keys: memo.keys,
      previous: previous && decodeFoldedTerms(encodeFoldedTerms(previous)),
      indexed: (key) => memo.pages.get(key),
    },
  })
  return { files, folded: files.folded! }
}

function coldBuild(pages: SearchPage[], cap?: number) {
  return buildSearchIndex({ pages, now, split, ...(cap ? { maxPostings: cap } : {}) })
}

const contents = (files: SearchIndexFiles) => ({
  doc: files.docJson,
  index: files.indexJson,
  parts: files.parts.map((p) => [p.file, p.json]),
})

describe.each([undefined, 25])('folded terms kept from build to build (cap %s)', (cap) => {
  test('an edit within a page encodes its terms only, and gives the files of a cold build', () => {
    const memo = new Memo()
    const first = warmBuild(memo, null, site, cap)
    expect(contents(first.files)).toEqual(contents(coldBuild(site, cap)))
    const all = first.folded.terms.terms.length
    expect(first.folded.encoded).toBe(all)

    // A new word, and more of words many sections hold (capped terms with the cap).
    const edited = site.map((p, k) => (k === 100 ? page(100, ' zulu alpha alpha bravo') : p))
    const second = warmBuild(memo, first.folded.terms, edited, cap)
    expect(second.folded.encoded).toBeGreaterThan(0)
    expect(second.folded.encoded).toBeLessThan(all / 4)
    expect(contents(second.files)).toEqual(contents(coldBuild(edited, cap)))

    // The word goes again, and a page's unique term with it.
    const reverted = edited.map((p, k) =>
      k === 100 ? site[100]! : k === 7 ? { ...p, title: 'Seven renamed' } : p,
    )
    const third = warmBuild(memo, second.folded.terms, reverted, cap)
    expect(third.folded.encoded).toBeLessThan(all / 4)
    expect(third.folded.terms.terms.some((t) => t.term === 'zulu')).toBe(false)
    expect(contents(third.files)).toEqual(contents(coldBuild(reverted, cap)))
  })

  test('pages added, removed, given a section or much longer fold every term again; pages swapped do not', () => {
    const memo = new Memo()
    let previous = warmBuild(memo, null, site, cap).folded.terms
    const withSection = site.map((p, k) =>
      k === 3 ? { ...p, sections: [...p.sections, { ...p.sections[1]!, anchor: 'more' }] } : p,
    )
    const edits: Array<[SearchPage[], 'all' | 'some']> = [
      [withSection, 'all'],
      [[...withSection.slice(0, 50), page(999), ...withSection.slice(50)], 'all'],
      [site, 'all'],
      [site.filter((_, k) => k !== 20), 'all'],
      // Same numbers of sections at each place: the sections keep their numbers.
      [[site[1]!, site[0]!, ...site.slice(2).filter((_, k) => k !== 18)], 'some'],
      // A section much longer: the rounded average length of the text moves, and every level.
      [
        [
          site[1]!,
          site[0]!,
          ...site.slice(2, 20),
          page(21, ' ' + Array.from({ length: 400 }, (_, k) => `w${k}`).join(' ')),
          ...site.slice(22),
        ],
        'all',
      ],
    ]
    for (const [pages, encoded] of edits) {
      const build = warmBuild(memo, previous, pages, cap)
      const all = build.folded.terms.terms.length
      if (encoded === 'all') expect(build.folded.encoded).toBe(all)
      else expect(build.folded.encoded).toBeLessThan(all / 4)
      expect(contents(build.files)).toEqual(contents(coldBuild(pages, cap)))
      previous = build.folded.terms
    }
  })
})

test.each([3, 25])(
  'edits that move a page among the strongest postings of common words, or out (cap %s)',
  (cap) => {
    const memo = new Memo()
    let pages = site
    let previous = warmBuild(memo, null, pages, cap).folded.terms
    let seed = 7
    const random = (n: number) => (seed = (seed * 48271) % 2147483647) % n
    for (let step = 0; step < 12; step++) {
      const p = random(pages.length)
      const edited = page(p)
      // Common words many times (a posting among the strongest), or once, or none: a section
      // of few words weighs its words more, one of many less.
      const s = random(3)
      const repeat = [0, 1, 6][random(3)]!
      const words = Array.from({ length: repeat }, () => 'alpha bravo').join(' ')
      edited.sections[s] = {
        ...edited.sections[s]!,
        text: random(2) ? `${words} short` : `${edited.sections[s]!.text} ${words}`,
      }
      pages = pages.map((entry, k) => (k === p ? edited : entry))
      const build = warmBuild(memo, previous, pages, cap)
      expect(contents(build.files)).toEqual(contents(coldBuild(pages, cap)))
      previous = build.folded.terms
    }
  },
)

test('folded terms that are not whole are not read', () => {
  expect(decodeFoldedTerms(new TextEncoder().encode('{'))).toBeNull()
  const folded = new Memo()
  const { folded: kept } = warmBuild(folded, null, site.slice(0, 60))
  const bytes = encodeFoldedTerms(kept.terms, 'tag')
  expect(plainTerms(decodeFoldedTerms(bytes, 'tag')!)).toEqual(plainTerms(kept.terms))
  expect(decodeFoldedTerms(bytes, 'other tag')).toBeNull()
  expect(decodeFoldedTerms(bytes.subarray(0, bytes.length - 1), 'tag')).toBeNull()
})

/**
 * The keys of the kept pages whose counts a build reads from now on (as the memo of `ssg build`
 * reads them from its file).
 */
function watchCounts(memo: Memo): Set<string> {
  const read = new Set<string>()
  for (const [key, entry] of memo.pages) {
    memo.pages.set(key, {
      sections: entry.sections,
      get counts() {
        read.add(key)
        return entry.counts
      },
    })
  }
  return read
}

test('an edit reads the counts of the changed page alone when no term of it is capped', () => {
  const memo = new Memo()
  const first = warmBuild(memo, null, site)
  // The average field lengths come from the sums kept, not from every page.
  const read = watchCounts(memo)
  const edited = site.map((p, k) => (k === 100 ? page(100, ' zulu alpha') : p))
  const second = warmBuild(memo, first.folded.terms, edited)
  expect([...read]).toEqual([JSON.stringify(site[100])])
  expect(second.folded.encoded).toBeLessThan(first.folded.terms.terms.length / 4)
  expect(contents(second.files)).toEqual(contents(coldBuild(edited)))
})

describe('an edit of pages among the strongest postings of a capped term', () => {
  const cap = 25
  /** The pages of the strongest postings of `alpha` in the text field, kept and reserved. */
  const strongest = (folded: FoldedTerms) => {
    const entry = folded.terms.find((t) => t.term === 'alpha')!
    expect(entry.reserve).toBeTruthy()
    const text = 4
    const kept = decodeLevelPostings(entry.postings)[text]!
    const reserved = decodeReserve(entry.reserve!).byField[text]!
    expect(kept.ids).toHaveLength(cap)
    expect(reserved.ids).toHaveLength(RESERVE)
    const order = [kept, reserved].flatMap((list) =>
      list.ids.map((id, k) => [id, list.levels[k]!] as const),
    )
    order.sort((a, b) => b[1] - a[1] || a[0] - b[0])
    return [...new Set(order.map(([id]) => Math.floor(id / 3)))]
  }

  test('takes the next strongest from the reserve: the changed page is the one counted', () => {
    const memo = new Memo()
    const first = warmBuild(memo, null, site, cap)
    const p = strongest(first.folded.terms)[0]!
    const read = watchCounts(memo)
    // Its `alpha` a weaker posting now (one word among many more).
    const edited = site.map((entry, k) =>
      k === p ? page(p, ' ' + Array.from({ length: 40 }, (_, w) => `x${w}`).join(' ')) : entry,
    )
    const second = warmBuild(memo, first.folded.terms, edited, cap)
    expect([...read]).toEqual([JSON.stringify(site[p])])
    expect(contents(second.files)).toEqual(contents(coldBuild(edited, cap)))
  })

  test('collects the term again once the reserve runs out, as a cold build', () => {
    const memo = new Memo()
    const first = warmBuild(memo, null, site, cap)
    const pages = new Set(strongest(first.folded.terms))
    expect(pages.size).toBeLessThan(site.length / 4)
    const edited = site.map((entry, k) =>
      pages.has(k)
        ? {
            ...entry,
            sections: entry.sections.map((s) => ({
              ...s,
              text: s.text.replaceAll('alpha', 'zulu'),
            })),
          }
        : entry,
    )
    const read = watchCounts(memo)
    const second = warmBuild(memo, first.folded.terms, edited, cap)
    expect(read.size).toBe(site.length)
    expect(contents(second.files)).toEqual(contents(coldBuild(edited, cap)))
  })
})

test('averages from sums near a rounding step are left to the running average', () => {
  expect(foldedAverages([0, 7], 2)).toEqual([1, foldingAverage(3.5)])
  expect(foldedAverages([3, 2 ** (0.5 / 32)], 1)).toBeNull()
})
