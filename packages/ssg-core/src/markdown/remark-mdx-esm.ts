import type { Html, Root, RootContent, Text } from 'mdast'
import type { Processor } from 'unified'
import { VFile } from 'vfile'
import { visit } from 'unist-util-visit'
import { type Includes, partialImports } from './mdx-partials.js'
import { restoreInlineDirectives } from './remark-directives.js'
import { inlinePartials } from './remark-mdx-partials.js'

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
 *   nowhere;
 * - partials, Markdown files the page imports (`import Intro from './_intro.mdx'`), are shown
 *   where the page uses them (`<Intro />`), their texts given in `file.data.includes` (see
 *   `collectIncludes`): those imports get no warning.
 */
export function remarkMdxEsm(this: Processor) {
  const processor = this
  return function (tree: Root, file: VFile) {
    const source = String(file.value)
    const includes = file.data.includes
    const statements = dropStatements(tree, source, includes)
    const imports = includes ? partialImports(source) : []
    if (imports.length)
      inlinePartials(tree, imports, {
        file,
        includes: includes!,
        parse: (text) => {
          // The parser may rewrite the text (container titles): the tree's offsets are the new one's.
          const partial = new VFile({ value: text, data: { includes: includes!, fragment: true } })
          const root = processor.parse(partial) as Root
          const parsed = String(partial.value)
          statements.count += dropStatements(root, parsed, includes).count
          restoreInlineDirectives(root, parsed)
          return root
        },
      })
    if (statements.count === 0) return
    const one = statements.count === 1
    file.message(
      `${one ? 'An MDX `import`/`export` statement is' : `${statements.count} MDX \`import\`/\`export\` statements are`} not run here: left out, so what ${one ? 'it defines' : 'they define'} (components, values) does not show; write that content in Markdown`,
      { place: statements.first?.position?.start, ruleId: 'mdx-esm', source: 'ssg-core' },
    )
  }
}

/**
 * Leaves out a tree's top-level `import`/`export` statements and MDX comments; returns how many
 * statements were not partial imports (those show as `includes` has them) and the first one's node.
 */
function dropStatements(
  tree: Root,
  source: string,
  includes: Includes | undefined,
): { count: number; first: RootContent | undefined } {
  let first: RootContent | undefined
  let count = 0
  tree.children = tree.children.filter((node) => {
    if (node.type !== 'paragraph') return true
    const text = textOf(node, source)
    if (text === null) return true
    if (ESM_START.test(text)) {
      const unrun =
        text.match(/^(?:import|export)\b/gm)!.length - (includes ? partialImports(text).length : 0)
      if (unrun > 0) {
        first ??= node
        count += unrun
      }
      return false
    }
    return text.replace(COMMENT, '').trim() !== ''
  })
  if (source.includes('{/*')) stripComments(tree)
  return { count, first }
}

declare module 'vfile' {
  interface DataMap {
    /** The texts of the partials the page imports (see `collectIncludes`), when it imports any. */
    includes: Includes
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
