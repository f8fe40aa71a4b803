// The correctness guard of incremental builds: a warm build after an edit makes the same output
// as a cold build of the edited site, on a site whose search index is split into parts. Search
// parts whose content is unchanged keep the previous build's names (and are links to its files),
// so search files are compared by content, their names mapped, `builtAt` left out.
import {
  appendFile,
  cp,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  utimes,
  writeFile,
} from 'node:fs/promises'
import path from 'node:path'
import { decodeFoldedTerms, partNames } from '@ssg/search-indexer'
import { expect, test } from 'vitest'
import { makeSite } from '../../test/helpers.js'
import {
  at,
  coldBuild,
  comparable,
  differences,
  outputOf,
  siteFiles,
} from '../../test/split-site.js'
import { build, type BuildReport } from './build.js'
import { indexerFingerprint } from './module-fingerprint.js'

test('a warm build after an edit makes what a cold build of the edited site makes', async () => {
  const root = await makeSite({ files: siteFiles() })
  await build({ root, workers: 0, now: at(1_000) })
  const first = await outputOf(root)
  expect([...first.keys()].filter((f) => /^search-index-\d+-\d+\.json$/.test(f)).length).toBe(
    partNames('index', JSON.parse(first.get('search-index-1000.json')!.toString()).parts.files)
      .length,
  )

  // A sentence more in one section of one page: few parts change.
  const sentence = '\nOne more sentence with qqqnewword in it.\n'
  await appendFile(path.join(root, 'content/docs/page-7.md'), sentence)
  const warm = await build({ root, workers: 0, now: at(2_000) })
  expect(warm.cacheHits).toBe(110)
  const second = await outputOf(root)
  expect(differences(comparable(second), await coldBuild(root, at(2_000)))).toEqual([])
  const kept = [...second.keys()].filter((f) => /^search-(index|prefix|doc)-1000-/.test(f))
  const made = [...second.keys()].filter((f) => /^search-(index|prefix|doc)-2000-/.test(f))
  // The parts the edit touched are new, most are kept (the previous build's files, linked).
  expect(made.length).toBeGreaterThan(0)
  expect(kept.length).toBeGreaterThan(made.length * 4)
  for (const file of kept) expect(second.get(file)).toEqual(first.get(file))

  // A section more: every later section moves, the build file names new search files.
  const section = '\n## Added section\n\nWith qqqotherword.\n'
  await appendFile(path.join(root, 'content/docs/page-3.md'), section)
  await build({ root, workers: 0, now: at(3_000) })
  expect(differences(comparable(await outputOf(root)), await coldBuild(root, at(3_000)))).toEqual(
    [],
  )

  // A page cut short: its sections gone.
  await writeFile(path.join(root, 'content/docs/page-5.md'), '# Page 5\n\nShort now.\n')
  await build({ root, workers: 0, now: at(4_000) })
  expect(differences(comparable(await outputOf(root)), await coldBuild(root, at(4_000)))).toEqual(
    [],
  )

  // A heading renamed (its anchor too), a page added, one deleted, one renamed (each moves the
  // sections after it).
  const renameHeading = async () => {
    const file = path.join(root, 'content/docs/page-9.md')
    const text = await readFile(file, 'utf8')
    expect(text).toContain('## Part 9-3\n')
    await writeFile(file, text.replace('## Part 9-3\n', '## Renamed heading qqqheading\n'))
  }
  const edits: Array<() => Promise<void>> = [
    renameHeading,
    () => writeFile(path.join(root, 'content/docs/page-40a.md'), '# Added\n\nqqqaddedword.\n'),
    () => rm(path.join(root, 'content/docs/page-60.md')),
    () =>
      rename(path.join(root, 'content/docs/page-8.md'), path.join(root, 'content/docs/renamed.md')),
  ]
  for (const [k, edit] of edits.entries()) {
    await edit()
    await build({ root, workers: 0, now: at(5_000 + k) })
    expect(
      differences(comparable(await outputOf(root)), await coldBuild(root, at(5_000 + k))),
    ).toEqual([])
  }
}, 600_000)

test('a build of a split index keeps its folded terms for the next', async () => {
  const root = await makeSite({ files: siteFiles() })
  await build({ root, workers: 0, now: at(1_000) })
  const kept = await readFile(path.join(root, '.ssg-cache/search-terms.bin'))
  const terms = decodeFoldedTerms(kept, await indexerFingerprint())
  expect(terms?.keys.length).toBe(111)
}, 300_000)

/** 30 pages linking to each other's headings, each with an image beside it for some. */
function linkedSiteFiles(): Record<string, string> {
  const files: Record<string, string> = {
    'content/docs/index.md':
      '# Home\n\nSee [one](/docs/page-1#first-part) and [two](./page-2.md).\n',
  }
  for (let p = 0; p < 30; p++) {
    const next = `[next](./page-${(p + 1) % 30}.md#second-part)`
    files[`content/docs/page-${p}.md`] =
      `# Page ${p}\n\nIntro of page ${p}, see ${next}.\n\n## First part\n\nAlpha ${p} words.\n\n` +
      `## Second part\n\nBeta ${p} words.\n`
  }
  return files
}

/** A build's files and its messages, against a cold build's of the same content. */
async function expectCold(root: string, report: BuildReport, now: () => Date): Promise<void> {
  const cold = await makeSite({ files: {} })
  await cp(path.join(root, 'content'), path.join(cold, 'content'), {
    recursive: true,
    preserveTimestamps: true,
  })
  const coldReport = await build({ root: cold, workers: 0, now })
  expect(differences(comparable(await outputOf(root)), comparable(await outputOf(cold)))).toEqual(
    [],
  )
  const messages = (r: BuildReport) => r.messages.map((m) => `${m.file} ${m.ruleId} ${m.message}`)
  expect(messages(report)).toEqual(messages(coldReport))
}

test('an edit leaves the other pages alone, and only while nothing they are made from changed', async () => {
  const root = await makeSite({ files: linkedSiteFiles() })
  // Files older than the build: the next builds leave the unchanged ones unread (see `readWhole`).
  const old = new Date(2020, 0, 1)
  for (const file of await readdir(path.join(root, 'content/docs')))
    await utimes(path.join(root, 'content/docs', file), old, old)
  const first = await build({ root, workers: 0, now: at(1_000) })
  expect(first.keptPages).toBe(0)
  const edit = (file: string, text: string) =>
    appendFile(path.join(root, 'content/docs', file), text)

  // A sentence more: only that page is made (the others' records stand for them).
  await edit('page-7.md', '\nOne more sentence with qqqnewword in it.\n')
  let report = await build({ root, workers: 0, now: at(2_000) })
  expect(report.keptPages).toBe(30)
  expect(report.renderedPages).toBe(1)
  await expectCold(root, report, at(2_000))

  // Twice in a row (the records the last build saved).
  await edit('page-9.md', '\nAnother sentence.\n')
  report = await build({ root, workers: 0, now: at(3_000) })
  expect(report.keptPages).toBe(30)
  await expectCold(root, report, at(3_000))

  // A heading renamed that another page links to: that page's link check changes.
  const page2 = path.join(root, 'content/docs/page-2.md')
  await writeFile(page2, (await readFile(page2, 'utf8')).replace('## Second part', '## Renamed'))
  report = await build({ root, workers: 0, now: at(4_000) })
  expect(report.keptPages).toBe(0)
  expect(report.messages.some((m) => m.file === 'content/docs/page-1.md')).toBe(true)
  await expectCold(root, report, at(4_000))

  // A title changed: sidebars, breadcrumbs and neighbours' links change.
  const page4 = path.join(root, 'content/docs/page-4.md')
  await writeFile(page4, (await readFile(page4, 'utf8')).replace('# Page 4', '# Page four'))
  report = await build({ root, workers: 0, now: at(5_000) })
  expect(report.keptPages).toBe(0)
  await expectCold(root, report, at(5_000))

  // A page deleted (no page is compiled: the site's key tells).
  await build({ root, workers: 0, now: at(6_000) })
  await rm(path.join(root, 'content/docs/page-12.md'))
  report = await build({ root, workers: 0, now: at(7_000) })
  expect(report.keptPages).toBe(0)
  await expectCold(root, report, at(7_000))
}, 600_000)

test('what the previous build left changed by hand: every page is made again', async () => {
  const root = await makeSite({ files: linkedSiteFiles() })
  await build({ root, workers: 0, now: at(1_000) })
  const damage: Array<[string, () => Promise<void>]> = [
    ['a page kept', () => writeFile(path.join(root, 'build/docs/page-3.html'), 'by hand')],
    ['its twin', () => writeFile(path.join(root, 'build/docs/page-3.md'), 'by hand')],
    [
      'llms-full.txt',
      async () => {
        const file = path.join(root, 'build/llms-full.txt')
        await writeFile(file, 'x'.repeat((await stat(file)).size))
      },
    ],
    ['the search memo', () => rm(path.join(root, '.ssg-cache/search-pages.bin'))],
  ]
  for (const [k, [name, change]] of damage.entries()) {
    await appendFile(path.join(root, 'content/docs/page-7.md'), `\nEdit ${k}.\n`)
    await change()
    const report = await build({ root, workers: 0, now: at(2_000 + k) })
    expect(report.keptPages, name).toBe(0)
    await expectCold(root, report, at(2_000 + k))
  }
}, 600_000)
