import { describe, expect, test } from 'vitest'
import { frontMatterSchema, plainFrontMatter, validateFrontMatter } from './front-matter.js'

/** A small deterministic random source (the differential test runs the same cases each time). */
function random(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31
    return seed / 2 ** 31
  }
}

/** A page's text through the compile's Markdown steps: the file, with its data and messages. */
async function compiled(value: string) {
  const { markdownToHast } = await import('./to-hast.js')
  const { VFile } = await import('vfile')
  const file = new VFile({ path: 'content/docs/a.md', value })
  const processor = markdownToHast()
  await processor.run(processor.parse(file), file)
  return file
}

const VALUES: unknown[] = [
  '',
  'A title',
  'doc',
  'landing',
  'home',
  0,
  -3,
  2.5,
  Infinity,
  NaN,
  true,
  false,
  null,
  ['a', 'b'],
  ['a', 1],
  [],
  { a: 1 },
  { title: 'Hero', actions: [] },
]
const KEYS = [...Object.keys(frontMatterSchema.shape), 'tags', 'authors', 'custom_key', 'id']

describe('plainFrontMatter', () => {
  test('equals zod (same data, same key order) wherever it answers, and answers for plain pages', () => {
    const next = random(42)
    let answered = 0
    for (let i = 0; i < 5000; i++) {
      const data: Record<string, unknown> = {}
      const count = Math.floor(next() * 6)
      for (let k = 0; k < count; k++)
        data[KEYS[Math.floor(next() * KEYS.length)]!] = VALUES[Math.floor(next() * VALUES.length)]
      const zod = frontMatterSchema.safeParse(data)
      const plain = plainFrontMatter(data)
      if (plain === undefined) continue
      answered++
      expect(zod.success, JSON.stringify(data)).toBe(true)
      expect(plain).toEqual(zod.data)
      expect(Object.keys(plain)).toEqual(Object.keys(zod.data!))
    }
    expect(answered).toBeGreaterThan(500)
    const page = { title: 'A', description: 'B', sidebar_position: 2, keywords: ['x'], tags: ['t'] }
    expect(plainFrontMatter(page)).toEqual(frontMatterSchema.parse(page))
  })

  test('leaves to zod what it does not know for sure', () => {
    for (const data of [
      { hero: { title: 'A', actions: [] } },
      { cards: [] },
      { title: '' },
      { sidebar_position: '2' },
      { layout: 'home' },
      { sidebar: 'api' },
      JSON.parse('{"__proto__": {"title": "x"}}'),
    ])
      expect(plainFrontMatter(data), JSON.stringify(data)).toBeUndefined()
  })

  test('validateFrontMatter still drops soft keys it does not know (through zod)', () => {
    const { result, dropped } = validateFrontMatter({ title: 'A', layout: 'home' })
    expect(dropped).toEqual(['layout'])
    expect(result.success && result.data).toEqual({ title: 'A' })
  })
})

describe('Starlight’s sidebar mapping', () => {
  test('its label and order are the page’s sidebar label and position', () => {
    const { result, dropped, ignored } = validateFrontMatter({
      title: 'Asides',
      sidebar: { label: 'Short', order: 3 },
    })
    expect(result.success && result.data).toEqual({
      title: 'Asides',
      sidebar_label: 'Short',
      sidebar_position: 3,
    })
    expect([dropped, ignored]).toEqual([[], []])
  })

  test('this toolkit’s own keys win; what has no counterpart is named', () => {
    const { result, ignored } = validateFrontMatter({
      sidebar_label: 'Mine',
      sidebar: { label: 'Theirs', hidden: true, badge: 'New' },
    })
    expect(result.success && result.data.sidebar_label).toBe('Mine')
    expect(ignored).toEqual(['sidebar.hidden', 'sidebar.badge'])
  })

  test('another mapping is no Starlight sidebar: dropped with its warning, as before', () => {
    expect(validateFrontMatter({ sidebar: { items: [] } }).dropped).toEqual(['sidebar'])
    expect(validateFrontMatter({ sidebar: { label: 3 } }).dropped).toEqual(['sidebar'])
    const hidden = validateFrontMatter({ sidebar: false })
    expect(hidden.result.success && hidden.result.data.sidebar).toBe(false)
  })
})

test('a Starlight sidebar key without counterpart is a warning at the sidebar key', async () => {
  const file = await compiled(
    '---\ntitle: A\nsidebar:\n  label: Short\n  hidden: true\n---\n\nText.\n',
  )
  expect(file.messages.map((m) => [m.ruleId, m.line, m.reason])).toEqual([
    [
      'front-matter-value',
      3,
      '`sidebar.hidden` (Starlight) has no counterpart in this toolkit; it is ignored (`sidebar.label` and `sidebar.order` are read)',
    ],
  ])
  expect(file.data.frontMatter?.sidebar_label).toBe('Short')
})

describe('Material for MkDocs’ search mapping', () => {
  test('`exclude: true` is `search: false`; `boost` is named; other mappings are invalid', () => {
    const excluded = validateFrontMatter({ title: 'A', search: { exclude: true } })
    expect(excluded.result.success && excluded.result.data).toEqual({ title: 'A', search: false })
    expect(excluded.ignored).toEqual([])
    const boosted = validateFrontMatter({ search: { boost: 1.05, exclude: false } })
    expect(boosted.result.success && boosted.result.data).toEqual({})
    expect(boosted.ignored).toEqual(['search.boost'])
    expect(validateFrontMatter({ search: { exclude: 'yes' } }).result.success).toBe(false)
    expect(validateFrontMatter({ search: { other: 1 } }).result.success).toBe(false)
  })

  test('a warning at the search key names what is not read; the page builds', async () => {
    const file = await compiled('---\ntitle: A\nsearch:\n  boost: 2\n---\n\nText.\n')
    expect(file.messages.map((m) => [m.ruleId, m.line, m.reason, m.fatal])).toEqual([
      [
        'front-matter-value',
        3,
        '`search.boost` (Material for MkDocs) has no counterpart in this toolkit; it is ignored (`search.exclude` is read)',
        false,
      ],
    ])
  })
})

test('a key written with no value (YAML null, `description:`) is not set: the page builds with its default', async () => {
  const { result, dropped } = validateFrontMatter({ title: 'A', description: null, layout: null })
  expect(result).toEqual({ success: true, data: { title: 'A' } })
  expect(dropped).toEqual([])
  const file = await compiled('---\ndescription:\ntitle:\n---\n\n# From the heading\n')
  expect(file.messages).toEqual([])
  expect(file.data.frontMatter).toEqual({})
})
