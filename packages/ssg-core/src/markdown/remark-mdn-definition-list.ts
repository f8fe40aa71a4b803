import type { List, ListItem, Paragraph, Root, RootContent } from 'mdast'
import type {
  DefListDescriptionNode,
  DefListNode,
  DefListTermNode,
} from 'mdast-util-definition-list'
import { visit } from 'unist-util-visit'

/**
 * MDN's definition lists, written as nested bullet lists whose inner item starts with `: `:
 *
 * ```md
 * - `term`
 *   - : What the term means.
 * ```
 *
 * A bullet list becomes a definition list (the `defList` nodes of remark-definition-list, so
 * both syntaxes render alike) only when every item is a term followed by such definitions.
 */
export function remarkMdnDefinitionList() {
  return function (tree: Root) {
    visit(tree, 'list', (node: List, index, parent) => {
      if (node.ordered || !parent || index === undefined) return
      if (!node.children.length || !node.children.every(isTermItem)) return
      const children: Array<DefListTermNode | DefListDescriptionNode> = []
      for (const item of node.children) {
        const [term, ...rest] = item.children as [Paragraph, ...RootContent[]]
        children.push({ type: 'defListTerm', children: term.children, ...at(term) })
        for (const block of rest)
          for (const inner of (block as List).children) {
            const first = inner.children[0] as Paragraph
            const text = first.children[0] as { value: string }
            text.value = text.value.replace(/^:\s*/, '')
            if (text.value === '') first.children.shift()
            if (first.children.length === 0) inner.children.shift()
            children.push({
              type: 'defListDescription',
              spread: inner.spread ?? false,
              children: inner.children as DefListDescriptionNode['children'],
              ...at(inner),
            })
          }
      }
      const list: DefListNode = { type: 'defList', children, ...at(node) }
      parent.children[index] = list as unknown as RootContent
    })
  }
}

function at(node: { position?: RootContent['position'] }) {
  return node.position ? { position: node.position } : {}
}

/** `- term` followed only by bullet lists whose items all start with `: `. */
function isTermItem(item: ListItem): boolean {
  const [term, ...rest] = item.children
  if (term?.type !== 'paragraph' || rest.length === 0) return false
  return rest.every(
    (block) =>
      block.type === 'list' &&
      !block.ordered &&
      block.children.every((inner) => {
        const first = inner.children[0]
        const text = first?.type === 'paragraph' ? first.children[0] : undefined
        return text?.type === 'text' && /^:(\s|$)/.test(text.value)
      }),
  )
}
