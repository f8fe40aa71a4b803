import type { Html, Root, RootContent, Text } from 'mdast'
import type { VFile } from 'vfile'
import { visit } from 'unist-util-visit'

/**
 * The start of an ES module statement as MDX reads one at the top level of a page (Docusaurus
 * reads `.md` pages as MDX too): `import X from 'y'`, `import { a, b } from 'y'`, `import 'y'`,
 * `export const x = …`, `export default …`, `export { a } from 'y'`. Strict, so that prose does
 * not match: "import the data from the file" names no binding list before `from`.
 */
const ESM_START = new RegExp(
  String.raw`^(?:import\s*['"]|import\s+(?:type\s+)?(?:[\w$]+\s*,?\s*)?(?:\{[^}]*\}|\*\s*as\s+[\w$]+)?\s*from\s*['"]` +
    String.raw`|export\s+(?:default\s|const\s|let\s|var\s|function[\s*]|async\s+function\s|class\s|type\s|interface\s|\{|\*\s))`,
)

/** An MDX comment (brace, slash-star, the note, star-slash, brace): shown nowhere. */
const COMMENT = /\{\/\*[\s\S]*?\*\/\}/g

/**
 * MDX's JavaScript in a page written for Docusaurus or Starlight, which nothing here runs:
 * - top-level `import`/`export` statements (a paragraph starting with one, as MDX reads it: the
 *   statement runs to the next blank line) are left out, with one `mdx-esm` warning per page
 *   (what they define, components and values, does not show; components used in the page get
 *   their own `unknown-component` warning);
 * - MDX comments (see `COMMENT`) are left out (in text and in raw HTML), silently: they show
 *   nowhere.
 */
export function remarkMdxEsm() {
  return function (tree: Root, file: VFile) {
    const source = String(file.value)
    let first: RootContent | undefined
    let statements = 0
    tree.children = tree.children.filter((node) => {
      if (node.type !== 'paragraph') return true
      const text = textOf(node, source)
      if (text === null) return true
      if (ESM_START.test(text)) {
        first ??= node
        statements += text.match(/^(?:import|export)\b/gm)!.length
        return false
      }
      return text.replace(COMMENT, '').trim() !== ''
    })
    if (source.includes('{/*')) stripComments(tree)
    if (!first) return
    const one = statements === 1
    file.message(
      `${one ? 'An MDX `import`/`export` statement is' : `${statements} MDX \`import\`/\`export\` statements are`} not run here: left out, so what ${one ? 'it defines' : 'they define'} (components, values) does not show; write that content in Markdown`,
      { place: first.position?.start, ruleId: 'mdx-esm', source: 'ssg-core' },
    )
  }
}

/** The source text of a node, or null when the tree has no positions for it. */
function textOf(node: RootContent, source: string): string | null {
  const start = node.position?.start.offset
  const end = node.position?.end.offset
  return start === undefined || end === undefined ? null : source.slice(start, end)
}

/** Comments in text and raw HTML left out; nodes left empty go too, and paragraphs emptied. */
function stripComments(tree: Root) {
  visit(tree, (node, index, parent) => {
    if (node.type !== 'text' && node.type !== 'html') return
    const value = (node as Text | Html).value
    if (!value.includes('{/*')) return
    const stripped = value.replace(COMMENT, '')
    if (stripped === value) return
    if (stripped.trim() === '' && parent && index !== undefined) {
      parent.children.splice(index, 1)
      return index
    }
    ;(node as Text | Html).value = stripped
  })
  visit(tree, 'paragraph', (node, index, parent) => {
    if (node.children.length || !parent || index === undefined) return
    parent.children.splice(index, 1)
    return index
  })
}
