import { storage } from './storage'

/** The two colour modes of the theme. */
export type ColorMode = 'light' | 'dark'

/** `localStorage` key of the chosen colour mode. */
export const COLOR_MODE_KEY = 'theme'

const listeners = new Set<() => void>()

/** The mode currently applied to `<html data-theme>` (set before first paint by the head script). */
export function getColorMode(): ColorMode {
  return document.documentElement.getAttribute('data-theme') === 'light' ? 'light' : 'dark'
}

/** Applies a mode to the page, stores it, and notifies subscribers. */
export function setColorMode(mode: ColorMode): void {
  document.documentElement.setAttribute('data-theme', mode)
  storage.set(COLOR_MODE_KEY, mode)
  listeners.forEach((listener) => listener())
}

/** Subscribes to colour-mode changes (for `useSyncExternalStore`). */
export function subscribeColorMode(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
