import type { Root } from 'hast'
import type { VFile } from 'vfile'
import { raw } from 'hast-util-raw'

/**
 * `rehype-raw`, but only for pages that hold raw HTML: re-parsing the whole tree with parse5 is
 * a large share of a page's compile time, and most pages have no HTML at all.
 */
export function rehypeRawIfNeeded() {
  return function (tree: Root, file: VFile): Root {
    let hasRaw = false
    const stack: Array<{ children?: unknown[]; type: string }> = [tree]
    while (stack.length && !hasRaw) {
      const node = stack.pop()!
      if (node.type === 'raw') hasRaw = true
      else if (node.children)
        stack.push(...(node.children as Array<{ children?: unknown[]; type: string }>))
    }
    return hasRaw ? (raw(tree, { file }) as Root) : tree
  }
}
