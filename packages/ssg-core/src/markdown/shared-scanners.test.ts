import { createHighlighter, createOnigurumaEngine, type RegexEngine } from 'shiki'
import { expect, test } from 'vitest'
import { withSharedScanners } from './shared-scanners.js'

/** An oniguruma engine that counts the patterns it compiles and frees. */
async function countingEngine() {
  const engine = await createOnigurumaEngine(import('shiki/wasm'))
  const count = { compiled: 0, freed: 0 }
  const counting: RegexEngine = {
    createString: (text) => engine.createString(text),
    createScanner(patterns) {
      const scanner = engine.createScanner(patterns)
      count.compiled += patterns.length
      return {
        findNextMatchSync: (string, start, options) =>
          scanner.findNextMatchSync(string, start, options),
        dispose() {
          count.freed += patterns.length
          scanner.dispose?.()
        },
      }
    },
  }
  return { engine: counting, count }
}

// The same code in languages whose grammars share rules, heredocs (an end pattern with a
// back-reference: a new pattern list, and a disposed scanner, at each heredoc) and lines longer
// than 1,000 bytes (oniguruma searches those another way).
const long = `const x = [${Array.from({ length: 120 }, (_, i) => `"s${i}", f(${i})`).join(', ')}] // é 😀 end`
const blocks: Array<[string, string]> = [
  ['ts', 'import { a } from "b"\nexport const c = async (d: number) => `e ${d}` // f'],
  ['js', 'import { a } from "b"\nexport const c = async (d) => `e ${d}` // f'],
  ['tsx', 'export const C = ({ d }: P) => <div className="x">{d}</div>'],
  ['ts', long],
  ['bash', 'cat <<EOF\nhello\nEND\nEOF\ncat <<END\nEOF\nEND\necho "$HOME" done'],
  ['python', 'def f(x: int) -> str:\n    """doc"""\n    return f"{x}"'],
  ['markdown', '# T\n\n```js\nconst a = 1\n```\n\n> *q* `c` [l](u)'],
]
const langs = [...new Set(blocks.map(([lang]) => lang))]
const themes = ['github-light', 'github-dark']
const highlight = async (engine: RegexEngine) => {
  const shiki = await createHighlighter({ themes, langs, engine })
  // Twice: the second pass runs on scanners made (and some disposed) by the first.
  return [...blocks, ...blocks].map(([lang, code]) =>
    shiki.codeToHtml(code, { lang, theme: 'github-light', tokenizeTimeLimit: 0 }),
  )
}

test('highlighting with shared scanners is the same, from each distinct pattern compiled once', async () => {
  const plain = await countingEngine()
  const shared = await countingEngine()
  const expected = await highlight(plain.engine)
  expect(await highlight(withSharedScanners(shared.engine))).toEqual(expected)
  expect(shared.count.compiled).toBeGreaterThan(0)
  expect(shared.count.compiled).toBeLessThan(plain.count.compiled * 0.3)
})

// Patterns where the order, a tie, `\G`, `\A`, a look-behind and a back-reference matter.
const lists = [
  ['a+', 'b', '\\Gx', '(?<=a)b', 'ab|c'],
  ['b', 'a+', '(\\w)\\1', '\\Gx|y', '$'],
  ['(?<=x)a', 'xa', 'ax*', '\\b\\w{2}\\b'],
  ['\\G', 'zz', '(?=b)'],
  ['\\Ax', '\\Gy|x'],
]
const strings = [
  'ayx',
  '',
  'xxbaa',
  'ab ab xa yx ax cc',
  'xaxb\u00e9ab\ud83d\ude00bb x',
  'aaa'.repeat(400) + 'b',
]

/** TextMate's `FindOption.NotBeginString`: `\\A` does not match at the string's start. */
const NOT_BEGIN_STRING = 1

test('each search finds what the engine finds, however the starts follow', async () => {
  const { engine } = await countingEngine()
  const shared = withSharedScanners(engine)
  const plain = lists.map((list) => engine.createScanner(list))
  const mine = lists.map((list) => shared.createScanner(list))
  for (const text of strings) {
    const string = engine.createString(text)
    // Starts going forward (as TextMate searches a line), then back, then at random, with the
    // lists taking turns (a pattern's remembered search is another list's too); without options,
    // then each search again with one.
    const forward = Array.from({ length: text.length + 1 }, (_, i) => i)
    const starts = [
      ...forward,
      ...[...forward].reverse(),
      ...forward.map((i) => (i * 7919) % (text.length + 1)),
    ]
    for (const options of [[0], [0, NOT_BEGIN_STRING]])
      for (const start of starts)
        for (const [i, scanner] of mine.entries())
          for (const option of options)
            expect(
              scanner.findNextMatchSync(string, start, option),
              `${lists[i]} in ${text} at ${start}, options ${option}`,
            ).toEqual(plain[i]!.findNextMatchSync(string, start, option))
  }
})

test('a pattern is compiled once and freed when unused past the idle ones', async () => {
  const { engine, count } = await countingEngine()
  const shared = withSharedScanners(engine)
  const a = shared.createScanner(['a+', 'b'])
  const b = shared.createScanner(['a+', 'c', 'b'])
  // `a+` and `b` once, `c` once.
  expect(count.compiled).toBe(3)
  const text = engine.createString('xxbaa')
  expect(b.findNextMatchSync(text, 0, 0)?.index).toBe(2)
  a.dispose?.()
  a.dispose?.()
  // Still in use by `b`.
  expect(b.findNextMatchSync(text, 3, 0)).toMatchObject({
    index: 0,
    captureIndices: [{ start: 3, end: 5 }],
  })
  b.dispose?.()
  expect(count.freed).toBe(0)
  // Unused, they are kept: asked again, not compiled again (a RegExp's source counts).
  shared.createScanner([/a+/, 'c'])
  expect(count.compiled).toBe(3)
  // Past 2,048 unused patterns, the oldest unused are freed; never one in use.
  const held = shared.createScanner(['h'])
  shared.createScanner(['h']).dispose?.()
  for (let i = 0; i < 2100; i++) shared.createScanner([`x${i}`]).dispose?.()
  expect(count.freed).toBe(2100 + 1 - 2048)
  expect(held.findNextMatchSync(engine.createString('ah'), 0, 0)?.index).toBe(0)
})

test('a list with a pattern that does not compile fails, and leaves the others as they were', async () => {
  const { engine, count } = await countingEngine()
  const shared = withSharedScanners(engine)
  expect(() => shared.createScanner(['a', '(b'])).toThrow(
    'Oniguruma cannot compile the pattern "(b"',
  )
  // Patterns that match the empty string compile.
  const empty = shared.createScanner(['(?=x)|', '$'])
  expect(empty.findNextMatchSync(engine.createString(''), 0, 0)).toMatchObject({ index: 0 })
  // `a` was compiled, then left unused: it is freed with the other unused ones, not held.
  const freed = count.freed
  for (let i = 0; i < 2048; i++) shared.createScanner([`x${i}`]).dispose?.()
  expect(count.freed - freed).toBe(1)
})
