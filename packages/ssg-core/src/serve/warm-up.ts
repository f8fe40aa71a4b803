import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { ResolvedConfig } from '../config/load-config.js'
import {
  DEFAULT_LANGUAGES,
  WARM_UP_DIAGRAM,
  WARM_UP_PAGE,
  warmUpRequest,
} from '../markdown/markdown-options.js'
import type { CompilePool } from './compile-pool.js'

/** Priority of the warm-up pages: after anything a reader or an edit asks for. */
const WARM_UP = 9

/**
 * Warms the foreground compile thread up for the pages asked for and the first edit (the thread
 * warms its highlighter and Markdown stack itself while its options are on their way, see
 * `compile-worker-main.ts`). At once, when the thread is idle (these come after anything asked
 * for): a page with the common Markdown features, then a diagram (the diagram renderer loads on
 * first use, 0.5-0.8 s: a large site's first page gets it while the server thread still reads the
 * pages). After `later` (the first page served): a code block in each language the site is
 * likely to use, one language a page (a grammar compiles for a moment; a reader's page waits for
 * one language at most; a large site's server thread needs the processor meanwhile). Nothing is
 * kept.
 */
export async function warmUp(
  pool: CompilePool,
  config: ResolvedConfig,
  later: Promise<void>,
): Promise<void> {
  const languages = [...new Set([...DEFAULT_LANGUAGES, ...config.code.extraLanguages])]
  const first = [WARM_UP_PAGE, WARM_UP_DIAGRAM]
  const dir = await mkdtemp(path.join(tmpdir(), 'ssg-warm-up-'))
  let n = 0
  const compile = async (markdown: string) => {
    const absolute = path.join(dir, `page-${n}.md`)
    const id = `__warm-up-${n++}`
    await writeFile(absolute, markdown)
    // Not through the page cache: these are not the site's pages.
    await pool.compile(warmUpRequest(id, absolute), WARM_UP, false).catch(() => {})
  }
  try {
    await Promise.all(first.map(compile))
    await later
    await Promise.all(languages.map((lang) => compile('```' + lang + '\nx = 1\n```\n')))
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
