import type { BuildReport } from '../pipeline/build.js'
import type { StageTiming } from '../util/stage.js'
import type { BuildMessage } from './messages.js'
import { referenceUrl } from './reference.js'

/** `ssg build --json`: the one object printed on stdout. Field names are stable. */
export interface JsonReport {
  /** Version of this format; bumped when a field changes meaning or goes away. */
  format: 1
  /** True when the site was built and written. */
  ok: boolean
  /** `--strict`: warnings counted as errors. */
  strict: boolean
  /** The site folder (absolute). */
  root: string
  /** The output folder (absolute); null when the config could not be loaded. */
  outDir: string | null
  /** Pages of the site (0 when the build stopped before reading them). */
  pages: number
  /** Pages whose compiled form came from the cache. */
  cacheHits: number
  /** Pages rendered by the theme (the others were unchanged since the last build). */
  renderedPages: number
  /** Milliseconds from start to end. */
  totalMs: number
  /** Each stage that ran, in order. */
  timings: Array<{ stage: string; ms: number }>
  counts: {
    errors: number
    warnings: number
    /** By rule id. */
    byRule: Record<string, { errors: number; warnings: number }>
  }
  /** Every message, errors first, then by file and place. */
  messages: Array<{
    severity: BuildMessage['severity']
    ruleId: string
    file: string
    line?: number
    column?: number
    message: string
    /** The rule's section of the error reference. */
    help: string
  }>
  /** Why the build stopped, when it is not a content message (config, theme, an internal error). */
  error?: string
}

/** The JSON report of a build that ran (`report`), failed on its messages, or failed otherwise. */
export function jsonReport(options: {
  root: string
  strict: boolean
  ok: boolean
  totalMs: number
  report?: Partial<BuildReport> & { messages?: BuildMessage[]; timings?: StageTiming[] }
  error?: string
}): JsonReport {
  const report = options.report ?? {}
  const messages = [...(report.messages ?? [])].sort(
    (a, b) =>
      (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1) ||
      a.file.localeCompare(b.file) ||
      (a.line ?? 0) - (b.line ?? 0) ||
      (a.column ?? 0) - (b.column ?? 0),
  )
  const byRule: JsonReport['counts']['byRule'] = {}
  for (const m of messages) {
    const entry = (byRule[m.ruleId] ??= { errors: 0, warnings: 0 })
    if (m.severity === 'error') entry.errors++
    else entry.warnings++
  }
  const errors = messages.filter((m) => m.severity === 'error').length
  return {
    format: 1,
    ok: options.ok,
    strict: options.strict,
    root: options.root,
    outDir: report.outDir ?? null,
    pages: report.pages ?? 0,
    cacheHits: report.cacheHits ?? 0,
    renderedPages: report.renderedPages ?? 0,
    totalMs: round(options.totalMs),
    timings: (report.timings ?? []).map((t) => ({ stage: t.name, ms: round(t.ms) })),
    counts: { errors, warnings: messages.length - errors, byRule },
    messages: messages.map((m) => ({
      severity: m.severity,
      ruleId: m.ruleId,
      file: m.file,
      ...(m.line !== undefined ? { line: m.line, column: m.column ?? 1 } : {}),
      message: m.message,
      help: referenceUrl(m.ruleId),
    })),
    ...(options.error !== undefined ? { error: options.error } : {}),
  }
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10
}
