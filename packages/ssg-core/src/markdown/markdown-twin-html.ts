import type { Root as HastRoot } from 'hast'
import { raw } from 'hast-util-raw'
import { toMdast } from 'hast-util-to-mdast'
import type { Paragraph, PhrasingContent, RootContent } from 'mdast'
import { toHast } from 'mdast-util-to-hast'
import { toString } from 'mdast-util-to-string'

/**
 * Raw HTML in a page, as Markdown for its twin: the nodes go to HTML, are parsed as a browser
 * would (`<kbd>`, `<img>`, `<a>`, `<br>`, `<details>`, tables) and come back as mdast with
 * hast-util-to-mdast. Loaded only by pages that have raw HTML.
 */
export function htmlToMdast(nodes: RootContent[]): RootContent[] {
  const hast = raw(
    toHast({ type: 'root', children: nodes }, { allowDangerousHtml: true }) as HastRoot,
  )
  const mdast = toMdast(hast)
  return mdast.type === 'root' ? mdast.children : [mdast as RootContent]
}

/**
 * The inline content of a paragraph, heading or table cell that holds raw HTML tags: a single
 * paragraph's children when the HTML was inline, else the text of whatever it became.
 */
export function inlineHtmlToMdast(children: PhrasingContent[]): PhrasingContent[] {
  const paragraph: Paragraph = { type: 'paragraph', children }
  const out = htmlToMdast([paragraph])
  if (out.length === 1 && out[0]!.type === 'paragraph') return out[0].children
  const text = out
    .map((node) => toString(node))
    .join(' ')
    .trim()
  return text ? [{ type: 'text', value: text }] : []
}
