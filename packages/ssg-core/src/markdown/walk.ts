import type { Element, Root } from 'hast'

/**
 * Calls `fn` for every element, but does not descend into `<pre>` or `<svg>`: highlighted code
 * holds thousands of spans, and walking them made each page several times slower.
 */
export function eachElement(
  tree: Root | Element,
  fn: (node: Element, parent: Root | Element) => void,
): void {
  const stack: Array<Root | Element> = [tree]
  while (stack.length) {
    const parent = stack.pop()!
    for (const child of parent.children) {
      if (child.type !== 'element') continue
      fn(child, parent)
      if (child.tagName !== 'pre' && child.tagName !== 'svg') stack.push(child)
    }
  }
}
