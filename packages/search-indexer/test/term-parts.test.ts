// Index and prefix parts kept for their terms (`previousTermPart`): an edit's build makes only the
// parts whose terms it touched, and each part it keeps holds what a cold build's part holds.
import { expect, test } from 'vitest'
import {
  buildSearchIndex,
  decodeFoldedTerms,
  encodeFoldedTerms,
  partNames,
  TermTable,
  type FoldedTerms,
  type IndexedPage,
  type SearchIndexFiles,
  type SearchPage,
} from '../src/index.js'

const words = 'alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike'.split(
  ' ',
)
const page = (p: number, extra = ''): SearchPage => ({
  path: `/docs/page-${p}`,
  title: `Page ${words[p % words.length]} ${p}`,
  breadcrumbs: ['Docs'],
  sections: Array.from({ length: 3 }, (_, s) => ({
    anchor: s === 0 ? null : `part-${s}`,
    heading: s === 0 ? `Page ${p}` : `Part ${s} of ${words[(p + s) % words.length]}`,
    text:
      Array.from({ length: 20 }, (_, w) => words[(p * 3 + s * 5 + w * w) % words.length]).join(
        ' ',
      ) + ` n${p}x${s} ${words[p % 13]}${p % 17}${s === 1 ? extra : ''}`,
    code: '',
  })),
})
const site = Array.from({ length: 240 }, (_, p) => page(p))
const split = { indexPartBytes: 800 }

/** One build's files, the folded terms it keeps, and the content of each of its part files. */
interface Built {
  files: SearchIndexFiles
  folded: FoldedTerms
  bodies: Map<string, string>
}

/** Pages kept from build to build by their JSON, and the previous build's parts by their terms. */
class Builds {
  private readonly table = new TermTable()
  private readonly pages = new Map<string, IndexedPage>()
  last: Built | null = null
  /** The kinds of the parts asked for by content (`previousPart`) in the last build. */
  byContent: string[] = []

  build(pages: SearchPage[], time: number): Built {
    const keys = pages.map((p) => JSON.stringify(p))
    const previous = this.last
    const byTerms = new Map(
      previous?.files.parts.flatMap((p) => (p.terms ? [[`${p.kind} ${p.terms}`, p.file]] : [])),
    )
    const byBody = new Map([...(previous?.bodies ?? [])].map(([file, body]) => [body, file]))
    this.byContent = []
    const files = buildSearchIndex({
      pages,
      now: () => new Date(time),
      split,
      memo: {
        terms: this.table,
        get: (_, k) => this.pages.get(keys[k]!),
        set: (_, k, indexed) => void this.pages.set(keys[k]!, indexed),
      },
      folded: {
        keys,
        // Through its bytes, as a cache file gives it.
        previous: previous && decodeFoldedTerms(encodeFoldedTerms(previous.folded)),
        indexed: (key) => this.pages.get(key),
      },
      previousPart: (kind, body) => (this.byContent.push(kind), byBody.get(body)),
      previousTermPart: (kind, terms) => byTerms.get(`${kind} ${terms}`),
    })
    const bodies = new Map(
      files.parts.map((p) => [p.file, p.kept ? previous!.bodies.get(p.file)! : p.body]),
    )
    this.last = { files, folded: files.folded!.terms, bodies }
    return this.last
  }
}

/** The files as their readers see them: each part named in the main files by its content. */
function resolved(built: Built) {
  const doc = JSON.parse(built.files.docJson)
  const index = JSON.parse(built.files.indexJson)
  const contents = (kind: 'index' | 'prefix' | 'doc', runs: unknown) =>
    partNames(kind, runs).map((file) => built.bodies.get(file))
  return {
    doc: {
      ...doc,
      builtAt: null,
      parts: { ...doc.parts, files: contents('doc', doc.parts.files) },
    },
    index: {
      ...index,
      builtAt: null,
      parts: {
        ...index.parts,
        files: contents('index', index.parts.files),
        prefixes: contents('prefix', index.parts.prefixes),
      },
    },
  }
}

const cold = (pages: SearchPage[], time: number) => {
  const files = buildSearchIndex({ pages, now: () => new Date(time), split })
  return resolved({
    files,
    folded: null!,
    bodies: new Map(files.parts.map((p) => [p.file, p.body])),
  })
}

test('an edit makes the index and prefix parts of the terms it touched, and keeps the others', () => {
  const builds = new Builds()
  const first = builds.build(site, 1_000)
  const indexParts = first.files.parts.filter((p) => p.kind === 'index').length
  const prefixParts = first.files.parts.filter((p) => p.kind === 'prefix').length
  expect(indexParts).toBeGreaterThan(20)
  expect(prefixParts).toBeGreaterThan(5)
  const edits: Array<[string, SearchPage[]]> = [
    ['a new term', site.map((p, k) => (k === 100 ? page(100, ' zulu alpha') : p))],
    ['the term gone again', site],
    ['a term of another page', site.map((p, k) => (k === 7 ? page(7, ' india12') : p))],
    ['a title', site.map((p, k) => (k === 9 ? { ...p, title: 'Nine renamed' } : p))],
  ]
  for (const [k, [name, pages]] of edits.entries()) {
    const built = builds.build(pages, 2_000 + k)
    expect(resolved(built), name).toEqual(cold(pages, 2_000 + k))
    // The parts kept for their terms are not serialised to be compared (most index parts, and
    // some prefix parts: this small site's prefixes are short, and hold a term of every page).
    const asked = (kind: string) => builds.byContent.filter((k) => k === kind).length
    const kept = built.files.parts.filter((p) => p.kept && p.kind !== 'doc').length
    expect(kept, name).toBeGreaterThan(indexParts / 2)
    expect(asked('index'), name).toBeLessThan(indexParts * 0.6)
    expect(asked('prefix'), name).toBeLessThan(prefixParts * 0.8)
  }
})

test('pages deleted, added or moved: every part is compared by content, as a cold build', () => {
  const builds = new Builds()
  builds.build(site, 1_000)
  const edits: SearchPage[][] = [
    site.filter((_, k) => k !== 20),
    site,
    [...site.slice(0, 50), page(999, ' zulu'), ...site.slice(50)],
    [site[1]!, site[0]!, ...site.slice(2)],
  ]
  for (const [k, pages] of edits.entries()) {
    const built = builds.build(pages, 2_000 + k)
    expect(resolved(built)).toEqual(cold(pages, 2_000 + k))
  }
})
