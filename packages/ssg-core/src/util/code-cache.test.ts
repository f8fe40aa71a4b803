import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { runCachedScript } from './code-cache.js'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'ssg-code-cache-test-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const BUNDLE = [
  "const helper = require('./helper.cjs')",
  'function twice(n) { return helper.double(n) }',
  'module.exports = { twice, file: __filename, dir: __dirname, self: this === exports }',
].join('\n')

function write(source = BUNDLE): { bundle: string; cache: string } {
  writeFileSync(path.join(dir, 'helper.cjs'), 'exports.double = (n) => n * 2\n')
  const bundle = path.join(dir, 'bundle.cjs')
  writeFileSync(bundle, source)
  return { bundle, cache: path.join(dir, 'bundle.code-cache') }
}

type Bundle = { twice(n: number): number; file: string; dir: string; self: boolean }

describe('runCachedScript', () => {
  test('runs a CommonJS file as require would: exports, require beside it, __filename, this', () => {
    const { bundle, cache } = write()
    const { exports, cache: used } = runCachedScript<Bundle>(bundle, cache)
    expect(exports.twice(21)).toBe(42)
    expect(exports.file).toBe(bundle)
    expect(exports.dir).toBe(dir)
    expect(exports.self).toBe(true)
    expect(used).toBe('none')
  })

  test('a cache made after a run is taken by the next run of the same file', () => {
    const { bundle, cache } = write()
    const first = runCachedScript<Bundle>(bundle, null)
    first.exports.twice(1)
    writeFileSync(cache, first.script.createCachedData())
    const second = runCachedScript<Bundle>(bundle, cache)
    expect(second.cache).toBe('used')
    expect(second.exports.twice(4)).toBe(8)
  })

  test('a cache of another source is refused by V8 and the file runs from its source', () => {
    const { bundle, cache } = write()
    writeFileSync(cache, runCachedScript<Bundle>(bundle, null).script.createCachedData())
    write(BUNDLE + '\nmodule.exports.extra = "a longer source than the cached one"\n')
    const run = runCachedScript<Bundle & { extra: string }>(bundle, cache)
    expect(run.cache).toBe('rejected')
    expect(run.exports.extra).toMatch(/longer source/)
    expect(run.exports.twice(5)).toBe(10)
  })

  test('a cache file that is not a cache is refused, not an error', () => {
    const { bundle, cache } = write()
    writeFileSync(cache, 'not a code cache')
    const run = runCachedScript<Bundle>(bundle, cache)
    expect(run.cache).toBe('rejected')
    expect(run.exports.twice(3)).toBe(6)
  })
})
