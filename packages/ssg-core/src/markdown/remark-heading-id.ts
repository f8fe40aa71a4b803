import type { Root } from 'mdast'
import { visit } from 'unist-util-visit'

/** `{#id}` at the end of a heading; `{ #id }` and `{#id .class}` (MkDocs attr_list) too. */
const EXPLICIT_ID = /[ \t]*\{[ \t]*#([^\s{}#]+)(?:[ \t]+[^{}]*)?[ \t]*\}[ \t]*$/

/**
 * An explicit heading id, as Docusaurus, VitePress, MkDocs (attr_list) and Pandoc write it:
 * `## Install {#setup}` becomes `<h2 id="setup">Install</h2>` (the id is kept as written).
 */
export function remarkHeadingId() {
  return function (tree: Root) {
    visit(tree, 'heading', (node) => {
      const last = node.children[node.children.length - 1]
      if (!last || last.type !== 'text') return
      const match = EXPLICIT_ID.exec(last.value)
      if (!match) return
      last.value = last.value.slice(0, match.index)
      if (last.value === '') node.children.pop()
      node.data = { ...node.data, hProperties: { ...node.data?.hProperties, id: match[1]! } }
    })
  }
}
