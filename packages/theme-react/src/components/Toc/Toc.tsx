import type { TocItem } from '@ssg/core/contract'
import { useEffect, useState } from 'react'

/** Props of {@link Toc}. */
export interface TocProps {
  toc: TocItem[]
  /** Id of the heading in view (scroll-spy), or null. */
  activeId: string | null
  /** `aside` (right column, wide screens) or `details` (collapsed, above the article). */
  variant?: 'aside' | 'details'
}

interface Node {
  item: TocItem
  children: TocItem[]
}

/** h2 entries with their h3 entries nested. */
function nest(toc: TocItem[]): Node[] {
  const nodes: Node[] = []
  for (const item of toc) {
    const parent = nodes[nodes.length - 1]
    if (item.depth === 3 && parent) parent.children.push(item)
    else nodes.push({ item, children: [] })
  }
  return nodes
}

function Entry({ item, activeId }: { item: TocItem; activeId: string | null }) {
  const active = item.id === activeId
  return (
    <a
      className={'ssg-toc__link' + (active ? ' ssg-toc__link--active' : '')}
      href={'#' + item.id}
      aria-current={active ? 'location' : undefined}
    >
      {item.text}
    </a>
  )
}

function List({ toc, activeId }: { toc: TocItem[]; activeId: string | null }) {
  return (
    <ul className="ssg-toc__list">
      {nest(toc).map(({ item, children }) => (
        <li key={item.id}>
          <Entry item={item} activeId={activeId} />
          {children.length > 0 && (
            <ul className="ssg-toc__list ssg-toc__list--nested">
              {children.map((child) => (
                <li key={child.id}>
                  <Entry item={child} activeId={activeId} />
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  )
}

/** The table of contents (h2-h3) with the heading in view highlighted. */
export function Toc({ toc, activeId, variant = 'aside' }: TocProps) {
  if (toc.length === 0) return null
  if (variant === 'details') {
    return (
      <details className="ssg-toc-mobile">
        <summary className="ssg-toc-mobile__summary">On this page</summary>
        <List toc={toc} activeId={activeId} />
      </details>
    )
  }
  return (
    <aside className="ssg-toc" aria-label="On this page">
      <p className="ssg-toc__title">On this page</p>
      <List toc={toc} activeId={activeId} />
    </aside>
  )
}

/**
 * Scroll-spy: the id of the last heading that has scrolled past the top (under the navbar), the
 * first one before that, the last one at the bottom of the page.
 */
export function useActiveHeading(toc: TocItem[]): string | null {
  const [active, setActive] = useState<string | null>(null)
  useEffect(() => {
    if (toc.length === 0) return
    let frame = 0
    const offset =
      parseFloat(
        getComputedStyle(document.documentElement).getPropertyValue('--ssg-navbar-height'),
      ) || 64
    const update = () => {
      frame = 0
      let current: string | null = toc[0]!.id
      const atBottom =
        window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2
      for (const item of toc) {
        const heading = document.getElementById(item.id)
        if (!heading) continue
        if (heading.getBoundingClientRect().top <= offset + 40) current = item.id
        else break
      }
      if (atBottom && window.scrollY > 0) current = toc[toc.length - 1]!.id
      setActive(current)
    }
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update)
    }
    update()
    window.addEventListener('scroll', onScroll, { passive: true })
    window.addEventListener('resize', onScroll, { passive: true })
    return () => {
      cancelAnimationFrame(frame)
      window.removeEventListener('scroll', onScroll)
      window.removeEventListener('resize', onScroll)
    }
  }, [toc])
  return active
}
