import { createHighlighter, type Highlighter } from 'shiki'
import { expect, test } from 'vitest'
import { memoizeLineTokens } from './line-memo.js'

const blocks: Array<[string, string]> = [
  [
    'ts',
    "import { Veilbox } from '@veilbox/node'\n\nconst client1 = new Veilbox({ apiKey })\n/* a\n   comment */\nexport const a = `x ${1}`",
  ],
  [
    'ts',
    "import { Veilbox } from '@veilbox/node'\n\nconst client2 = new Veilbox({ apiKey })\n/* a\n   comment */\nexport const a = `x ${1}`",
  ],
  // Heredocs: the end pattern is captured text (`endRule`), which the state key must hold.
  ['bash', 'cat <<EOF\nhello\nEND\nEOF\necho done'],
  ['bash', 'cat <<END\nhello\nEOF\nEND\necho done'],
  ['python', 'def f():\n    """doc\n    string"""\n    return 1'],
]
const options = { themes: ['github-light', 'github-dark'], langs: ['ts', 'bash', 'python'] }
// No time limit: on a busy machine the first line, which compiles the grammar, can pass it.
const dual = {
  themes: { light: 'github-light', dark: 'github-dark' },
  defaultColor: false as const,
}
const html = (shiki: Highlighter, theme: string) =>
  blocks.map(([lang, code]) => shiki.codeToHtml(code, { lang, theme, tokenizeTimeLimit: 0 }))

/** Counts the lines the `ts` grammar really tokenizes (binary tokens or scopes). */
function countTs(shiki: Highlighter): { lines: number } {
  const grammar = shiki.getInternalContext().getLanguage('ts') as unknown as Record<
    'tokenizeLine' | 'tokenizeLine2',
    (...args: unknown[]) => unknown
  >
  const count = { lines: 0 }
  for (const name of ['tokenizeLine', 'tokenizeLine2'] as const) {
    const tokenize = grammar[name].bind(grammar)
    grammar[name] = (...args) => {
      count.lines++
      return tokenize(...args)
    }
  }
  return count
}

test('memoized highlighting is the same as plain, in either theme and both', async () => {
  const plain = await createHighlighter(options)
  const memoized = await createHighlighter(options)
  memoizeLineTokens(memoized)
  for (const theme of ['github-light', 'github-dark', 'github-light'])
    expect(html(memoized, theme)).toEqual(html(plain, theme))
  for (const [lang, code] of blocks)
    expect(memoized.codeToHtml(code, { lang, ...dual, tokenizeTimeLimit: 0 })).toBe(
      plain.codeToHtml(code, { lang, ...dual, tokenizeTimeLimit: 0 }),
    )
})

test('a line seen before in the same state is not tokenized again', async () => {
  const plain = await createHighlighter(options)
  const memoized = await createHighlighter(options)
  const plainCount = countTs(plain)
  const memoCount = countTs(memoized)
  memoizeLineTokens(memoized)
  html(plain, 'github-light')
  html(memoized, 'github-light')
  // Shiki tokenizes each block twice: 2 x 2 blocks x 5 non-empty lines.
  expect(plainCount.lines).toBe(20)
  // The first block's five lines, and the second block's one different line.
  expect(memoCount.lines).toBe(6)
})

test('a grammar made again (a language it embeds loaded later) has a memo of its own', async () => {
  // Loading `jsx` after `vue` makes shiki build the `vue` grammar again, with its rules numbered
  // in another order: the old grammar's states and tokens must not reach the new one (they threw
  // "Not supported!", and the page's block came out unhighlighted).
  const vueBlocks: Array<[string, string]> = [
    [
      'vue-html',
      '<button :aria-label="label" @click="toggle">\n  {{ open ? "Close" : "Open" }}\n</button>',
    ],
    ['css', '.panel {\n  display: none;\n}'],
    [
      'vue',
      '<script setup>\nimport { ref } from "vue"\nconst open = ref(false)\n</script>\n\n<template>\n  <button @click="open = !open">Toggle</button>\n</template>',
    ],
    ['js', 'const input = document.querySelector("input")\ninput.value = "<b>bold</b>"'],
    ['html', '<p>\n  <span>plain markup</span>\n</p>'],
    [
      'vue',
      '<script setup>\ndefineProps({\n  title: String\n})\n</script>\n\n<template>\n  <h2>{{ title }}</h2>\n</template>',
    ],
  ]
  const memoized = await createHighlighter({ themes: ['github-light'], langs: [] })
  const plain = await createHighlighter({ themes: ['github-light'], langs: [] })
  memoizeLineTokens(memoized)
  const grammars = new Set<unknown>()
  for (const [lang, code] of vueBlocks) {
    for (const name of lang === 'js' ? ['js', 'jsx'] : [lang]) {
      await memoized.loadLanguage(name as never)
      await plain.loadLanguage(name as never)
    }
    const options = { lang, theme: 'github-light', tokenizeTimeLimit: 0 }
    expect(memoized.codeToHtml(code, options), lang).toBe(plain.codeToHtml(code, options))
    if (lang === 'vue') grammars.add(memoized.getInternalContext().getLanguage('vue'))
  }
  // The case this test is about: the second `vue` block met another grammar object.
  expect(grammars.size).toBe(2)
})
