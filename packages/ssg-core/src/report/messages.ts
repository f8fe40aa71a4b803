/** A problem found in the content or config, placed in its file (serialisable: crosses worker threads). */
export interface BuildMessage {
  /** Path relative to the site folder, with forward slashes. */
  file: string
  line?: number
  column?: number
  severity: 'error' | 'warning'
  message: string
  /** Stable id of the rule; the docs have one anchor per id. */
  ruleId: string
  /** Source lines around the place, with a caret; added by the reporter. */
  frame?: string
}

const RULE_DOCS = 'https://ssg.example/docs/errors#'

/** Formats messages one per line as `file:line:column  severity  message  rule`, then a summary. */
export function formatMessages(
  messages: BuildMessage[],
  options: { frames?: boolean } = {},
): string {
  const sorted = [...messages].sort(
    (a, b) =>
      a.file.localeCompare(b.file) ||
      (a.line ?? 0) - (b.line ?? 0) ||
      (a.column ?? 0) - (b.column ?? 0),
  )
  const lines: string[] = []
  for (const m of sorted) {
    const place = m.line === undefined ? m.file : `${m.file}:${m.line}:${m.column ?? 1}`
    lines.push(
      `${place}  ${m.severity === 'error' ? 'error' : 'warning'}  ${m.message}  ${m.ruleId}`,
    )
    if (options.frames && m.frame) lines.push(m.frame.replace(/^/gm, '    '))
  }
  const errors = messages.filter((m) => m.severity === 'error').length
  const warnings = messages.length - errors
  if (messages.length > 0) {
    const parts = []
    if (errors) parts.push(`${errors} error${errors === 1 ? '' : 's'}`)
    if (warnings) parts.push(`${warnings} warning${warnings === 1 ? '' : 's'}`)
    lines.push(`${parts.join(', ')} (see ${RULE_DOCS}<rule> for each rule)`)
  }
  return lines.join('\n')
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
