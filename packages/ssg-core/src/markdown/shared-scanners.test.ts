import { createHighlighter, createOnigurumaEngine, type RegexEngine } from 'shiki'
import { expect, test } from 'vitest'
import { withSharedScanners } from './shared-scanners.js'

/** An oniguruma engine that counts the scanners it compiles and frees. */
async function countingEngine() {
  const engine = await createOnigurumaEngine(import('shiki/wasm'))
  const count = { made: 0, freed: 0 }
  const counting: RegexEngine = {
    createString: (text) => engine.createString(text),
    createScanner(patterns) {
      const scanner = engine.createScanner(patterns)
      count.made++
      return {
        findNextMatchSync: (string, start, options) =>
          scanner.findNextMatchSync(string, start, options),
        dispose() {
          count.freed++
          scanner.dispose?.()
        },
      }
    },
  }
  return { engine: counting, count }
}

// The same code in languages whose grammars share rules, and heredocs (an end pattern with a
// back-reference: a new pattern list, and a disposed scanner, at each heredoc).
const blocks: Array<[string, string]> = [
  ['ts', 'import { a } from "b"\nexport const c = async (d: number) => `e ${d}` // f'],
  ['js', 'import { a } from "b"\nexport const c = async (d) => `e ${d}` // f'],
  ['tsx', 'export const C = ({ d }: P) => <div className="x">{d}</div>'],
  ['bash', 'cat <<EOF\nhello\nEND\nEOF\ncat <<END\nEOF\nEND\necho "$HOME" done'],
  ['python', 'def f(x: int) -> str:\n    """doc"""\n    return f"{x}"'],
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

test('highlighting with shared scanners is the same, from fewer compiled scanners', async () => {
  const plain = await countingEngine()
  const shared = await countingEngine()
  const expected = await highlight(plain.engine)
  expect(await highlight(withSharedScanners(shared.engine))).toEqual(expected)
  expect(shared.count.made).toBeGreaterThan(0)
  expect(shared.count.made).toBeLessThan(plain.count.made * 0.8)
})

test('a scanner is compiled once per pattern list and freed when unused past the idle ones', async () => {
  const { engine, count } = await countingEngine()
  const shared = withSharedScanners(engine)
  const a = shared.createScanner(['a+', 'b'])
  const b = shared.createScanner(['a+', 'b'])
  expect(count.made).toBe(1)
  const text = engine.createString('xxbaa')
  expect(b.findNextMatchSync(text, 0, 0)?.index).toBe(1)
  a.dispose?.()
  a.dispose?.()
  // Still in use by `b`.
  expect(b.findNextMatchSync(text, 3, 0)?.captureIndices[0]).toMatchObject({ start: 3, end: 5 })
  b.dispose?.()
  expect(count.freed).toBe(0)
  // Unused, it is kept: asked again, it is not compiled again.
  shared.createScanner(['a+', 'b'])
  expect(count.made).toBe(1)
  // A different list (a RegExp's source counts as the string) is another scanner.
  shared.createScanner([/a+/, 'c'])
  shared.createScanner(['a+', 'c'])
  expect(count.made).toBe(2)
  // Past 256 unused scanners, the oldest unused are freed; never one in use.
  const held = shared.createScanner(['h'])
  shared.createScanner(['h']).dispose?.()
  for (let i = 0; i < 300; i++) shared.createScanner([`x${i}`]).dispose?.()
  expect(count.freed).toBe(300 - 256)
  expect(held.findNextMatchSync(engine.createString('ah'), 0, 0)?.index).toBe(0)
})
