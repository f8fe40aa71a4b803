import { useTheme } from '../../context'
import { slotComponents } from '../../slot-registry'
import type { SlotName } from '../../slots'
import { ErrorBoundary } from '../ErrorBoundary/ErrorBoundary'

/** Props of {@link Slot}. */
export interface SlotProps {
  name: SlotName
}

/**
 * Renders the components the site added at slot `name` (nothing when there are none). A slot
 * component that throws in the browser hides itself instead of crashing the page. Components in
 * the `doc.*` slots mount afresh for each page.
 */
export function Slot({ name }: SlotProps) {
  const { site, page } = useTheme()
  const components = slotComponents[name]
  if (!components?.length) return null
  // The slots of a doc belong to that doc: a new page starts them afresh. The navbar, sidebar
  // and footer slots keep their state across pages.
  const perPage = name.startsWith('doc.') ? page.path : ''
  return (
    <>
      {components.map((Component, index) => (
        <ErrorBoundary key={`${perPage}#${index}`} resetKey={page.path} fallback={() => null}>
          <Component site={site} page={page} />
        </ErrorBoundary>
      ))}
    </>
  )
}
