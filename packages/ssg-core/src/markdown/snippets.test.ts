import rehypeStringify from 'rehype-stringify'
import { VFile } from 'vfile'
import { expect, test } from 'vitest'
import { collectIncludes } from './mdx-partials.js'
import { expandSnippets, snippetCandidates, snippetFiles, snippetKey } from './snippets.js'
import { markdownToHast } from './to-hast.js'

const texts = (files: Record<string, string | null>) =>
  Object.fromEntries(Object.entries(files).map(([file, text]) => [snippetKey(file), text]))

/** The expanded text, its line map and the lines and reasons of what was missing. */
function expand(source: string, files: Record<string, string | null>) {
  const missing: Array<[number, string]> = []
  const out = expandSnippets(source, texts(files), (line, why) => missing.push([line, why]))
  return { text: out?.text, lines: out?.lines, missing }
}

test('a snippet line is replaced by the file, its lines mapped to the snippet line', () => {
  const { text, lines, missing } = expand('# Page\n\n--8<-- "includes/abbr.md"\n\nAfter.\n', {
    'includes/abbr.md': 'One.\nTwo.\n',
  })
  expect(text).toBe('# Page\n\nOne.\nTwo.\n\nAfter.\n')
  expect(lines).toEqual([1, 2, 3, 3, 4, 5, 6])
  expect(missing).toEqual([])
})

test('line ranges, sections (markers left out), blocks of paths, an escaped line, and nesting', () => {
  const code = 'a = 1\n# --8<-- [start:setup]\nb = 2\nc = 3\n# --8<-- [end:setup]\nd = 4'
  const files = { 'ex.py': code, 'n.md': "Nested: --8<-- no\n--8<-- 'm.md'", 'm.md': 'M' }
  expect(expand('--8<-- "ex.py:2:3"', files).text).toBe('b = 2')
  expect(expand('--8<-- "ex.py::2"', files).text).toBe('a = 1')
  expect(expand('--8<-- "ex.py:5"', files).text).toBe('d = 4')
  expect(expand('--8<-- "ex.py:setup"', files).text).toBe('b = 2\nc = 3')
  expect(expand('--8<--\nn.md\nm.md\n--8<--\nEnd', files).text).toBe('Nested: --8<-- no\nM\nM\nEnd')
  expect(expand(';--8<-- "ex.py"', files).text).toBe('--8<-- "ex.py"')
  expect(expand('No snippet here.', files).text).toBeUndefined()
})

test("an indented snippet line indents the file's lines (a block in a list item)", () => {
  const { text } = expand('- Item\n\n    ```py\n    --8<-- "ex.py"\n    ```\n', {
    'ex.py': 'a = 1\nb = 2\n',
  })
  expect(text).toBe('- Item\n\n    ```py\n    a = 1\n    b = 2\n    ```\n')
})

test('a missing file, a missing section or a snippet including itself is left out and reported', () => {
  const { text, missing } = expand('A\n--8<-- "gone.md"\n--8<-- "a.md:nope"\n--8<-- "loop.md"\nB', {
    'gone.md': null,
    'a.md': 'x',
    'loop.md': 'L\n--8<-- "loop.md"',
  })
  expect(text).toBe('A\nL\nB')
  expect(missing).toEqual([
    [2, 'the file `gone.md` cannot be read'],
    [3, '`a.md` has no section `nope` (`--8<-- [start:nope]`)'],
    [4, '`loop.md` includes itself'],
  ])
})

test("a snippet's file is read from the site's folder, then content/docs/, then the page's folder", () => {
  expect(snippetCandidates('includes/abbr.md', 'content/docs/guide')).toEqual([
    '../../../includes/abbr.md',
    '../includes/abbr.md',
    'includes/abbr.md',
  ])
  expect(snippetCandidates('docs/x.md', 'content/docs')).toEqual([
    '../../docs/x.md',
    'x.md',
    'docs/x.md',
  ])
  expect(snippetCandidates('https://example.com/x.md', '')).toEqual([])
  expect(snippetFiles('--8<-- "a.md:2:3"\n--8<-- "a.md:sec"\n;--8<-- "b.md"')).toEqual(['a.md'])
  const includes = collectIncludes('--8<-- "includes/a.md"', 'content/docs', (key) =>
    key === 'includes/a.md' ? '--8<-- "includes/b.md"' : key === '../../includes/b.md' ? 'B' : null,
  )
  expect(includes).toEqual({
    [snippetKey('includes/a.md')]: '--8<-- "includes/b.md"',
    [snippetKey('includes/b.md')]: 'B',
  })
})

test("through the processor: the snippet's Markdown renders, and later messages keep the page's lines", async () => {
  const file = new VFile({
    path: 'content/docs/page.md',
    value: '# Page\n\n--8<-- "includes/note.md"\n\n:::nosuch\nText\n:::\n',
  })
  file.data.includes = texts({ 'includes/note.md': '*One*\n\nTwo\n\nThree' })
  const html = String(await markdownToHast().use(rehypeStringify).process(file))
  expect(html).toContain('<p><em>One</em></p>\n<p>Two</p>\n<p>Three</p>')
  // The unknown directive is on the page's line 5 (line 9 of the expanded text).
  const unknown = file.messages.find((m) => m.ruleId === 'unknown-directive')
  expect(unknown && file.data.pageLines?.[unknown.line! - 1]).toBe(5)
})

test('markdown.snippets.paths: a file is looked for in those folders first, `docs/` as content/docs/', () => {
  expect(snippetCandidates('abbr.md', 'content/docs/guide', ['includes', 'docs/snippets'])).toEqual(
    [
      '../../../includes/abbr.md',
      '../includes/abbr.md',
      '../../../docs/snippets/abbr.md',
      '../snippets/abbr.md',
      '../../../abbr.md',
      '../abbr.md',
      'abbr.md',
    ],
  )
  // A folder outside the site is looked in as it is.
  expect(snippetCandidates('x.md', '', ['../common'])).toEqual([
    '../common/x.md',
    'x.md',
    'content/docs/x.md',
  ])
  const includes = collectIncludes(
    'No snippet line.',
    'content/docs',
    (key) =>
      key === '../../includes/abbr.md' ? '*[API]: Application Programming Interface' : null,
    { paths: ['includes'], append: ['abbr.md'] },
  )
  expect(includes).toEqual({ [snippetKey('abbr.md')]: '*[API]: Application Programming Interface' })
  expect(
    collectIncludes('No snippet line.', 'content/docs', () => null, { paths: ['x'], append: [] }),
  ).toBeNull()
})

test('markdown.snippets.append: each file ends the page after a blank line, its lines on the last line', () => {
  const missing: Array<[number, string]> = []
  const files = texts({ 'abbr.md': '*[API]: Interface\n', 'links.md': '[home]: /' })
  const out = expandSnippets('# Page\n\nText.\n', files, (line, why) => missing.push([line, why]), [
    'abbr.md',
    'links.md',
    'gone.md',
  ])
  expect(out?.text).toBe('# Page\n\nText.\n\n\n*[API]: Interface\n\n[home]: /\n')
  expect(out?.lines).toEqual([1, 2, 3, 4, 4, 4, 4, 4, 4])
  expect(missing).toEqual([[4, 'the file `gone.md` cannot be read']])
})

test('appended files end a page through the processor, not its partials or spec descriptions', async () => {
  const processor = () => markdownToHast(null, { append: ['abbr.md'] }).use(rehypeStringify)
  const file = new VFile({ path: 'content/docs/page.md', value: 'The API is small.\n' })
  file.data.includes = texts({ 'abbr.md': '*[API]: Application Programming Interface' })
  const html = String(await processor().process(file))
  expect(html).toBe(
    '<p>The <abbr title="Application Programming Interface">API</abbr> is small.</p>',
  )
  const fragment = new VFile({
    value: 'Part.',
    data: { fragment: true, includes: file.data.includes },
  })
  expect(String(await processor().process(fragment))).toBe('<p>Part.</p>')
})
