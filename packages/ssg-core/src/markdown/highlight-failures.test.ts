import { expect, test } from 'vitest'
import { VFile } from 'vfile'
import { createProcessor, getHighlighter } from './processor.js'

const options = { themes: { light: 'github-light', dark: 'github-dark' }, extraLanguages: [] }

test('a block the highlighter throws on is plain text with a warning at its place', async () => {
  const processor = await createProcessor(options)
  const shiki = await getHighlighter(options)
  await shiki.loadLanguage('python')
  // A grammar that throws, as the line memo once made `vue` throw ("Not supported!").
  const grammar = shiki.getInternalContext().getLanguage('python') as unknown as {
    tokenizeLine2: () => never
  }
  const tokenizeLine2 = grammar.tokenizeLine2
  grammar.tokenizeLine2 = () => {
    throw new Error('Not supported!')
  }
  try {
    const file = new VFile({
      path: 'content/docs/a.md',
      value: '# A\n\nText.\n\n```python\nprint("hi")\n```\n\n```js\nconst a = 1\n```\n',
    })
    const html = String(await processor.process(file))
    expect(file.messages.map((m) => [m.ruleId, m.line, m.reason])).toEqual([
      [
        'highlight-failed',
        6,
        'Cannot highlight this `python` block (Not supported!); it is shown as plain text',
      ],
    ])
    // The block is there, uncoloured; the next one is coloured.
    expect(html).toContain('print("hi")')
    expect(html).toMatch(/data-language="js"[\s\S]*--shiki-light/)
    // Reported once: the next page starts with no failure left over.
    const next = new VFile({ path: 'content/docs/b.md', value: '# B\n\n```js\nlet b\n```\n' })
    await processor.process(next)
    expect(next.messages).toEqual([])
  } finally {
    grammar.tokenizeLine2 = tokenizeLine2
  }
})
