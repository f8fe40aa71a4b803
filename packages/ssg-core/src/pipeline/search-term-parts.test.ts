// Index and prefix parts kept for their terms (`previousTermPart`) only while the folded terms in
// the cache are those the previous build made its parts of (`SearchNames.termsGeneration`).
import { appendFile, copyFile, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
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
import { build } from './build.js'

test('folded terms of another build than the parts were made of: no part is kept for its terms', async () => {
  const root = await makeSite({ files: siteFiles() })
  const cache = path.join(root, '.ssg-cache')
  const page = path.join(root, 'content/docs/page-7.md')
  const text = await readFile(page, 'utf8')
  await build({ root, workers: 0, now: at(1_000) })
  // The folded terms of this build (as in a cache restored from elsewhere).
  await copyFile(path.join(cache, 'search-terms.bin'), path.join(root, 'terms.bin'))

  // A word no page had: the next build's parts hold it, and its folded terms change.
  await appendFile(page, '\nOne more sentence with qqqnewword in it.\n')
  await build({ root, workers: 0, now: at(2_000) })
  expect(differences(comparable(await outputOf(root)), await coldBuild(root, at(2_000)))).toEqual(
    [],
  )

  // The first build's terms back, and the word gone: no page changed since those terms were
  // made, so a part kept for its terms would keep the word.
  await copyFile(path.join(root, 'terms.bin'), path.join(cache, 'search-terms.bin'))
  await rm(path.join(cache, 'search-terms-new.bin'), { force: true })
  await rm(path.join(root, 'terms.bin'))
  await writeFile(page, text)
  await build({ root, workers: 0, now: at(3_000) })
  expect(differences(comparable(await outputOf(root)), await coldBuild(root, at(3_000)))).toEqual(
    [],
  )
}, 300_000)
