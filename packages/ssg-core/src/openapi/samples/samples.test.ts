import { describe, expect, test } from 'vitest'
import { formatJson } from '../json.js'
import { goName } from './go.js'
import { call, group, keyed, print, snake, pascal, camel } from './layout.js'
import { jsValue } from './node.js'
import { pyValue } from './python.js'

describe('formatJson', () => {
  test('objects and arrays of plain values stay on one line when they fit', () => {
    expect(
      formatJson({ a: { b: 1, c: [1, 2] }, d: [{ e: 'x' }], f: {}, g: [] }, { width: 40 }),
    ).toBe(
      [
        '{',
        '  "a": { "b": 1, "c": [1, 2] },',
        '  "d": [{ "e": "x" }],',
        '  "f": {},',
        '  "g": []',
        '}',
      ].join('\n'),
    )
  })

  test('a line that would be too long breaks', () => {
    expect(formatJson({ key: ['aaaaaaaaaa', 'bbbbbbbbbb', 'cccccccccc'] }, { width: 30 })).toBe(
      '{\n  "key": [\n    "aaaaaaaaaa",\n    "bbbbbbbbbb",\n    "cccccccccc"\n  ]\n}',
    )
  })
})

describe('layout', () => {
  test('a call opens its last argument in place when it does not fit', () => {
    const style = { indent: '  ', trailingComma: true }
    const doc = call(
      'client.tokens.update',
      ["'t_1'", jsValue({ data: { year: 2031 }, plan: 'gold' })],
      style,
    )
    expect(print(doc, { indent: '', column: 0, width: 80 })).toBe(
      "client.tokens.update('t_1', { data: { year: 2031 }, plan: 'gold' })",
    )
    expect(print(doc, { indent: '', column: 0, width: 40 })).toBe(
      "client.tokens.update('t_1', {\n  data: { year: 2031 },\n  plan: 'gold',\n})",
    )
  })

  test('gofmt aligns the values of consecutive one-line fields', () => {
    const doc = group({
      open: 'x{',
      close: '}',
      members: [
        keyed('Type', ': ', '"card"'),
        keyed('Metadata', ': ', 'm'),
        keyed('ID', ': ', '1'),
      ],
      style: { indent: '\t', trailingComma: true, alignKeys: true },
    })
    expect(print(doc, { indent: '', column: 0, width: 20 })).toBe(
      'x{\n\tType:     "card",\n\tMetadata: m,\n\tID:       1,\n}',
    )
  })

  test('names in each language', () => {
    expect(pascal('search_indexes')).toBe('SearchIndexes')
    expect(camel('destination_url')).toBe('destinationUrl')
    expect(snake('reactorFormulas')).toBe('reactor_formulas')
    expect(goName('destination_url')).toBe('DestinationURL')
    expect(goName('ipAddresses')).toBe('IPAddresses')
    expect(goName('id')).toBe('ID')
  })
})

describe('literals', () => {
  test('JavaScript: bare keys, quoted when not identifiers, the quote with fewer escapes', () => {
    const flat = print(jsValue({ a: "it's", 'b-c': null, d: true }), {
      indent: '',
      column: 0,
      width: 100,
    })
    expect(flat).toBe(`{ a: "it's", 'b-c': null, d: true }`)
  })

  test('Python: double quotes, None, True', () => {
    expect(print(pyValue({ a: null, b: [true, 'x'] }), { indent: '', column: 0, width: 100 })).toBe(
      '{"a": None, "b": [True, "x"]}',
    )
  })
})
