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
 * component that throws in the browser hides itself instead of crashing the page.
 */
export function Slot({ name }: SlotProps) {
  const { site, page } = useTheme()
  const components = slotComponents[name]
  if (!components?.length) return null
  return (
    <>
      {components.map((Component, index) => (
        <ErrorBoundary key={index} resetKey={page.path} fallback={() => null}>
          <Component site={site} page={page} />
        </ErrorBoundary>
      ))}
    </>
  )
}
