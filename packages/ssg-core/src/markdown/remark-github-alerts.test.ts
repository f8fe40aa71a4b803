import remarkDirective from 'remark-directive'
import remarkParse from 'remark-parse'
import remarkRehype from 'remark-rehype'
import rehypeStringify from 'rehype-stringify'
import { unified } from 'unified'
import { expect, test } from 'vitest'
import { remarkDirectives } from './remark-directives.js'
import { remarkGithubAlerts } from './remark-github-alerts.js'

const html = async (markdown: string) =>
  String(
    await unified()
      .use(remarkParse)
      .use(remarkDirective)
      .use(remarkGithubAlerts)
      .use(remarkDirectives)
      .use(remarkRehype)
      .use(rehypeStringify)
      .process(markdown),
  )

test('each GitHub alert becomes the admonition of its kind', async () => {
  expect(await html('> [!NOTE]\n> Useful *information*.')).toBe(
    '<div class="ssg-admonition ssg-admonition--note" role="note" aria-label="Note"><p class="ssg-admonition__title">Note</p><p>Useful <em>information</em>.</p></div>',
  )
  expect(await html('> [!important]\n>\n> Key.\n>\n> More.')).toBe(
    '<div class="ssg-admonition ssg-admonition--info" role="note" aria-label="Important"><p class="ssg-admonition__title">Important</p><p>Key.</p><p>More.</p></div>',
  )
  expect(await html('> [!CAUTION]\n> Risky.')).toContain(
    'ssg-admonition--danger" role="note" aria-label="Caution"',
  )
  expect(await html('> [!TIP]\n> a')).toContain('ssg-admonition--tip')
  expect(await html('> [!WARNING]\n> a')).toContain('ssg-admonition--warning')
})

test('other blockquotes stay blockquotes', async () => {
  expect(await html('> [!NOTES]\n> a')).toBe('<blockquote>\n<p>[!NOTES]\na</p>\n</blockquote>')
  expect(await html('> Text [!NOTE]')).toBe('<blockquote>\n<p>Text [!NOTE]</p>\n</blockquote>')
})
