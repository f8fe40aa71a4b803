/**
 * The one door to `localStorage` and `sessionStorage`. Browsers throw on access when storage is
 * disabled (privacy modes, sandboxed iframes, full quota). Then we log one warning per visit and
 * keep the values in memory, so every feature (colour mode, tabs, announcement) still works
 * until the page is reloaded.
 */

type Kind = 'localStorage' | 'sessionStorage'

const memory: Record<Kind, Map<string, string>> = {
  localStorage: new Map(),
  sessionStorage: new Map(),
}
let warned = false

function warnOnce(error: unknown): void {
  if (warned) return
  warned = true
  console.warn('Browser storage is not available; preferences are kept for this visit only.', error)
}

function area(kind: Kind): Storage | null {
  if (typeof window === 'undefined') return null
  return window[kind]
}

function read(kind: Kind, key: string): string | null {
  // After a failure, what this visit wrote wins over what the (possibly stale) store holds.
  if (warned && memory[kind].has(key)) return memory[kind].get(key) ?? null
  try {
    const store = area(kind)
    if (store) return store.getItem(key)
  } catch (error) {
    warnOnce(error)
  }
  return memory[kind].get(key) ?? null
}

function write(kind: Kind, key: string, value: string | null): void {
  if (value === null) memory[kind].delete(key)
  else memory[kind].set(key, value)
  try {
    const store = area(kind)
    if (!store) return
    if (value === null) store.removeItem(key)
    else store.setItem(key, value)
  } catch (error) {
    warnOnce(error)
  }
}

/** Guarded `localStorage`: never throws; falls back to memory for the visit. */
export const storage = {
  get: (key: string): string | null => read('localStorage', key),
  set: (key: string, value: string): void => write('localStorage', key, value),
  remove: (key: string): void => write('localStorage', key, null),
}

/** Guarded `sessionStorage`, same rules as {@link storage}. */
export const sessionStore = {
  get: (key: string): string | null => read('sessionStorage', key),
  set: (key: string, value: string): void => write('sessionStorage', key, value),
  remove: (key: string): void => write('sessionStorage', key, null),
}

/** For tests: forget the memory fallback and the "already warned" flag. */
export function resetStorageForTests(): void {
  warned = false
  memory.localStorage.clear()
  memory.sessionStorage.clear()
}
