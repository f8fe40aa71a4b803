import { describe, expect, test } from 'vitest'
import { describeCounts, formatMessages } from './format.js'
import type { BuildMessage } from './messages.js'

const reference = (ruleId: string) => `ERRORS.md#${ruleId}`

function unknownLanguage(n: number): BuildMessage {
  return {
    file: `content/docs/p${String(n).padStart(3, '0')}.md`,
    line: 5,
    column: 1,
    severity: 'warning',
    message: 'Unknown code language `foolang`; the block is shown without highlighting',
    ruleId: 'unknown-language',
  }
}

const brokenLink: BuildMessage = {
  file: 'content/docs/z.md',
  line: 3,
  column: 5,
  severity: 'error',
  message: 'Cannot find page `/docs/instal`; did you mean `/docs/install`?',
  ruleId: 'missing-page',
  frame: '  2 | \n> 3 | See [x](/docs/instal).\n    |     ^',
}

const anchor: BuildMessage = {
  file: 'content/docs/a.md',
  line: 9,
  column: 3,
  severity: 'warning',
  message: 'Cannot find heading `#x` on this page',
  ruleId: 'missing-anchor',
}

describe('formatMessages', () => {
  test('errors first (even from a later file), then warnings by rule, many summed up', () => {
    const messages = [
      ...Array.from({ length: 250 }, (_, i) => unknownLanguage(i)),
      anchor,
      brokenLink,
    ]
    expect(formatMessages(messages, { reference })).toMatchInlineSnapshot(`
      "error  content/docs/z.md:3:5  Cannot find page \`/docs/instal\`; did you mean \`/docs/install\`?  [missing-page]
          2 | 
        > 3 | See [x](/docs/instal).
            |     ^
        fix: link to an existing route (the message suggests the closest), or add a redirect
        see ERRORS.md#missing-page

      warning  unknown-language ×250  a code block names a language the highlighter does not know; shown without highlighting
        content/docs/p000.md:5:1  Unknown code language \`foolang\`; the block is shown without highlighting  (×250 in 250 files)
        fix: use a language name shiki knows (or \`text\`), or map the name with \`markdown.languageAliases\`
        silence: messages: { 'unknown-language': 'off' } in ssg.config.ts
        see ERRORS.md#unknown-language

      warning  content/docs/a.md:9:3  Cannot find heading \`#x\` on this page  [missing-anchor]
        fix: link to a heading id that exists (the message suggests the closest), or add an id
        see ERRORS.md#missing-anchor

      1 error (missing-page 1), 251 warnings (unknown-language 250, missing-anchor 1)"
    `)
  })

  test('a rule with 3 warnings lists them; with 4 it is summed up', () => {
    const three = formatMessages([0, 1, 2].map(unknownLanguage), { reference, counts: false })
    expect(three.split('\n').filter((l) => l.startsWith('warning  content/'))).toHaveLength(3)
    const four = formatMessages([0, 1, 2, 3].map(unknownLanguage), { reference, counts: false })
    expect(four.split('\n')[0]).toBe(
      'warning  unknown-language ×4  a code block names a language the highlighter does not know; shown without highlighting',
    )
    expect(four).toContain('(×4 in 4 files)')
  })

  test('a group names each distinct message once, at its first place, with its count', () => {
    const value = (file: string, line: number, name: string): BuildMessage => ({
      file: `content/docs/${file}.md`,
      line,
      column: 1,
      severity: 'warning',
      message: `\`sidebar: ${name}\` is not a value this toolkit knows for \`sidebar\`; the default is used`,
      ruleId: 'front-matter-value',
    })
    const messages = [
      ...Array.from({ length: 300 }, (_, i) =>
        value(`css/p${String(i).padStart(3, '0')}`, 2, 'cssref'),
      ),
      value('js/a', 3, 'jsref'),
      value('js/a', 9, 'jsref'),
      value('home', 2, 'home'),
      value('x', 2, 'xref'),
    ]
    const out = formatMessages(messages, { reference, counts: false })
    expect(out.split('\n').slice(0, 5)).toEqual([
      expect.stringMatching(/^warning {2}front-matter-value ×304 {2}/),
      '  content/docs/css/p000.md:2:1  `sidebar: cssref` is not a value this toolkit knows for `sidebar`; the default is used  (×300 in 300 files)',
      '  content/docs/home.md:2:1  `sidebar: home` is not a value this toolkit knows for `sidebar`; the default is used',
      '  content/docs/js/a.md:3:1  `sidebar: jsref` is not a value this toolkit knows for `sidebar`; the default is used  (×2)',
      '  … and 1 more (1 other message; --verbose prints all)',
    ])
  })

  test('--verbose prints every occurrence', () => {
    const out = formatMessages(
      Array.from({ length: 20 }, (_, i) => unknownLanguage(i)),
      { reference, verbose: true, counts: false },
    )
    expect(out.split('\n').filter((l) => l.includes('Unknown code language'))).toHaveLength(20)
    expect(out).not.toContain('more')
  })

  test('many errors of a rule: 10 printed, the first 3 with their source line', () => {
    const errors = Array.from({ length: 14 }, (_, i) => ({
      ...brokenLink,
      line: i + 1,
    }))
    const out = formatMessages(errors, { reference, counts: false })
    expect(out.split('\n').filter((l) => l.startsWith('error  '))).toHaveLength(10)
    expect(out.split('\n').filter((l) => /\| +\^$/.test(l))).toHaveLength(3)
    expect(out).toContain('  … and 4 more `missing-page` errors (--verbose prints all)')
  })

  test('--quiet: errors only, though the count line counts the warnings', () => {
    expect(formatMessages([anchor, brokenLink], { reference, errorsOnly: true, frames: false }))
      .toMatchInlineSnapshot(`
        "error  content/docs/z.md:3:5  Cannot find page \`/docs/instal\`; did you mean \`/docs/install\`?  [missing-page]
          fix: link to an existing route (the message suggests the closest), or add a redirect
          see ERRORS.md#missing-page

        1 error (missing-page 1), 1 warning (missing-anchor 1)"
      `)
  })

  test('colours only when asked', () => {
    expect(formatMessages([anchor], { reference })).not.toContain('\u001b[')
    expect(formatMessages([anchor], { reference, color: true })).toContain(
      '\u001b[33mwarning\u001b[39m',
    )
  })

  test('a rule that cannot be lowered gets no "silence" hint', () => {
    const unsafe = Array.from({ length: 5 }, (_, i) => ({
      ...anchor,
      line: i + 1,
      severity: 'warning' as const,
      ruleId: 'unsafe-html' as const,
    }))
    expect(formatMessages(unsafe, { reference })).not.toContain('silence')
  })
})

test('describeCounts: rules by count, both severities always named', () => {
  expect(describeCounts([])).toBe('0 errors, 0 warnings')
  expect(describeCounts([anchor, unknownLanguage(1), unknownLanguage(2), brokenLink])).toBe(
    '1 error (missing-page 1), 3 warnings (unknown-language 2, missing-anchor 1)',
  )
})
