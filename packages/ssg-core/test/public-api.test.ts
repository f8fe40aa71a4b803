import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import * as api from '../src/index.js'
import { CORE_VERSION } from '../src/version.js'

test('CORE_VERSION (part of every cache key) follows package.json', () => {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'))
  expect(CORE_VERSION).toBe(pkg.version)
})

test('the public API is deliberate: its export names are locked', () => {
  expect(Object.keys(api).sort()).toMatchSnapshot()
})
