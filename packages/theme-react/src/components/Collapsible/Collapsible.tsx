import { type ReactNode, useLayoutEffect, useRef, useState } from 'react'

/** Props of {@link Collapsible}. */
export interface CollapsibleProps {
  open: boolean
  id?: string
  className?: string
  children: ReactNode
}

/**
 * Animation length for a height change, longer for taller content (the curve Material and
 * Docusaurus use): about 160 ms for 40 px, 340 ms for 1,000 px.
 */
export function heightDuration(height: number): number {
  if (height <= 0) return 0
  const constant = height / 36
  return Math.round((4 + 15 * constant ** 0.25 + constant / 5) * 10)
}

function reducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false
}

/**
 * A region that opens and closes with an animated height. The duration follows the height and is
 * 0 under `prefers-reduced-motion`. Children are rendered on first open only (collapsed sidebar
 * categories add no markup to the page).
 */
export function Collapsible({ open, id, className, children }: CollapsibleProps) {
  const ref = useRef<HTMLDivElement>(null)
  const [rendered, setRendered] = useState(open)
  const previous = useRef(open)
  if (open && !rendered) setRendered(true)

  useLayoutEffect(() => {
    const el = ref.current
    if (!el || previous.current === open) return
    previous.current = open
    const height = el.scrollHeight
    const duration = reducedMotion() ? 0 : heightDuration(height)
    el.style.transition = ''
    if (duration === 0) {
      el.removeAttribute('style')
      return
    }
    // From the current height to the target one; CSS (`data-collapsed`) owns the end state.
    el.style.overflow = 'hidden'
    el.style.visibility = 'visible'
    el.style.height = open ? '0px' : height + 'px'
    void el.offsetHeight // apply the start height before the transition starts
    el.style.transition = `height ${duration}ms ease-in-out`
    el.style.height = open ? height + 'px' : '0px'
    const done = () => el.removeAttribute('style')
    const timer = setTimeout(done, duration + 50)
    el.addEventListener('transitionend', done, { once: true })
    return () => {
      clearTimeout(timer)
      el.removeEventListener('transitionend', done)
    }
  }, [open])

  return (
    <div ref={ref} id={id} className={className} data-collapsed={open ? undefined : 'true'}>
      {rendered && children}
    </div>
  )
}
