/**
 * Where a scrolling box must be scrolled for an item of it to be seen: null when the item is
 * already wholly inside the visible part, else the `scrollTop` that centres it (clamped to the
 * box's range). `itemTop` is the item's offset from the top of the box's content.
 */
export function scrollTopToReveal(
  box: { scrollTop: number; clientHeight: number; scrollHeight: number },
  itemTop: number,
  itemHeight: number,
): number | null {
  if (itemTop >= box.scrollTop && itemTop + itemHeight <= box.scrollTop + box.clientHeight)
    return null
  const centred = itemTop - (box.clientHeight - itemHeight) / 2
  return Math.round(Math.max(0, Math.min(box.scrollHeight - box.clientHeight, centred)))
}

/** The nearest ancestor of an element that scrolls vertically (its content taller than it). */
function scrollingAncestor(element: Element): HTMLElement | null {
  for (let node = element.parentElement; node; node = node.parentElement) {
    const overflow = getComputedStyle(node).overflowY
    if ((overflow === 'auto' || overflow === 'scroll') && node.scrollHeight > node.clientHeight)
      return node
  }
  return null
}

/**
 * Scrolls the box that holds `item` (a sidebar's link to the page shown) so that the item is in
 * view, moving nothing else: not the window, as `scrollIntoView` would.
 */
export function revealInScroller(item: Element): void {
  const box = scrollingAncestor(item)
  if (!box) return
  const itemRect = item.getBoundingClientRect()
  const boxRect = box.getBoundingClientRect()
  const top = itemRect.top - boxRect.top - box.clientTop + box.scrollTop
  const scrollTop = scrollTopToReveal(box, top, itemRect.height)
  if (scrollTop !== null) box.scrollTop = scrollTop
}
