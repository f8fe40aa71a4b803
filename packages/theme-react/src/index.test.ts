import { CONTRACT_VERSION } from '@ssg/core/contract'
import { expect, test } from 'vitest'
import * as api from './index'

test('implements the contract version of the core', () => {
  expect(api.contractVersion).toBe(CONTRACT_VERSION)
})

test('every manifest entry names a stability level and an exported component', () => {
  for (const [name, entry] of Object.entries(api.manifest)) {
    expect(['stable', 'unstable', 'internal']).toContain(entry.stability)
    expect(entry.description.length).toBeGreaterThan(10)
    expect(typeof (api as Record<string, unknown>)[name], name).toBe('function')
  }
})
