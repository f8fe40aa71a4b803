import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, expect, test } from 'vitest'
import type { Sidebar } from '../theme/contract.js'
import { hash } from '../util/hash.js'
import { SidebarKeys } from './sidebar-keys.js'

const dir = mkdtempSync(path.join(tmpdir(), 'ssg-sidebar-keys-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const sidebar = (labels: string[]): Sidebar => ({
  id: 'docs',
  items: labels.map((label) => ({ type: 'link', label, href: `/docs/${label}` })) as never,
})
const paths = ['/docs/a', '/docs/b', '/docs/c']

/** A view that depends on the page (the active one first) and counts its calls. */
function countingView() {
  const view = (s: Sidebar, active: string) => {
    view.calls++
    return [active, s.items.map((i) => (i as { label: string }).label)]
  }
  view.calls = 0
  return view
}
const keysOf = (keys: SidebarKeys, s: Sidebar, view: ReturnType<typeof countingView>) =>
  paths.map((p) => keys.keyOf(s, p, view))
const fresh = (s: Sidebar) =>
  paths.map((p) => hash(JSON.stringify([p, s.items.map((i) => (i as { label: string }).label)])))

test('the keys are those of the views; kept for an unchanged sidebar, made again for a changed one', async () => {
  const cacheDir = path.join(dir, 'cache')
  const first = countingView()
  const keys = SidebarKeys.open(cacheDir, 'base-1')
  expect(keysOf(keys, sidebar(['a', 'b', 'c']), first)).toEqual(fresh(sidebar(['a', 'b', 'c'])))
  expect(first.calls).toBe(3)
  await keys.save()
  expect(existsSync(path.join(cacheDir, 'sidebar-keys.json'))).toBe(true)

  // The next build, the same sidebar (another object, equal): no view is made.
  const same = countingView()
  const again = SidebarKeys.open(cacheDir, 'base-1')
  expect(keysOf(again, sidebar(['a', 'b', 'c']), same)).toEqual(fresh(sidebar(['a', 'b', 'c'])))
  expect(same.calls).toBe(0)
  await again.save()

  // A page retitled: every view of that sidebar is made again, and the keys follow.
  const changed = countingView()
  const third = SidebarKeys.open(cacheDir, 'base-1')
  expect(keysOf(third, sidebar(['a', 'B', 'c']), changed)).toEqual(fresh(sidebar(['a', 'B', 'c'])))
  expect(changed.calls).toBe(3)
  await third.save()

  // Made with another theme, config or core (another base): nothing is taken.
  const other = countingView()
  expect(keysOf(SidebarKeys.open(cacheDir, 'base-2'), sidebar(['a', 'B', 'c']), other)).toEqual(
    fresh(sidebar(['a', 'B', 'c'])),
  )
  expect(other.calls).toBe(3)
})

test('a page not seen last build gets its view made; without a cache folder nothing is kept', async () => {
  const cacheDir = path.join(dir, 'cache-2')
  const keys = SidebarKeys.open(cacheDir, 'b')
  keys.keyOf(sidebar(['a', 'b', 'c']), '/docs/a', countingView())
  await keys.save()
  const view = countingView()
  const next = SidebarKeys.open(cacheDir, 'b')
  expect(keysOf(next, sidebar(['a', 'b', 'c']), view)).toEqual(fresh(sidebar(['a', 'b', 'c'])))
  expect(view.calls).toBe(2)
  const none = SidebarKeys.open(null, 'b')
  await none.save()
  const uncached = countingView()
  keysOf(SidebarKeys.open(null, 'b'), sidebar(['a']), uncached)
  expect(uncached.calls).toBe(3)
})
