import type { Root } from 'hast'
import type { Highlighter } from 'shiki'
import type { VFile } from 'vfile'

/** A block the highlighter threw on: rehype-pretty-code then shows it as plain text. */
export interface HighlightFailure {
  lang: string
  code: string
  reason: string
}

/**
 * `shiki`, with each block it throws on kept in `failures` (the error goes on: rehype-pretty-code
 * catches it and shows the block uncoloured, saying nothing). `rehypeHighlightFailures` turns
 * them into warnings, so a highlighter bug is seen instead of leaving plain blocks behind.
 */
export function recordingFailures(shiki: Highlighter, failures: HighlightFailure[]): Highlighter {
  const codeToHast: Highlighter['codeToHast'] = (code, options) => {
    try {
      return shiki.codeToHast(code, options)
    } catch (error) {
      const lang = String((options as { lang?: unknown }).lang ?? '')
      failures.push({ lang, code, reason: (error as Error).message })
      throw error
    }
  }
  return Object.assign(Object.create(shiki) as Highlighter, { codeToHast })
}

/**
 * After rehype-pretty-code: a warning for each block the highlighter threw on while it ran on this
 * page (pages go through a processor one at a time), at the block's first line in the source.
 */
export function rehypeHighlightFailures(options: { failures: HighlightFailure[] }) {
  return function (_tree: Root, file: VFile) {
    const source = String(file.value)
    for (const failure of options.failures.splice(0)) {
      const first = failure.code.split('\n').find((line) => line.trim()) ?? ''
      const at = first ? source.indexOf(first.trim()) : -1
      const line = at === -1 ? undefined : source.slice(0, at).split('\n').length
      file.message(
        `Cannot highlight this \`${failure.lang}\` block (${failure.reason}); it is shown as plain text`,
        {
          ...(line ? { place: { line, column: 1 } } : {}),
          ruleId: 'highlight-failed',
          source: 'ssg-core',
        },
      )
    }
  }
}
