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

/** A code frame: the line of the place and its neighbours, with a caret under the column. */
export function codeFrame(source: string, line: number, column: number, context = 1): string {
  const all = source.split(/\r?\n/)
  const from = Math.max(1, line - context)
  const to = Math.min(all.length, line + context)
  const width = String(to).length
  const out: string[] = []
  for (let n = from; n <= to; n++) {
    out.push(`${n === line ? '>' : ' '} ${String(n).padStart(width)} | ${all[n - 1] ?? ''}`)
    if (n === line) out.push(`  ${' '.repeat(width)} | ${' '.repeat(Math.max(0, column - 1))}^`)
  }
  return out.join('\n')
}
