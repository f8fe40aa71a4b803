import { createHighlighter, type Highlighter } from 'shiki'
import { expect, test } from 'vitest'
import { BLOCKS, LANGS } from '../../test/highlight-blocks.js'
import { memoizeLineTokens } from './line-memo.js'

const THEMES = { light: 'github-light', dark: 'github-dark' }
const STYLES = [
  { themes: THEMES, defaultColor: false as const },
  { theme: THEMES.light },
  { theme: THEMES.dark },
]

const render = (shiki: Highlighter, lang: string, code: string, style: object) =>
  shiki.codeToHtml(code, { lang, ...style, tokenizeTimeLimit: 0 } as never)

test("one tokenization for both themes gives shiki's own output, whatever came before", async () => {
  const plain = await createHighlighter({ themes: Object.values(THEMES), langs: LANGS })
  for (const order of [BLOCKS, [...BLOCKS].reverse()]) {
    const memoized = await createHighlighter({ themes: Object.values(THEMES), langs: LANGS })
    memoizeLineTokens(memoized)
    // Each block dual first and again after the single themes (then from the memo).
    for (const [lang, code] of order)
      for (const style of [...STYLES, STYLES[0]!])
        expect(render(memoized, lang, code, style), `${lang}: ${code}`).toBe(
          render(plain, lang, code, style),
        )
  }
})

test('a light/dark block tokenizes each line once', async () => {
  const memoized = await createHighlighter({ themes: Object.values(THEMES), langs: ['ts'] })
  const grammar = memoized.getInternalContext().getLanguage('ts') as unknown as Record<
    'tokenizeLine' | 'tokenizeLine2',
    (...args: unknown[]) => unknown
  >
  let lines = 0
  for (const name of ['tokenizeLine', 'tokenizeLine2'] as const) {
    const tokenize = grammar[name].bind(grammar)
    grammar[name] = (...args) => {
      lines++
      return tokenize(...args)
    }
  }
  memoizeLineTokens(memoized)
  // The first block meets the dark theme only after its light pass.
  render(memoized, 'ts', 'const a = 1', STYLES[0]!)
  lines = 0
  render(memoized, 'ts', "const b = 'b-c'.split(/-/)\n\nexport { b }", STYLES[0]!)
  expect(lines).toBe(2)
})
