import { build } from 'esbuild'
import { expect, test } from 'vitest'
import * as browser from '../src/browser.js'
import * as api from '../src/index.js'

test('public API of the Node entry', () => {
  expect(Object.keys(api).sort()).toEqual([
    'FORMAT_VERSION',
    'TermTable',
    'buildSearchIndex',
    'decodeFoldedTerms',
    'encodeFoldedTerms',
    'foldedTermsChange',
    'partNames',
    'processTerm',
    'sectionCount',
    'termOrder',
    'tokenize',
    'withFoldedTermsChange',
    'writeSearchIndex',
  ])
})

test('public API of the browser entry', () => {
  expect(Object.keys(browser).sort()).toEqual(['checkVersion', 'loadSearch'])
})

test('the browser entry bundles for the browser, without Node modules', async () => {
  const result = await build({
    entryPoints: [new URL('../src/browser.ts', import.meta.url).pathname],
    bundle: true,
    write: false,
    minify: true,
    format: 'esm',
    platform: 'browser',
    logLevel: 'silent',
  })
  const size = result.outputFiles[0]!.contents.byteLength
  // MiniSearch is most of it; keep the lazy chunk small.
  expect(size).toBeLessThan(40_000)
})
