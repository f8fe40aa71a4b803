import { createHighlighter } from 'shiki'
import { VFile } from 'vfile'
import { expect, test } from 'vitest'
import { createProcessor } from './processor.js'
import { BLOCKS, LANGS } from '../../test/highlight-blocks.js'

const options = { themes: { light: 'github-light', dark: 'github-dark' }, extraLanguages: [] }

/** The coloured tokens of each block in `html`: [style, text] pairs. */
function tokens(html: string): string[][] {
  return [...html.matchAll(/<pre[\s\S]*?<\/pre>/g)].map((pre) =>
    [...pre[0].matchAll(/<span style="([^"]*)">([^<]*)<\/span>/g)].map((m) => `${m[1]} ${m[2]}`),
  )
}

test("a page's code is shiki's light/dark output however many pages came before", async () => {
  const processor = await createProcessor(options)
  const page = async (name: string, value: string) =>
    String(await processor.process(new VFile({ path: `content/docs/${name}.md`, value })))
  // Many pages first whose tokens have the styles of the page below, but strings only: a
  // highlighter that learned colours from them took a regular expression for a string.
  for (let i = 0; i < 50; i++)
    await page(
      `p${i}`,
      `# P${i}\n\n\`\`\`js\nconst parts${i} = 'a-${i}'.split('-')\nconst trimmed = s.replace('x', '')\n\`\`\`\n`,
    )
  const html = await page(
    'last',
    '# Last\n\n' + BLOCKS.map(([lang, code]) => `~~~~${lang}\n${code}\n~~~~\n`).join('\n'),
  )
  const shiki = await createHighlighter({ themes: ['github-light', 'github-dark'], langs: LANGS })
  const expected = BLOCKS.map(([lang, code]) =>
    shiki.codeToHtml(code, {
      lang,
      themes: options.themes,
      defaultColor: false,
      tokenizeTimeLimit: 0,
    }),
  )
  const got = tokens(html)
  expect(got).toHaveLength(BLOCKS.length)
  expect(got).toEqual(expected.map((block) => tokens(block)[0]))
})
