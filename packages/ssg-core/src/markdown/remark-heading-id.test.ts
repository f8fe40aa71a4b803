import remarkParse from 'remark-parse'
import remarkRehype from 'remark-rehype'
import rehypeStringify from 'rehype-stringify'
import { unified } from 'unified'
import { expect, test } from 'vitest'
import { remarkHeadingId } from './remark-heading-id.js'

const html = async (markdown: string) =>
  String(
    await unified()
      .use(remarkParse)
      .use(remarkHeadingId)
      .use(remarkRehype)
      .use(rehypeStringify)
      .process(markdown),
  )

test('`{#id}` at the end of a heading sets its id', async () => {
  expect(await html('## Install {#setup}')).toBe('<h2 id="setup">Install</h2>')
  expect(await html('## The `API` { #Api_v2 }')).toBe('<h2 id="Api_v2">The <code>API</code></h2>')
  expect(await html('### Options {#opts .wide}')).toBe('<h3 id="opts">Options</h3>')
})

test('braces elsewhere stay text', async () => {
  expect(await html('## Use {#id} inline')).toBe('<h2>Use {#id} inline</h2>')
  expect(await html('## Object {a}')).toBe('<h2>Object {a}</h2>')
  expect(await html('Text {#id}')).toBe('<p>Text {#id}</p>')
})
