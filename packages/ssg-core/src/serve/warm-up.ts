import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { ResolvedConfig } from '../config/load-config.js'
import { DEFAULT_LANGUAGES } from '../markdown/markdown-options.js'
import type { CompilePool } from './compile-pool.js'

/** Priority of the warm-up pages: after anything a reader or an edit asks for. */
const WARM_UP = 9

/**
 * Warms the foreground compile thread up for the pages asked for after the first and the first
 * edit (`ssg serve` starts it once the first page is served): first a page with the common
 * Markdown features and a code block, then a diagram (the diagram renderer loads on first use),
 * then a code block in each language the site is likely to use, one language a page (a grammar
 * compiles for a moment; a reader's page waits for one language at most). Nothing is kept.
 */
export async function warmUp(pool: CompilePool, config: ResolvedConfig): Promise<void> {
  const languages = [...new Set([...DEFAULT_LANGUAGES, ...config.code.extraLanguages])]
  const pages = [
    '---\ntitle: Warm-up\n---\n\n# Warm-up\n\n:::note\nA *note* with `code`.\n:::\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n```ts\nconst x: number = f(1)\n```\n\n```bash\ncurl -H "A: b" https://x.example\n```\n',
    '```mermaid\nflowchart LR\n  A[A] --> B(B)\n```\n',
    ...languages.map((lang) => '```' + lang + '\nx = 1\n```\n'),
  ]
  const dir = await mkdtemp(path.join(tmpdir(), 'ssg-warm-up-'))
  try {
    await Promise.all(
      pages.map(async (markdown, i) => {
        const absolute = path.join(dir, `page-${i}.md`)
        await writeFile(absolute, markdown)
        const id = `__warm-up-${i}`
        const request = { file: `content/docs/${id}.md`, kind: 'docs' as const, id, dir: '' }
        // Not through the page cache: these are not the site's pages.
        await pool
          .compile({ ...request, route: `/docs/${id}`, absolute }, WARM_UP, false)
          .catch(() => {})
      }),
    )
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
