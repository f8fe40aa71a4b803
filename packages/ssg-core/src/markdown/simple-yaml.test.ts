import { describe, expect, test } from 'vitest'
import { parseDocument } from 'yaml'
import { parseSimpleYaml } from './simple-yaml.js'

const yaml = (text: string) => parseDocument(text, { prettyErrors: false })

/** Values in many notations: each either is read as `yaml` reads it, or is left to `yaml`. */
const VALUES = [
  '',
  ' ',
  '~',
  'null',
  'Null',
  'NULL',
  'nULL',
  'true',
  'True',
  'TRUE',
  'tRUE',
  'false',
  'False',
  'FALSE',
  'yes',
  'no',
  'on',
  'off',
  'y',
  '0',
  '00',
  '012',
  '7',
  '-7',
  '-0',
  '+7',
  '1.5',
  '1.50',
  '0.5',
  '.5',
  '5.',
  '1e3',
  '1E3',
  '-1.5e-3',
  '0x1F',
  '0o17',
  '1_000',
  '.inf',
  '-.inf',
  '.nan',
  '.NaN',
  '9007199254740993',
  '123456789012345',
  '1234567890123456',
  'NaN',
  'Infinity',
  'Intro',
  'Getting started',
  'C#',
  'C# and F#',
  'x #comment',
  'a: b',
  'a:b',
  'ends:',
  "It's",
  '"quoted"',
  "'single'",
  'a "b" c',
  '[a, b]',
  'a [b]',
  '{a: 1}',
  'a {b}',
  '- item',
  '-item',
  '? key',
  '&anchor x',
  '*alias',
  '!tag x',
  '|',
  '>',
  '%x',
  '@x',
  '`x`',
  'a\tb',
  'Über',
  '日本語のタイトル',
  'emoji 🚀',
  '2024-01-01',
  '2024-01-01T10:00:00Z',
  '10:30',
  'a  b',
  'trailing   ',
  '/docs/start',
  'http://x.example/a?b=c#d',
  'a,b',
  'a, b',
  'v1.2.3',
  'x: y: z',
  '#',
  'a#b',
  'a # b',
  '...',
  '---',
  'a\\nb',
  'a \\ b',
  '.NET',
  '.net core',
  '.Inf',
  '.NAN',
  '.x',
  '.',
  '..',
  '"a # b"',
  '"C# & F#"',
  '"a\\"b"',
  '"a\\nb"',
  '"a" b',
  '""',
  "'x'",
  "'it''s'",
  "''",
  "'a' b",
  '"@veilbox/node"',
  '[logs, audit log, GET /logs]',
  '[]',
  '[ ]',
  '[a,b]',
  '[ a , b ]',
  '[a, [b]]',
  '[a, "b"]',
  '[a, "4242", \'x y\']',
  '[a, "b, c"]',
  '[a, "b\\"c"]',
  '[a, "b" c]',
  '[a, "b:c", "d: e"]',
  '[a, b"c]',
  "[a, 'it''s']",
  '[a, b,]',
  '[a,, b]',
  '[a: b]',
  '[a:b]',
  '[a #b]',
  '[a, 1, true, null]',
  '[a, .NET, -x]',
  '[a] b',
  '[http://x.example]',
]

describe('parseSimpleYaml reads what it reads as yaml does', () => {
  test.each(VALUES)('value %j', (value) => {
    const text = `title: ${value}\nsidebar_position: 2\n`
    const simple = parseSimpleYaml(text)
    const doc = yaml(text)
    if (simple === undefined) return
    expect(doc.errors).toEqual([])
    expect(simple).toEqual(doc.toJS())
    // +0 and -0 differ in JSON only by sign: compare them exactly.
    for (const [k, v] of Object.entries(simple ?? {}))
      if (typeof v === 'number')
        expect(Object.is(v, (doc.toJS() as Record<string, unknown>)[k])).toBe(true)
  })

  test.each([
    ['empty', ''],
    ['blank lines', '\n  \n'],
    ['crlf', 'title: A\r\nsidebar_position: 3\r\n'],
    ['no value', 'title:\ndescription: x'],
    ['blank line between', 'title: A\n\nslug: /x'],
    ['key with dashes', 'sidebar-label: A'],
    ['special key', 'true: 1'],
    ['null key', 'null: 1'],
    ['number key', '1: x'],
    ['duplicate key', 'title: A\ntitle: B'],
    ['list', 'keywords:\n  - a\n  - b'],
    ['list at column 0', 'keywords:\n- a\n- b'],
    ['nested map', 'hero:\n  title: A'],
    ['comment line', '# a comment\ntitle: A'],
    ['indented key', '  title: A'],
    ['no space after colon', 'title:A'],
    ['tab after colon', 'title:\tA'],
    ['document end', 'title: A\n...\n'],
    ['bom', '\ufefftitle: A'],
    ['list then key', 'keywords:\n  - a\n  - 2\ntitle: A'],
    ['list with blank line inside', 'keywords:\n  - a\n\n  - b\ntitle: A'],
    ['list then blank line', 'keywords:\n  - a\n\ntitle: A'],
    ['list with mixed indents', 'keywords:\n  - a\n    - b'],
    ['list with less indent', 'keywords:\n    - a\n  - b'],
    ['list item empty', 'keywords:\n  -\n  - b'],
    ['list item dash only', 'keywords:\n  - \n  - b'],
    ['list item quoted', 'keywords:\n  - "a"'],
    ['list item map', 'keywords:\n  - a: 1'],
    ['list item list', 'keywords:\n  - - a'],
    ['list item comment', 'keywords:\n  - a # c'],
    ['list item true', 'keywords:\n  - true\n  - 1.5\n  - 7'],
    ['list item null', 'keywords:\n  - null\n  - a'],
    ['list then nested', 'keywords:\n  - a\n  b: 1'],
    ['list continued line', 'keywords:\n  - a\n    b'],
    ['list after value', 'title: A\n  - a'],
    ['two lists', 'a:\n  - x\nb:\n- y\n- z'],
    ['list at end with blank', 'keywords:\n  - a\n\n'],
  ])('%s', (_name, text) => {
    const simple = parseSimpleYaml(text)
    if (simple === undefined) return
    // Read by this reader: `yaml` reads it the same, without errors.
    const doc = yaml(text)
    expect(doc.errors).toEqual([])
    expect(simple).toEqual(doc.toJS())
  })

  test('the common shapes are read without yaml', () => {
    expect(
      parseSimpleYaml('title: Tokenize data\ndescription: Create tokens.\nsidebar_position: 2\n'),
    ).toEqual({ title: 'Tokenize data', description: 'Create tokens.', sidebar_position: 2 })
    expect(parseSimpleYaml('title: Intro\nsidebar: false\nhide_table_of_contents: true')).toEqual({
      title: 'Intro',
      sidebar: false,
      hide_table_of_contents: true,
    })
    expect(parseSimpleYaml('slug: /docs/start\nsidebar_label: Start here')).toEqual({
      slug: '/docs/start',
      sidebar_label: 'Start here',
    })
    expect(parseSimpleYaml('')).toBeNull()
    expect(parseSimpleYaml('title: A\nkeywords:\n  - a\n  - b c\nsidebar_position: 2')).toEqual({
      title: 'A',
      keywords: ['a', 'b c'],
      sidebar_position: 2,
    })
    expect(parseSimpleYaml('keywords:\n- a')).toEqual({ keywords: ['a'] })
    expect(parseSimpleYaml('a:\n  - x\nb:\n- true\n- 1.5')).toEqual({ a: ['x'], b: [true, 1.5] })
    expect(parseSimpleYaml('keywords:\n  - a: 1')).toBeUndefined()
    expect(parseSimpleYaml('title: "Quoted"\nkeywords: [a, b c]')).toEqual({
      title: 'Quoted',
      keywords: ['a', 'b c'],
    })
    expect(parseSimpleYaml('title: "Es\\"caped"')).toBeUndefined()
  })
})
