import { describe, expect, test } from 'vitest'
import { resolveConfig } from '../config/load-config.js'
import type { BuildMessage } from './messages.js'
import { applySeverities, applyStrict } from './severity.js'

function configError(messages: unknown): string {
  try {
    resolveConfig({
      raw: { title: 'T', url: 'https://example.com', messages },
      root: '/site',
      configFile: '/site/ssg.config.ts',
    })
  } catch (error) {
    return (error as Error).message.replace(/^invalid config in .*\n/, '')
  }
  throw new Error('expected the config to be refused')
}

describe('config `messages`', () => {
  test('an unknown rule id names the key and the closest rule', () => {
    expect(configError({ 'unknwn-language': 'off' })).toMatchInlineSnapshot(
      `"  messages.unknwn-language: no rule \`unknwn-language\`; did you mean \`unknown-language\`?"`,
    )
    expect(configError({ everything: 'off' })).toMatchInlineSnapshot(
      `"  messages.everything: no rule \`everything\`; the rules are listed in @ssg/core/ERRORS.md"`,
    )
  })

  test('a severity that is not off, warning or error', () => {
    expect(configError({ 'missing-anchor': 'of' })).toMatchInlineSnapshot(
      `"  messages.missing-anchor: expected one of "off", "warning", "error", received "of" (string)"`,
    )
  })

  test('a rule that stops a page from being built cannot be lowered', () => {
    expect(configError({ 'unsafe-html': 'off' })).toMatchInlineSnapshot(
      `"  messages.unsafe-html: \`unsafe-html\` is always an error (content holds \`<script>\`, an \`on*=\` handler or a \`javascript:\` URL); it cannot be set to \`off\`"`,
    )
  })

  test('valid settings are kept', () => {
    const config = resolveConfig({
      raw: {
        title: 'T',
        url: 'https://example.com',
        messages: { 'unknown-language': 'off', 'unsafe-html': 'error' },
      },
      root: '/site',
      configFile: null,
    })
    expect(config.messages).toEqual({ 'unknown-language': 'off', 'unsafe-html': 'error' })
  })
})

const warning: BuildMessage = {
  file: 'a.md',
  severity: 'warning',
  message: 'w',
  ruleId: 'unknown-language',
}
const error: BuildMessage = {
  file: 'a.md',
  severity: 'error',
  message: 'e',
  ruleId: 'missing-page',
}

test('applySeverities drops `off` rules and sets the others, without touching the input', () => {
  const input = [warning, error]
  expect(applySeverities(input, {})).toBe(input)
  expect(applySeverities(input, { 'unknown-language': 'off', 'missing-page': 'warning' })).toEqual([
    { ...error, severity: 'warning' },
  ])
  expect(applySeverities(input, { 'unknown-language': 'error' })[0]!.severity).toBe('error')
  expect(input[0]!.severity).toBe('warning')
})

test('applyStrict makes warnings errors', () => {
  expect(applyStrict([warning], false)).toEqual([warning])
  expect(applyStrict([warning, error], true).map((m) => m.severity)).toEqual(['error', 'error'])
})
