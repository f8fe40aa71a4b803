import type { Element, ElementContent, Properties, Root } from 'hast'
import { hastToHtml, type Highlighter } from 'shiki'
import { dualThemeHast } from './dual-hast.js'

type HastOptions = Parameters<Highlighter['codeToHast']>[1]

/** What `withHastTree` returns: a highlighter that can also hand over its hast as parsed HTML. */
export interface TreeHighlighter extends Highlighter {
  /**
   * The tree `rehype-parse` would make of `codeToHtml(code, options)`, without printing the HTML
   * and parsing it again (our patch of rehype-pretty-code calls this when it exists; the round
   * trip through parse5 was about a quarter of the highlighting step). `undefined` when shiki's
   * tree holds a property this conversion does not know: the caller then takes the HTML way.
   */
  codeToHastTree(code: string, options: HastOptions): Root | undefined
}

/**
 * Shiki's highlighter for rehype-pretty-code: its own output (a light/dark block costs one
 * tokenization through `memoizeLineTokens`), with no time limit per line, and `codeToHastTree`.
 */
export function withHastTree(shiki: Highlighter): TreeHighlighter {
  // No time limit per line: shiki's default (500 ms) cuts tokenization short when the machine is
  // busy (a first grammar compile on a loaded CI box), silently mis-colouring the rest of a line.
  const codeToHast: Highlighter['codeToHast'] = (code, options) =>
    shiki.codeToHast(code, { ...options, tokenizeTimeLimit: 0 } as HastOptions)
  // As shiki's own codeToHtml (without transformers): its hast printed.
  const codeToHtml: Highlighter['codeToHtml'] = (code, options) =>
    hastToHtml(codeToHast(code, options))
  // A light/dark block's tree is made from the themes' tokens (`dualThemeHast`); anything else,
  // or a block that throws (an unknown language: shiki throws again, and the failure is
  // recorded), is shiki's own.
  const codeToHastTree = (code: string, options: HastOptions) => {
    let tree: Root | undefined
    try {
      tree = dualThemeHast(shiki, code, { ...options, tokenizeTimeLimit: 0 } as HastOptions)
    } catch {
      tree = undefined
    }
    return tree ?? asParsedHtml(codeToHast(code, options))
  }
  return Object.assign(Object.create(shiki) as Highlighter, {
    codeToHast,
    codeToHtml,
    codeToHastTree,
  })
}

/**
 * Shiki's hast names properties as HTML attributes (`class: 'a b'`, `tabindex: '0'`); a tree
 * parsed from HTML names them as hast properties (`className: ['a', 'b']`, `tabIndex: 0`), which
 * is what rehype plugins expect. Shiki (without transformers) sets only these three.
 */
function asParsedHtml(tree: Root): Root | undefined {
  let ok = true
  const convert = (node: Element) => {
    const properties: Properties = {}
    for (const [name, value] of Object.entries(node.properties)) {
      if (name === 'class') properties.className = String(value).split(/\s+/).filter(Boolean)
      else if (name === 'tabindex') properties.tabIndex = Number(value)
      else if (name === 'style') properties.style = value
      else ok = false
    }
    node.properties = properties
    for (const child of node.children) if (child.type === 'element') convert(child)
  }
  for (const child of tree.children as ElementContent[])
    if (child.type === 'element') convert(child)
  return ok ? tree : undefined
}
