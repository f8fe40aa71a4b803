import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import * as api from './index'
import { manifest } from './manifest'
import { slotNames } from './slots'
import { type ApiSnapshot, checkApi, pendingBumps, releasedBump } from './test/api-lock'

const read = (relative: string) => readFileSync(new URL(relative, import.meta.url), 'utf8')

function currentApi(): ApiSnapshot {
  return {
    version: (JSON.parse(read('../package.json')) as { version: string }).version,
    exports: Object.keys(api).sort(),
    components: Object.fromEntries(
      Object.entries(manifest).map(([name, entry]) => [name, entry.stability]),
    ),
    slots: [...slotNames],
  }
}

test('the public API matches api-lock.json, or its change is recorded in a changeset', () => {
  const lock = JSON.parse(read('../api-lock.json')) as ApiSnapshot
  const check = checkApi({
    lock,
    current: currentApi(),
    pending: pendingBumps(fileURLToPath(new URL('../../../.changeset', import.meta.url))),
  })
  if (!check.ok) throw new Error(check.message)
})

describe('checkApi', () => {
  const lock: ApiSnapshot = {
    version: '1.4.0',
    exports: ['Footer', 'Navbar', 'manifest'],
    components: { Footer: 'stable', Navbar: 'stable' },
    slots: ['doc.after'],
  }
  const none = new Map()

  test('an unchanged API needs nothing', () => {
    expect(checkApi({ lock, current: lock, pending: none }).ok).toBe(true)
  })

  test('a removed (or renamed) export fails unless a major changeset records it', () => {
    const current = { ...lock, exports: ['Footer', 'TopNav', 'manifest'] }
    const check = checkApi({ lock, current, pending: none })
    expect(check.ok).toBe(false)
    expect(check.message).toBe(
      [
        'The public API of @ssg/theme-react changed since 1.4.0 (api-lock.json):',
        '  - export `Navbar` removed',
        '  - export `TopNav` added',
        'This needs a major release, but no changeset records it.',
        'Record it: `pnpm changeset`, choose @ssg/theme-react and "major", and describe the change and how to migrate.',
      ].join('\n'),
    )
    expect(checkApi({ lock, current, pending: new Map([['a.md', 'minor']]) }).ok).toBe(false)
    expect(checkApi({ lock, current, pending: new Map([['a.md', 'major']]) }).ok).toBe(true)
    // After `changeset version` consumed the changeset: the version says major.
    expect(checkApi({ lock, current: { ...current, version: '2.0.0' }, pending: none }).ok).toBe(
      true,
    )
  })

  test('a removed component or slot, or a lowered stability, is breaking', () => {
    const removed = { ...lock, components: { Footer: 'stable' as const } }
    expect(checkApi({ lock, current: removed, pending: none }).breaking).toEqual([
      'component `Navbar` removed',
    ])
    const lowered = { ...lock, components: { ...lock.components, Navbar: 'internal' as const } }
    expect(checkApi({ lock, current: lowered, pending: none }).breaking).toEqual([
      'component `Navbar` lowered from stable to internal',
    ])
    const noSlot = { ...lock, slots: [] }
    expect(checkApi({ lock, current: noSlot, pending: none }).needs).toBe('major')
  })

  test('an addition needs a minor changeset (or release)', () => {
    const current = { ...lock, slots: ['doc.after', 'doc.before'] }
    expect(checkApi({ lock, current, pending: none }).ok).toBe(false)
    expect(checkApi({ lock, current, pending: new Map([['a.md', 'patch']]) }).ok).toBe(false)
    expect(checkApi({ lock, current, pending: new Map([['a.md', 'minor']]) }).ok).toBe(true)
    expect(checkApi({ lock, current: { ...current, version: '1.5.0' }, pending: none }).ok).toBe(
      true,
    )
  })

  test('releasedBump follows semver, 0.x included', () => {
    expect(releasedBump('1.4.0', '2.0.0')).toBe('major')
    expect(releasedBump('1.4.0', '1.5.0')).toBe('minor')
    expect(releasedBump('1.4.0', '1.4.1')).toBe('patch')
    expect(releasedBump('0.1.0', '0.2.0')).toBe('major')
    expect(releasedBump('0.1.0', '0.1.1')).toBe('minor')
    expect(releasedBump('1.4.0', '1.4.0')).toBe(null)
  })
})
