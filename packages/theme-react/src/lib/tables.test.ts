import { describe, expect, test } from 'vitest'
import { markScrollingTables } from './tables'

/** A table as `markScrollingTables` reads it: its widths and its tabindex attribute. */
function table(scrollWidth: number, clientWidth: number, tabindex: string | null = null) {
  const attributes = new Map<string, string>()
  if (tabindex !== null) attributes.set('tabindex', tabindex)
  return {
    scrollWidth,
    clientWidth,
    set tabIndex(value: number) {
      attributes.set('tabindex', String(value))
    },
    removeAttribute: (name: string) => attributes.delete(name),
    tabindex: () => attributes.get('tabindex') ?? null,
  }
}

function mark(tables: ReturnType<typeof table>[]) {
  markScrollingTables({ querySelectorAll: () => tables } as unknown as Element)
  return tables.map((t) => t.tabindex())
}

describe('markScrollingTables', () => {
  test('a table wider than the column, by one pixel too, becomes focusable', () => {
    // 344 of 343 px: the API testing page's table at 375 px, a scrolling region for axe.
    expect(mark([table(479, 343), table(344, 343)])).toEqual(['0', '0'])
  })

  test('a table that fits loses the tab stop it had', () => {
    expect(mark([table(343, 343, '0'), table(200, 343)])).toEqual([null, null])
  })
})
