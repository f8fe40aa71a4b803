import { describe, expect, test } from 'vitest'
import { placeOperations, readPlaced, readPlain } from './read-yaml.js'

/** What `yaml` (YAML 1.2, the reading with places) gives for `source`. */
const placedValue = (source: string) => readPlaced(source).doc.toJS({ maxAliasCount: 1000 })

describe('readPlain', () => {
  test('every plain scalar as YAML 1.2 reads it, where js-yaml’s own core schema differs', async () => {
    const scalars = [
      // Numbers js-yaml's core schema reads and YAML 1.2 does not (text there).
      '1_000',
      '1_000.5',
      '0b101',
      '+.5',
      '-.5e3',
      '+0x1F',
      '0X1F',
      '0o17',
      '0x1f',
      '017',
      '+12',
      '-0',
      '1.',
      '.5',
      '1e3',
      '1.5E-3',
      '.inf',
      '-.Inf',
      '.NaN',
      '.nan',
      'nan',
      '~',
      'Null',
      'nULL',
      'True',
      'yes',
      'off',
      'y',
      '2024-01-02',
      '12:30:00',
      '0x',
    ]
    for (const scalar of scalars) {
      const source = `openapi: 3.1.0\nvalue: ${scalar}\nlist: [${scalar}, a]\n`
      const plain = await readPlain(source)
      expect(plain, scalar).not.toBeNull()
      expect(JSON.stringify(plain), scalar).toBe(JSON.stringify(placedValue(source)))
    }
  })

  test('keys, aliases, block scalars and merge keys read the same', async () => {
    const source = [
      'openapi: 3.1.0',
      '200: ok',
      '1.0: one',
      'true: yes',
      '<<: not merged',
      'base: &base {a: 1, b: [x, y]}',
      'copy: *base',
      'text: |',
      '  keep: 60_000 })',
      '  second line',
      'folded: >-',
      '  folded',
      '  text',
      "quoted: '1_000'",
      'empty:',
      '',
    ].join('\n')
    expect(JSON.stringify(await readPlain(source))).toBe(JSON.stringify(placedValue(source)))
  })

  test('nothing where the reading with places has to say why, or names keys otherwise', async () => {
    for (const source of [
      'a: 1\na: 2\n',
      'a: [1, 2\n',
      'a: !!binary aGVsbG8=\n',
      'null: 1\n',
      '~: 1\n',
      '? [a, b]\n: 1\n',
      '',
    ])
      expect(await readPlain(source), source).toBeNull()
  })
})

test('placeOperations puts where each operation is written', () => {
  const source = [
    'openapi: 3.1.0',
    'paths:',
    '  /notes:',
    '    get:',
    '      operationId: listNotes',
    '    post:',
    '      # A comment first',
    '      operationId: createNote',
    '',
  ].join('\n')
  const operations = [
    { method: 'get', path: '/notes', line: 0, column: 0 },
    { method: 'post', path: '/notes', line: 0, column: 0 },
  ]
  placeOperations(source, operations)
  expect(operations.map((op) => [op.line, op.column])).toEqual([
    [5, 7],
    [8, 7],
  ])
})
