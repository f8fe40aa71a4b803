import { afterEach, describe, expect, test, vi } from 'vitest'
import { memoryStorage } from '../test/fixtures'
import { resetStorageForTests, sessionStore, storage } from './storage'

function installWindow(localStorage: unknown) {
  vi.stubGlobal('window', { localStorage, sessionStorage: localStorage })
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  resetStorageForTests()
})

describe('storage', () => {
  test('reads and writes localStorage', () => {
    const data = new Map<string, string>()
    installWindow(memoryStorage(data))
    storage.set('theme', 'light')
    expect(data.get('theme')).toBe('light')
    expect(storage.get('theme')).toBe('light')
    storage.remove('theme')
    expect(storage.get('theme')).toBeNull()
  })

  test('a throwing storage logs one warning and keeps values in memory', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const fail = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError')
    }
    installWindow({ getItem: fail, setItem: fail, removeItem: fail })
    expect(storage.get('theme')).toBeNull()
    storage.set('theme', 'light')
    storage.set('ssg-tabs:lang', 'Node')
    sessionStore.set('ssg-reloaded', '/x')
    expect(storage.get('theme')).toBe('light')
    expect(storage.get('ssg-tabs:lang')).toBe('Node')
    expect(sessionStore.get('ssg-reloaded')).toBe('/x')
    expect(warn).toHaveBeenCalledTimes(1)
  })

  test('a storage that cannot even be reached (window.localStorage throws) also works', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    vi.stubGlobal('window', {
      get localStorage() {
        throw new Error('denied')
      },
    })
    storage.set('theme', 'dark')
    expect(storage.get('theme')).toBe('dark')
    expect(warn).toHaveBeenCalledTimes(1)
  })
})
