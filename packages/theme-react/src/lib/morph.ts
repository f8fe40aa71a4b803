/**
 * An article updated in place (`ssg serve` after an edit): its children are made the same as the
 * new HTML's while the nodes that did not change stay the same nodes. Setting `innerHTML` would
 * make every node again, so the browser styles and lays out the whole article again (most of an
 * edit's time in the page), and the reader loses what lives in the nodes: focus, a text
 * selection, an open `<details>`.
 */
export function morphHtml(target: Element, html: string): void {
  const template = target.ownerDocument.createElement('template')
  template.innerHTML = html
  morphChildren(target, template.content)
}

/** How far to look for a node inserted or removed (a few blocks, with the text between them). */
const LOOKAHEAD = 6

/**
 * `target`'s children become `source`'s (whose nodes are moved, so `source` is left in pieces).
 * Equal nodes are kept; a few nodes inserted or removed among equal ones move nothing else; the
 * others are updated in place when they are the same kind of node, replaced when not.
 */
export function morphChildren(target: Node, source: Node): void {
  let old = target.firstChild
  let next = source.firstChild
  while (next) {
    if (!old) {
      const following: ChildNode | null = next.nextSibling
      target.appendChild(next)
      next = following
      continue
    }
    if (old.isEqualNode(next)) {
      old = old.nextSibling
      next = next.nextSibling
      continue
    }
    // New nodes before `old`: moved in, up to the one equal to it.
    const inserted = stepsTo(next.nextSibling, old)
    if (inserted >= 0) {
      for (let i = 0; i <= inserted; i++) {
        const following: ChildNode | null = next!.nextSibling
        target.insertBefore(next!, old)
        next = following
      }
      continue
    }
    // Old nodes gone: removed, up to the one equal to `next`.
    const removed = stepsTo(old.nextSibling, next)
    if (removed >= 0) {
      for (let i = 0; i <= removed; i++) {
        const after: ChildNode | null = old!.nextSibling
        target.removeChild(old!)
        old = after
      }
      continue
    }
    const following: ChildNode | null = next.nextSibling
    if (sameKind(old, next)) {
      morphNode(old, next)
      old = old.nextSibling
    } else {
      target.replaceChild(next, old)
      old = next.nextSibling
    }
    next = following
  }
  while (old) {
    const after: ChildNode | null = old.nextSibling
    target.removeChild(old)
    old = after
  }
}

/** How many siblings from `from` come before one equal to `node` (within LOOKAHEAD), or -1. */
function stepsTo(from: ChildNode | null, node: Node): number {
  for (let i = 0; from && i < LOOKAHEAD; i++, from = from.nextSibling)
    if (from.isEqualNode(node)) return i
  return -1
}

function sameKind(a: Node, b: Node): boolean {
  if (a.nodeType !== b.nodeType) return false
  if (a.nodeType !== 1) return true
  const x = a as Element
  const y = b as Element
  // A template's content is not among its children: replaced whole, never morphed.
  return x.tagName === y.tagName && x.namespaceURI === y.namespaceURI && x.tagName !== 'TEMPLATE'
}

/** `old` becomes `next` (same kind of node): its text, or its attributes and children. */
function morphNode(old: Node, next: Node): void {
  if (old.nodeType !== 1) {
    if (old.nodeValue !== next.nodeValue) old.nodeValue = next.nodeValue
    return
  }
  const element = old as Element
  const wanted = next as Element
  // Whether a `<details>` is open is the reader's choice while they read, not the page's.
  const kept = (localName: string) => localName === 'open' && element.tagName === 'DETAILS'
  for (const attribute of Array.from(wanted.attributes)) {
    const { namespaceURI, name, localName, value } = attribute
    if (kept(localName)) continue
    if (element.getAttributeNS(namespaceURI, localName) !== value)
      element.setAttributeNS(namespaceURI, name, value)
  }
  for (const attribute of Array.from(element.attributes)) {
    const { namespaceURI, localName } = attribute
    if (kept(localName)) continue
    if (!wanted.hasAttributeNS(namespaceURI, localName))
      element.removeAttributeNS(namespaceURI, localName)
  }
  morphChildren(element, wanted)
}
