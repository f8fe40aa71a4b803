import type { BuildMessage } from './messages.js'
import { referenceUrl } from './reference.js'
import { ruleOf } from './rules.js'

/** How `formatMessages` prints. */
export interface FormatOptions {
  /** Every occurrence of every rule, and a code frame under each one that has it. @default false */
  verbose?: boolean
  /** Errors only (`--quiet`); the count line still counts the warnings. @default false */
  errorsOnly?: boolean
  /** Code frames under errors. @default true */
  frames?: boolean
  /** ANSI colours (a terminal that wants them). @default false */
  color?: boolean
  /** The config file named in "silence it" hints. @default 'ssg.config.ts' */
  configFile?: string
  /** End with the count line (`2 errors (missing-page 2), 5 warnings (...)`). @default true */
  counts?: boolean
  /** Link of a rule's section in the error reference. @default the installed ERRORS.md */
  reference?: (ruleId: string) => string
}

/** A warning rule with more occurrences than this is printed as a group: count, first places, fix. */
export const GROUP_OVER = 3
/** Errors printed per rule before "and N more" (`--verbose` prints all). */
export const ERRORS_PER_RULE = 10
/** Errors of a rule printed with their code frame (`--verbose`: all). */
export const FRAMES_PER_RULE = 3

/**
 * The messages as a team reads them: errors first, each with its place, source line and the
 * rule's fix; then warnings by rule, a rule with many occurrences summed up as its count, its
 * first places, the fix and how to silence it. Each rule links to its section of ERRORS.md.
 */
export function formatMessages(messages: BuildMessage[], options: FormatOptions = {}): string {
  const paint = painter(options.color === true)
  const link = options.reference ?? referenceUrl
  const configFile = options.configFile ?? 'ssg.config.ts'
  const sorted = [...messages].sort(byPlace)
  const blocks: string[][] = []
  const tail = (ruleId: string, lines: string[]) => {
    const rule = ruleOf(ruleId)
    if (rule) lines.push(`  ${paint.dim('fix:')} ${rule.fix}`)
    lines.push(paint.dim(`  see ${link(ruleId)}`))
  }
  const one = (m: BuildMessage, lines: string[], frame: boolean) => {
    const label = m.severity === 'error' ? paint.red('error') : paint.yellow('warning')
    lines.push(`${label}  ${place(m)}  ${m.message}  ${paint.dim(`[${m.ruleId}]`)}`)
    if (frame && m.frame) lines.push(m.frame.replace(/^/gm, '  '))
  }

  for (const [ruleId, errors] of byRule(sorted.filter((m) => m.severity === 'error'))) {
    const lines: string[] = []
    const shown = options.verbose ? errors : errors.slice(0, ERRORS_PER_RULE)
    shown.forEach((m, i) =>
      one(m, lines, options.frames !== false && (options.verbose || i < FRAMES_PER_RULE)),
    )
    if (shown.length < errors.length)
      lines.push(
        `  … and ${errors.length - shown.length} more \`${ruleId}\` errors (--verbose prints all)`,
      )
    tail(ruleId, lines)
    blocks.push(lines)
  }

  if (!options.errorsOnly) {
    // The largest groups first: they are what a team acts on (or silences) first.
    const groups = [...byRule(sorted.filter((m) => m.severity === 'warning'))].sort(
      (a, b) => b[1].length - a[1].length,
    )
    for (const [ruleId, warnings] of groups) {
      const lines: string[] = []
      if (options.verbose || warnings.length <= GROUP_OVER) {
        for (const m of warnings) one(m, lines, options.verbose === true)
        tail(ruleId, lines)
        blocks.push(lines)
        continue
      }
      const rule = ruleOf(ruleId)
      lines.push(
        `${paint.yellow('warning')}  ${paint.bold(ruleId)} ×${warnings.length}` +
          (rule ? `  ${rule.summary}` : ''),
      )
      // Each distinct message once (`sidebar: cssref` on 300 pages is one line), at its first place.
      const distinct = byMessage(warnings)
      let shown = 0
      for (const same of distinct.slice(0, GROUP_OVER)) {
        const files = new Set(same.map((m) => m.file)).size
        const count =
          same.length > 1 ? `  (×${same.length}${files > 1 ? ` in ${files} files` : ''})` : ''
        lines.push(`  ${place(same[0]!)}  ${same[0]!.message}${count}`)
        shown += same.length
      }
      if (shown < warnings.length) {
        const others = distinct.length - GROUP_OVER
        const of = others > 0 ? `${others} other message${others === 1 ? '' : 's'}; ` : ''
        lines.push(`  … and ${warnings.length - shown} more (${of}--verbose prints all)`)
      }
      if (rule) lines.push(`  ${paint.dim('fix:')} ${rule.fix}`)
      if (!rule?.fixed)
        lines.push(`  ${paint.dim('silence:')} messages: { '${ruleId}': 'off' } in ${configFile}`)
      lines.push(paint.dim(`  see ${link(ruleId)}`))
      blocks.push(lines)
    }
  }
  if (options.counts !== false && messages.length) blocks.push([describeCounts(messages)])
  return blocks.map((lines) => lines.join('\n')).join('\n\n')
}

/** `2 errors (missing-page 2), 412 warnings (unknown-language 410, missing-anchor 2)`. */
export function describeCounts(messages: BuildMessage[]): string {
  const part = (severity: BuildMessage['severity']) => {
    const list = messages.filter((m) => m.severity === severity)
    const noun = `${list.length} ${severity}${list.length === 1 ? '' : 's'}`
    if (!list.length) return noun
    const rules = [...byRule(list)]
      .sort((a, b) => b[1].length - a[1].length)
      .map(([id, of]) => `${id} ${of.length}`)
    return `${noun} (${rules.join(', ')})`
  }
  return `${part('error')}, ${part('warning')}`
}

function place(m: BuildMessage): string {
  return m.line === undefined ? m.file : `${m.file}:${m.line}:${m.column ?? 1}`
}

function byPlace(a: BuildMessage, b: BuildMessage): number {
  return (
    a.file.localeCompare(b.file) ||
    (a.line ?? 0) - (b.line ?? 0) ||
    (a.column ?? 0) - (b.column ?? 0)
  )
}

/** Messages by rule id, rules in the order of their first message. */
function byRule(messages: BuildMessage[]): Map<string, BuildMessage[]> {
  const groups = new Map<string, BuildMessage[]>()
  for (const m of messages) {
    const group = groups.get(m.ruleId)
    if (group) group.push(m)
    else groups.set(m.ruleId, [m])
  }
  return groups
}

/** Messages with the same text, in the order of their first place. */
function byMessage(messages: BuildMessage[]): BuildMessage[][] {
  const groups = new Map<string, BuildMessage[]>()
  for (const m of messages) {
    const group = groups.get(m.message)
    if (group) group.push(m)
    else groups.set(m.message, [m])
  }
  return [...groups.values()]
}

/** ANSI styles, or none. */
export function painter(color: boolean) {
  const style = (open: number, close: number) => (text: string) =>
    color ? `\u001b[${open}m${text}\u001b[${close}m` : text
  return {
    red: style(31, 39),
    yellow: style(33, 39),
    green: style(32, 39),
    bold: style(1, 22),
    dim: style(2, 22),
  }
}
