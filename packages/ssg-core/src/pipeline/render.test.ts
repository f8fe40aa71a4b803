import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { resolveConfig } from '../config/load-config.js'
import { THIRD_PARTY_IDLE_TIMEOUT, configHeadTags } from './render.js'

const config = (extra: Record<string, unknown>) =>
  resolveConfig({
    raw: { title: 'Site', url: 'https://docs.example', ...extra },
    root: '/nonexistent',
    configFile: null,
  })

const thirdParty = {
  consentBanner: {
    src: 'https://consent.example/banner.js',
    attributes: { 'data-domain': 'docs.example' },
  },
  tagManager: { containerId: 'GTM-ABC123' },
}

interface FakeScript {
  attributes: Record<string, string>
  async: boolean
  src: string
}

/** Runs the loader script in a window and document that record what it does. */
function runLoader(
  script: string,
  options: { readyState: 'loading' | 'complete'; idleCallback: boolean },
) {
  const inserted: FakeScript[] = []
  const listeners = new Map<string, () => void>()
  const idle: Array<{ run: () => void; timeout: number | undefined }> = []
  const timers: Array<() => void> = []
  const document = {
    readyState: options.readyState,
    createElement: () => {
      const s: FakeScript & { setAttribute(n: string, v: string): void } = {
        attributes: {},
        async: true,
        src: '',
        setAttribute(name, value) {
          this.attributes[name] = value
        },
      }
      return s
    },
    head: { appendChild: (s: FakeScript) => inserted.push(s) },
  }
  const window: Record<string, unknown> = {
    addEventListener: (type: string, run: () => void) => listeners.set(type, run),
    ...(options.idleCallback
      ? {
          requestIdleCallback: (run: () => void, o?: { timeout?: number }) =>
            idle.push({ run, timeout: o?.timeout }),
        }
      : {}),
  }
  runInNewContext(script, { window, document, setTimeout: (run: () => void) => timers.push(run) })
  return { window, inserted, listeners, idle, timers }
}

describe('configHeadTags', () => {
  it('renders no script when neither third party is configured', () => {
    expect(configHeadTags(config({}))).toEqual([])
  })

  it('loads nothing before `load`, then the banner and the container in order once idle', () => {
    const tags = configHeadTags(config(thirdParty))
    const script = tags.find((t) => t.tag === 'script')!
    // No `src` in the markup: nothing third-party is fetched while the page renders.
    expect(script.attributes).toEqual({})
    expect(script.content).not.toContain('<')

    const run = runLoader(script.content!, { readyState: 'loading', idleCallback: true })
    expect(run.window.dataLayer).toEqual([])
    expect(run.inserted).toEqual([])
    expect([...run.listeners.keys()]).toEqual(['load'])

    run.listeners.get('load')!()
    expect(run.inserted).toEqual([])
    expect(run.idle).toHaveLength(1)
    expect(run.idle[0]!.timeout).toBe(THIRD_PARTY_IDLE_TIMEOUT)

    run.idle[0]!.run()
    expect(run.inserted.map((s) => [s.src, s.async, s.attributes])).toEqual([
      ['https://consent.example/banner.js', false, { 'data-domain': 'docs.example' }],
      ['https://www.googletagmanager.com/gtm.js?id=GTM-ABC123', false, {}],
    ])
    expect(run.window.dataLayer).toEqual([{ 'gtm.start': expect.any(Number), event: 'gtm.js' }])
  })

  it('loads at once (after a timeout) when the page has loaded and there is no idle callback', () => {
    const tags = configHeadTags(config({ tagManager: thirdParty.tagManager }))
    const script = tags.find((t) => t.tag === 'script')!
    const run = runLoader(script.content!, { readyState: 'complete', idleCallback: false })
    expect(run.listeners.size).toBe(0)
    expect(run.timers).toHaveLength(1)
    run.timers[0]!()
    expect(run.inserted.map((s) => s.src)).toEqual([
      'https://www.googletagmanager.com/gtm.js?id=GTM-ABC123',
    ])
  })

  it('keeps the banner without a data layer when only the banner is configured', () => {
    const tags = configHeadTags(config({ consentBanner: thirdParty.consentBanner }))
    expect(tags.map((t) => t.tag)).toEqual(['script'])
    const run = runLoader(tags[0]!.content!, { readyState: 'complete', idleCallback: true })
    run.idle[0]!.run()
    expect(run.window.dataLayer).toBeUndefined()
    expect(run.inserted.map((s) => s.src)).toEqual(['https://consent.example/banner.js'])
  })

  it('escapes config values for the inline script', () => {
    const tags = configHeadTags(
      config({
        consentBanner: {
          src: 'https://consent.example/b.js?x=</script><script>alert(1)</script>',
          attributes: { 'data-x': "'</script>" },
        },
      }),
    )
    expect(tags[0]!.content).not.toContain('</script')
  })

  it('keeps the tag manager frame for readers without JavaScript at the start of the body', () => {
    const tags = configHeadTags(config(thirdParty))
    expect(tags.find((t) => t.tag === 'noscript')).toMatchObject({
      position: 'body-start',
      content: expect.stringContaining('https://www.googletagmanager.com/ns.html?id=GTM-ABC123'),
    })
  })
})
