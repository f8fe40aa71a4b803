import { useSyncExternalStore } from 'react'
import { useTheme } from '../../context'
import { getColorMode, setColorMode, subscribeColorMode } from '../../lib/color-mode'
import { Icon } from '../Icons/Icons'

/** Props of {@link ColorModeToggle}. */
export interface ColorModeToggleProps {
  /** Extra class names. */
  className?: string
  /** Show the action as text next to the icon (mobile menu). @default false */
  showLabel?: boolean
}

/**
 * Flips the colour mode between light and dark and stores the choice. Renders the site default on
 * the server; after hydration it reads the mode the head script applied (no mismatch: React uses
 * the server snapshot while hydrating).
 */
export function ColorModeToggle({ className, showLabel = false }: ColorModeToggleProps) {
  const { site } = useTheme()
  const mode = useSyncExternalStore(
    subscribeColorMode,
    getColorMode,
    () => site.colorMode.defaultMode,
  )
  const next = mode === 'dark' ? 'light' : 'dark'
  const label = `Switch to ${next} mode`
  return (
    <button
      type="button"
      className={'ssg-color-toggle' + (className ? ' ' + className : '')}
      aria-label={showLabel ? undefined : label}
      title={label}
      onClick={() => setColorMode(next)}
    >
      <Icon name="sun" className="ssg-color-toggle__sun" />
      <Icon name="moon" className="ssg-color-toggle__moon" />
      {showLabel && <span>{label}</span>}
    </button>
  )
}
