import type { RuleId } from './rules.js'

/** A problem found in the content or config, placed in its file (serialisable: crosses worker threads). */
export interface BuildMessage {
  /** Path relative to the site folder, with forward slashes. */
  file: string
  line?: number
  column?: number
  severity: 'error' | 'warning'
  message: string
  /** Id of the rule, registered in `rules.ts`; `ERRORS.md` has one section per id. */
  ruleId: RuleId
  /** Source lines around the place, with a caret; added by the reporter. */
  frame?: string
}

/** Widest source text a code frame shows of a line (minified HTML, a long table row). */
export const FRAME_WIDTH = 100

/**
 * A code frame: the line of the place and its neighbours, with a caret under the column. Of lines
 * wider than `FRAME_WIDTH`, the same window of columns around the caret (`…` where cut), so that
 * the caret of column 671 is not 670 spaces away.
 */
export function codeFrame(source: string, line: number, column: number, context = 1): string {
  const all = source.split(/\r?\n/)
  const from = Math.max(1, line - context)
  const to = Math.min(all.length, line + context)
  const width = String(to).length
  const at = Math.max(0, column - 1)
  const longest = Math.max(...all.slice(from - 1, to).map((text) => text.length))
  // The window starts a third of the width before the caret, and ends no later than needed.
  const start =
    longest <= FRAME_WIDTH
      ? 0
      : Math.max(0, Math.min(at - Math.floor(FRAME_WIDTH / 3), longest - FRAME_WIDTH))
  const cut = (text: string) => {
    if (longest <= FRAME_WIDTH) return text
    const shown = text.slice(start, start + FRAME_WIDTH)
    return (start > 0 ? '…' : '') + shown + (text.length > start + FRAME_WIDTH ? '…' : '')
  }
  const caret = at - start + (start > 0 ? 1 : 0)
  const out: string[] = []
  for (let n = from; n <= to; n++) {
    out.push(`${n === line ? '>' : ' '} ${String(n).padStart(width)} | ${cut(all[n - 1] ?? '')}`)
    if (n === line) out.push(`  ${' '.repeat(width)} | ${' '.repeat(caret)}^`)
  }
  return out.join('\n')
}
