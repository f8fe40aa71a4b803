import { describe, expect, test } from 'vitest'
import { normalizeMkdocsAdmonitions, rewriteMkdocsBlocks } from './mkdocs-blocks.js'

const lines = (...l: string[]) => l.join('\n')

describe('normalizeMkdocsAdmonitions', () => {
  test('a titled admonition: unindented in place, closed on the blank line after it', () => {
    const source = lines('!!! note "Read this"', '    First.', '', '    Second.', '', 'After.')
    expect(normalizeMkdocsAdmonitions(source)).toBe(
      lines(':::note[Read this]', 'First.', '', 'Second.', ':::', 'After.'),
    )
  })

  test('no title, an empty title, an unknown type, extra classes, a tab indent', () => {
    expect(normalizeMkdocsAdmonitions(lines('!!! tip', '\tText.'))).toBe(
      lines(':::tip', 'Text.', ':::'),
    )
    expect(normalizeMkdocsAdmonitions(lines('!!! warning ""', '    Text.'))).toBe(
      lines(':::warning[]', 'Text.', ':::'),
    )
    expect(normalizeMkdocsAdmonitions(lines('!!! pied-piper', '    Text.'))).toBe(
      lines(':::note[Pied-piper]', 'Text.', ':::'),
    )
    expect(
      normalizeMkdocsAdmonitions(lines('!!! danger highlight blink "Don\'t [x]"', '    Text.')),
    ).toBe(lines(":::danger[Don't [x\\]]", 'Text.', ':::'))
  })

  test('collapsible (??? closed, ???+ open) and Material types', () => {
    expect(normalizeMkdocsAdmonitions(lines('??? example "More"', '    Hidden.', ''))).toBe(
      lines(':::example[More]{collapsible}', 'Hidden.', ':::'),
    )
    expect(normalizeMkdocsAdmonitions(lines('???+ Success', '    Shown.'))).toBe(
      lines(':::success{collapsible open}', 'Shown.', ':::'),
    )
  })

  test('nested admonitions get more colons outside; code inside stays indented', () => {
    const source = lines(
      '!!! note',
      '    Outer.',
      '',
      '    !!! tip "Inner"',
      '        Inner text.',
      '',
      '    ```js',
      '    let x = 1',
      '    ```',
      '',
      'Next.',
    )
    expect(normalizeMkdocsAdmonitions(source)).toBe(
      lines(
        '::::note',
        'Outer.',
        '',
        ':::tip[Inner]',
        'Inner text.',
        ':::',
        '```js',
        'let x = 1',
        '```',
        '::::',
        'Next.',
      ),
    )
  })

  test('inside a list item, the indentation of the marker is kept', () => {
    expect(normalizeMkdocsAdmonitions(lines('- Item', '', '    !!! note', '        Text.'))).toBe(
      lines('- Item', '', '    :::note', '    Text.', '    :::'),
    )
  })

  test('code fences and prose are left alone', () => {
    const source = lines('```md', '!!! note', '    Text.', '```', '', 'Wow!!! and ??? in text.')
    expect(normalizeMkdocsAdmonitions(source)).toBe(source)
  })

  test('a block followed directly by text gets a line of its own', () => {
    expect(normalizeMkdocsAdmonitions(lines('!!! note', '    Text.', 'After.'))).toBe(
      lines(':::note', 'Text.', ':::', 'After.'),
    )
  })
})

describe('content tabs (pymdownx.tabbed)', () => {
  test('tabs in a row are one set; each closes on the blank line after it', () => {
    const source = lines(
      'Intro.',
      '',
      '=== "C#"',
      '',
      '    Text "A".',
      '',
      '    !!! note',
      '        Inner.',
      '',
      '=== ":material-apple: macOS & \\"more\\""',
      '',
      '    ```bash',
      '    brew install x',
      '    ```',
      '',
      'After.',
    )
    expect(normalizeMkdocsAdmonitions(source)).toBe(
      lines(
        'Intro.',
        '',
        ':::::tabs',
        '::::tab{label="C#"}',
        '',
        'Text "A".',
        '',
        ':::note',
        'Inner.',
        ':::',
        '::::',
        '::::tab{label="macOS &amp; \\&quot;more\\&quot;"}',
        '',
        '```bash',
        'brew install x',
        '```',
        '::::',
        ':::::',
        'After.',
      ),
    )
  })

  test('`===!` starts another set; `===+` is a tab; inside a list item the indent is kept', () => {
    expect(
      normalizeMkdocsAdmonitions(
        lines('=== "A"', '    a', '===+ "B"', '    b', '===! "C"', '    c'),
      ),
    ).toBe(
      lines(
        '::::tabs',
        ':::tab{label="A"}',
        'a',
        ':::',
        ':::tab{label="B"}',
        'b',
        ':::',
        '::::',
        '::::tabs',
        ':::tab{label="C"}',
        'c',
        ':::',
        '::::',
      ),
    )
    expect(normalizeMkdocsAdmonitions(lines('- Item', '', '    === "A"', '        a'))).toBe(
      lines('- Item', '', '    ::::tabs', '    :::tab{label="A"}', '    a', '    :::', '    ::::'),
    )
  })

  test('each line written maps to the line it was made from (added lines: the one before)', () => {
    const source = lines(
      '=== "A"',
      '    !!! note',
      '        a',
      '=== "B"',
      '',
      '    b',
      '',
      '',
      'After.',
    )
    const out = rewriteMkdocsBlocks(source)!
    expect(out.text.split('\n').map((line, i) => `${out.from[i]} ${line}`)).toEqual([
      '1 :::::tabs',
      '1 ::::tab{label="A"}',
      '2 :::note',
      '3 a',
      '3 :::',
      '3 ::::',
      '4 ::::tab{label="B"}',
      '5 ',
      '6 b',
      '7 ::::',
      '8 :::::',
      '9 After.',
    ])
  })

  test('after a raw HTML line, a blank line first (CommonMark would read the tabs as HTML)', () => {
    expect(normalizeMkdocsAdmonitions(lines('<div id="x"></div>', '=== "A"', '    a'))).toBe(
      lines('<div id="x"></div>', '', '::::tabs', ':::tab{label="A"}', 'a', ':::', '::::'),
    )
  })

  test('`===` in code, in prose, or without a quoted label is left alone', () => {
    const source = lines('```js', '=== "x"', '```', '', 'a === "b"', '', '=== Label')
    expect(normalizeMkdocsAdmonitions(source)).toBe(source)
  })
})

describe('blocks of MkDocs plugins', () => {
  test('::: name with indented options and no closing line: an autodoc directive', () => {
    expect(
      normalizeMkdocsAdmonitions(
        lines('::: mkdocs-click', '    :module: mkdocs.__main__', '    :command: cli', '', 'Next.'),
      ),
    ).toBe(
      lines(
        ':::autodoc[mkdocs-click]',
        '    :module: mkdocs.__main__',
        '    :command: cli',
        ':::',
        'Next.',
      ),
    )
    expect(
      normalizeMkdocsAdmonitions(lines('::: package.module', '    options:', '      x: 1')),
    ).toBe(lines(':::autodoc[package.module]', '    options:', '      x: 1', ':::'))
  })

  test('::: name alone (no options) and nothing closing it: an autodoc directive; not a tip', () => {
    expect(
      normalizeMkdocsAdmonitions(lines('# API', '', '::: textual', '', '::: textual.app')),
    ).toBe(lines('# API', '', ':::autodoc[textual]', ':::', ':::autodoc[textual.app]', ':::'))
    const tip = lines('::: tip', 'Text.')
    expect(normalizeMkdocsAdmonitions(tip)).toBe(tip)
    const closed = lines('::: details', 'Text.', ':::')
    expect(normalizeMkdocsAdmonitions(closed)).toBe(closed)
  })

  test('a VitePress container that closes is left alone', () => {
    const source = lines('::: tip', '    indented code in a tip', '', ':::')
    expect(normalizeMkdocsAdmonitions(source)).toBe(source)
  })
})
