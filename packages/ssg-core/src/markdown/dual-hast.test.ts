import type { Element, Root } from 'hast'
import { createHighlighter, type Highlighter } from 'shiki'
import { expect, test } from 'vitest'
import { dualThemeHast } from './dual-hast.js'
import { withHastTree } from './hast-tree.js'
import { memoizeLineTokens } from './line-memo.js'

/** Blocks with what the tree has to get right: empty, blank and whitespace lines, CRLF, styles. */
const BLOCKS: Array<[string, string]> = [
  [
    'ts',
    "import { Veilbox } from '@veilbox/node'\n\n  \t\nconst client = new Veilbox({ apiKey })   \n/* a\n   comment */\nexport const a = `x ${1}` // note\n",
  ],
  // A regular expression: github-dark colours its parts, github-light the whole alike.
  ['js', 'const re = /-[a-z]+\\d{2,}$/gi\nre.test("a-bc12")'],
  ['markdown', '# Title\n\n*italic* and **bold** and ~~struck~~ and `code`\n\n> quote\n- item'],
  ['python', 'def f():\r\n    """doc\r\n    string"""\r\n    return 1\r\n'],
  ['bash', 'cat <<EOF\nhello\u00a0world\nEOF\n\techo   done  '],
  ['json', '{\n  "a": [1, 2.5e3, true, null],\n\n  "b": "\\u00e9"\n}'],
  ['css', '.a:hover > b { color: #fff; font-weight: bold }\n@media (min-width: 1px) {}'],
  ['html', '<!-- c -->\n<div class="a" hidden>\n  <script>let a = 1</script>\n</div>'],
  ['ts', ''],
  ['ts', '\n\n'],
  ['yaml', 'a: 1\nb:\n  - "x"   # c\n  - y\n'],
  ['diff', '--- a\n+++ b\n@@ -1 +1 @@\n-old\n+new'],
  // An empty line leaves the grammar's state as it was (a continued comment, raw HTML go on).
  ['c', '// a \\\n\nint b;'],
  ['markdown', '<div>\n\n*x*\n</div>'],
]
const themes = { light: 'github-light', dark: 'github-dark' }
const langs = [...new Set(BLOCKS.map(([lang]) => lang))]
const dual = (lang: string) => ({
  lang,
  meta: { __raw: 'title="x"' },
  defaultColor: false as const,
  themes,
  transformers: undefined,
  tokenizeTimeLimit: 0,
})

/** Shiki's own tree of a block, with properties as parsed from HTML (as `withHastTree` gives). */
function shikiTree(shiki: Highlighter, code: string, options: object): Root {
  const tree = shiki.codeToHast(code, options as never)
  const convert = (node: Element) => {
    const properties: Element['properties'] = {}
    for (const [name, value] of Object.entries(node.properties)) {
      if (name === 'class') properties.className = String(value).split(/\s+/).filter(Boolean)
      else if (name === 'tabindex') properties.tabIndex = Number(value)
      else properties[name] = value
    }
    node.properties = properties
    for (const child of node.children) if (child.type === 'element') convert(child)
  }
  for (const child of tree.children) if (child.type === 'element') convert(child)
  return tree
}

test('a light/dark tree equals shiki’s, block for block, in either order, memoized or not', async () => {
  const plain = await createHighlighter({ themes: [themes.light, themes.dark], langs })
  for (const memoized of [false, true]) {
    for (const blocks of [BLOCKS, [...BLOCKS].reverse()]) {
      const shiki = await createHighlighter({ themes: [themes.light, themes.dark], langs })
      if (memoized) memoizeLineTokens(shiki)
      for (const [lang, code] of blocks) {
        const tree = dualThemeHast(shiki, code, dual(lang) as never)
        expect(tree, `${lang}: ${code}`).toBeDefined()
        expect(JSON.stringify(tree)).toBe(JSON.stringify(shikiTree(plain, code, dual(lang))))
      }
    }
  }
})

test('other options are left to shiki', async () => {
  const shiki = await createHighlighter({ themes: [themes.light, themes.dark], langs: ['json'] })
  const code = '{"a": 1}'
  const declined = [
    { lang: 'json', theme: 'github-dark' },
    { ...dual('json'), defaultColor: 'light' },
    { ...dual('json'), transformers: [{}] },
    { ...dual('json'), meta: { 'data-x': 'y' } },
    { ...dual('json'), mergeWhitespaces: false },
    { ...dual('text') },
    { ...dual('ansi') },
  ]
  for (const options of declined)
    expect(dualThemeHast(shiki, code, options as never)).toBeUndefined()
})

test('withHastTree gives the same tree, and a block shiki cannot highlight still fails as shiki’s', async () => {
  const shiki = await createHighlighter({ themes: [themes.light, themes.dark], langs })
  const fast = withHastTree(shiki)
  for (const [lang, code] of BLOCKS)
    expect(JSON.stringify(fast.codeToHastTree(code, dual(lang) as never))).toBe(
      JSON.stringify(shikiTree(shiki, code, dual(lang))),
    )
  let thrown = 0
  const recording = Object.assign(Object.create(shiki) as Highlighter, {
    codeToHast: (...args: Parameters<Highlighter['codeToHast']>) => {
      try {
        return shiki.codeToHast(...args)
      } catch (error) {
        thrown++
        throw error
      }
    },
  })
  expect(() => withHastTree(recording).codeToHastTree('x', dual('nolang') as never)).toThrow(
    /nolang/,
  )
  expect(thrown).toBe(1)
})
