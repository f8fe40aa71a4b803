import type { Blockquote, Paragraph, Root } from 'mdast'
import type { ContainerDirective } from 'mdast-util-directive'
import { visit, SKIP } from 'unist-util-visit'

/** GitHub's alert kinds -> the admonition directive each one becomes. */
const ALERTS: Record<string, string> = {
  NOTE: 'note',
  TIP: 'tip',
  IMPORTANT: 'important',
  WARNING: 'warning',
  CAUTION: 'caution',
}

const MARKER = /^\[!(NOTE|TIP|IMPORTANT|WARNING|CAUTION)\][ \t]*(?:\r?\n|$)/i

/**
 * GitHub alerts (`> [!NOTE]`, `[!TIP]`, `[!IMPORTANT]`, `[!WARNING]`, `[!CAUTION]` on the first
 * line of a blockquote) become the admonition directive of that kind, as if written
 * `:::note ... :::` (then `remarkDirectives` renders them like any admonition). A blockquote
 * whose first line is anything else stays a blockquote.
 */
export function remarkGithubAlerts() {
  return function (tree: Root) {
    visit(tree, 'blockquote', (node: Blockquote, index, parent) => {
      const first = node.children[0]
      if (!parent || index === undefined || first?.type !== 'paragraph') return
      const text = first.children[0]
      if (text?.type !== 'text') return
      const match = MARKER.exec(text.value)
      if (!match) return
      text.value = text.value.slice(match[0].length)
      if (text.value === '') first.children.shift()
      const children = first.children.length ? node.children : node.children.slice(1)
      const directive: ContainerDirective = {
        type: 'containerDirective',
        name: ALERTS[match[1]!.toUpperCase()]!,
        attributes: {},
        children: children as ContainerDirective['children'],
        ...(node.position ? { position: node.position } : {}),
      }
      parent.children[index] = directive as unknown as Paragraph
      return SKIP
    })
  }
}
