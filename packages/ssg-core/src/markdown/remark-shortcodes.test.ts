import { expect, test } from 'vitest'
import { runRemark } from '../../test/helpers.js'
import { remarkShortcodes } from './remark-shortcodes.js'

const run = (markdown: string) => runRemark([remarkShortcodes], markdown)

const DOWNLOAD =
  '<svg class="ssg-md-icon" viewBox="0 0 24 24" width="1.2em" height="1.2em" fill="currentColor" style="vertical-align:-0.2em" aria-hidden="true" focusable="false"><path d="M5,20H19V18H5M19,9H15V3H9V9H5L12,16L19,9Z"></path></svg>'

test("GitHub's emoji names show the emoji; other `:words:` and code stay as written", async () => {
  const { html, messages } = await run(
    'Done :tada: :+1: at 10:30:00, a :not_an_emoji: and `:tada:`.\n\n```\n:tada:\n```\n',
  )
  expect(html).toBe(
    '<p>Done 🎉 👍 at 10:30:00, a :not_an_emoji: and <code>:tada:</code>.</p>\n<pre><code>:tada:\n</code></pre>',
  )
  expect(messages).toEqual([])
})

test('a Material Design icon is an inline SVG hidden from screen readers, in a link and a heading too', async () => {
  const { html, messages } = await run(
    '## :material-download: Download\n\n[:material-download: Get it](./get.md)\n',
  )
  expect(html).toBe(
    `<h2>${DOWNLOAD} Download</h2>\n<p><a href="./get.md">${DOWNLOAD} Get it</a></p>`,
  )
  expect(messages).toEqual([])
})

test('icons of other sets, or names Material Design Icons lacks, are left out with one warning', async () => {
  const { html, messages } = await run(
    'Intro.\n\n:octicons-mark-github-16: Source, :simple-python: and :octicons-mark-github-16: and :material-no-such-icon-here:.\n',
  )
  expect(html).toBe('<p>Intro.</p>\n<p>Source, and and .</p>')
  // Alone in its text (a heading's first words): the rest of the text only.
  expect((await run('# :octicons-cpu-16: Chipset\n')).html).toBe('<h1>Chipset</h1>')
  expect(messages).toEqual([
    '3:1 unknown-icon Icons not shown (Material Design Icons, `:material-…:`, are, by their names there): `:octicons-mark-github-16:` (2), `:simple-python:`, `:material-no-such-icon-here:`; they are left out',
  ])
})
