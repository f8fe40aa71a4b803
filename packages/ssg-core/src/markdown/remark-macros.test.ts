import { expect, test } from 'vitest'
import { runRemark } from '../../test/helpers.js'
import { remarkMacros } from './remark-macros.js'

const run = (markdown: string) => runRemark([remarkMacros], markdown)

test('MDN macros: references become code, the rest leaves, one warning per page', async () => {
  const { html, messages } = await run(
    '{{CSSRef}}\n\nThe {{cssxref("color")}} and {{cssxref("color")}} of {{HTMLElement("p")}}, a {{Glossary("CSS", "style sheet")}}.\n\n{{Compat}}\n',
  )
  expect(html).toBe(
    '<p>The <code>color</code> and <code>color</code> of <code>&#x3C;p></code>, a style sheet.</p>',
  )
  expect(messages).toEqual([
    '1:1 unknown-macro Template macros are not run by this toolkit: `{{CSSRef}}`, `{{cssxref}}` (2), `{{HTMLElement}}`, `{{Glossary}}`, `{{Compat}}`; MDN references show their name as code, other MDN macros are left out, other `{{ }}` and `{% %}` text is shown as written',
  ])
})

test('other template expressions stay, with the warning; code is never touched', async () => {
  const { html, messages } = await run('Hello {{ $frontmatter.title }}.\n\n`{{cssxref("a")}}`\n')
  expect(html).toBe('<p>Hello {{ $frontmatter.title }}.</p>\n<p><code>{{cssxref("a")}}</code></p>')
  expect(messages).toHaveLength(1)
  expect(messages[0]).toContain('`{{ $frontmatter.title }}`')
})

test('template statements (Jinja: MkDocs macros plugin) stay as written, named in the warning', async () => {
  const { html, messages } = await run(
    "{% include 'msdl.md' %}\n\nA {%- if x -%} b {% endif %}, 5% {x} %}\n",
  )
  expect(html).toBe(
    "<p>{% include 'msdl.md' %}</p>\n<p>A {%- if x -%} b {% endif %}, 5% {x} %}</p>",
  )
  expect(messages).toHaveLength(1)
  expect(messages[0]).toContain("`{% include 'msdl.md' %}`, `{%- if x -%}`, `{% endif %}`;")
})

test('a page without macros gets no message', async () => {
  expect((await run('Text with { braces }.')).messages).toEqual([])
})

test('`{{ }}` inside an inline element marked v-pre (VitePress) is shown as written, without a warning', async () => {
  const { html, messages } = await run(
    'The <code v-pre>{{ count }}</code> tag, and <span v-pre class="x">{{ a }} and {{ b }}</span> too.\n',
  )
  // (This processor leaves raw HTML out; the text between the tags stays as written.)
  expect(html).toBe('<p>The {{ count }} tag, and {{ a }} and {{ b }} too.</p>')
  expect(messages).toEqual([])
  // Outside the element, the same text is noted as before.
  const after = await run('<code v-pre>{{ a + 1 }}</code> then {{ b + 1 }}.\n')
  expect(after.messages).toHaveLength(1)
  expect(after.messages[0]).toContain('`{{ b + 1 }}`')
  expect(after.messages[0]).not.toContain('a + 1')
})
