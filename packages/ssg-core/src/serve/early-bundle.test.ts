import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { resolveConfig } from '../config/load-config.js'
import type { ResolvedTheme } from '../theme/resolve-theme.js'
import { EarlyBundle } from './theme-runtime.js'

const themeDir = fileURLToPath(new URL('../../test/fixture-theme', import.meta.url))
const config = (theme: Record<string, unknown> = {}) =>
  resolveConfig({
    raw: { title: 'Site', url: 'https://docs.example', theme: { package: themeDir, ...theme } },
    root: path.dirname(themeDir),
    configFile: null,
  })
const themeWith = (clientEntry: string, plugins = 0) =>
  ({ clientEntry, clientPlugins: new Array(plugins).fill({}) }) as unknown as ResolvedTheme

const started: EarlyBundle[] = []
afterEach(async () => {
  await Promise.all(started.splice(0).map((early) => early.dispose()))
})

describe('EarlyBundle', () => {
  it("bundles the theme's own client entry before the theme is loaded", async () => {
    const early = EarlyBundle.start(config())!
    started.push(early)
    expect(early.clientEntry).toBe(path.join(themeDir, 'client.js'))
    const taken = early.take(themeWith(early.clientEntry))!
    const bundle = await taken.first
    expect(bundle.assets.entry).toMatch(/^\/_ssg\/assets\/main-\w+\.js$/)
    expect([...bundle.files.keys()]).toContain(bundle.assets.entry.slice(1))
    // Taken once: its bundler is the runtime's now, another asking gets nothing.
    expect(early.take(themeWith(early.clientEntry))).toBeNull()
    await (await taken.bundler).dispose()
  })

  it('is not taken by a theme bundled otherwise, and then stops', async () => {
    const early = EarlyBundle.start(config())!
    started.push(early)
    expect(early.take(themeWith('/elsewhere/client.js'))).toBeNull()
    expect(early.take(themeWith(early.clientEntry, 1))).toBeNull()
    await early.dispose()
    // Disposed: a runtime can no longer take it.
    expect(early.take(themeWith(early.clientEntry))).toBeNull()
  })

  it('is not begun for a customised theme or a theme that cannot be found', () => {
    expect(EarlyBundle.start(config({ customCss: ['./custom.css'] }))).toBeNull()
    expect(EarlyBundle.start(config({ package: path.join(themeDir, 'missing') }))).toBeNull()
  })
})
