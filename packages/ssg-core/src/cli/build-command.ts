import { existsSync } from 'node:fs'
import path from 'node:path'
import { build, type BuildReport } from '../pipeline/build.js'
import { describeCounts, formatMessages, FRAMES_PER_RULE, painter } from '../report/format.js'
import { withFrames } from '../report/frames.js'
import { jsonReport } from '../report/json-report.js'
import type { BuildMessage } from '../report/messages.js'
import { ProgressReporter } from '../report/progress.js'
import { BuildFailedError, errorChain } from '../util/errors.js'

/** What `ssg build` was asked for (its flags, parsed). */
export interface BuildCommandOptions {
  root: string
  strict: boolean
  verbose: boolean
  quiet: boolean
  json: boolean
  cache: boolean
  workers?: number
  color: boolean
}

/** A terminal's two streams (the process's, or a test's). */
export interface Terminal {
  stdout: Pick<NodeJS.WriteStream, 'write'>
  stderr: Pick<NodeJS.WriteStream, 'write'> & { isTTY?: boolean; columns?: number }
}

/**
 * Runs `ssg build` and prints its outcome: messages (errors first, warnings by rule) and one
 * summary line on stdout, progress on stderr; or, with `--json`, one JSON report on stdout and
 * nothing else. Resolves with the exit code.
 */
export async function buildCommand(
  options: BuildCommandOptions,
  terminal: Terminal = process,
): Promise<number> {
  const started = performance.now()
  const progress =
    options.json || options.quiet
      ? null
      : new ProgressReporter({
          stream: terminal.stderr,
          mode: terminal.stderr.isTTY ? 'live' : 'lines',
        })
  const print = (text: string) => {
    progress?.clear()
    terminal.stdout.write(text + '\n')
  }
  let report: BuildReport | undefined
  let failure: unknown
  // --json: stdout holds the report alone; whatever a theme or plugin logs goes to stderr.
  const restore = options.json ? logToStderr() : () => {}
  try {
    report = await build({
      root: options.root,
      cache: options.cache,
      strict: options.strict,
      oldOutput: 'background',
      ...(options.workers !== undefined ? { workers: options.workers } : {}),
      ...(progress ? { onProgress: progress.listener } : {}),
    })
  } catch (error) {
    failure = error
    if (error instanceof BuildFailedError) report = (error as { report?: BuildReport }).report
  } finally {
    progress?.stop()
    restore()
  }
  const ok = failure === undefined
  const totalMs = performance.now() - started
  if (options.json) {
    const error = ok || failure instanceof BuildFailedError ? undefined : errorChain(failure)
    const json = jsonReport({
      root: options.root,
      strict: options.strict,
      ok,
      totalMs,
      ...(report ? { report } : {}),
      ...(error ? { error: error.join('\n  caused by: ') } : {}),
    })
    print(JSON.stringify(json, null, 2))
    return ok ? 0 : 1
  }
  if (!report) {
    // The config, the theme or the toolkit itself: not a content message.
    print('ssg: ' + errorChain(failure).join('\n  caused by: '))
    return 1
  }
  // Errors of links and routes are placed but have no source line yet: the first few get one.
  const framed = new Map<string, number>()
  const messages = withFrames(report.messages, report.config.root, (m) => {
    if (m.severity !== 'error') return options.verbose
    framed.set(m.ruleId, (framed.get(m.ruleId) ?? 0) + 1)
    return options.verbose || framed.get(m.ruleId)! <= FRAMES_PER_RULE
  })
  if (messages.some((m) => !options.quiet || m.severity === 'error'))
    print(
      formatMessages(messages, {
        verbose: options.verbose,
        errorsOnly: options.quiet,
        color: options.color,
        counts: false,
        ...(report.config.configFile
          ? { configFile: path.basename(report.config.configFile) }
          : {}),
      }) + '\n',
    )
  if (options.verbose)
    print(
      'ssg: stages: ' + report.timings.map((t) => `${t.name} ${Math.round(t.ms)} ms`).join(', '),
    )
  print(summaryLine({ report, ok, totalMs, strict: options.strict, color: options.color }))
  return ok ? 0 : 1
}

/** The last line: built or failed, errors and warnings by rule, pages. */
export function summaryLine(options: {
  report: BuildReport
  ok: boolean
  totalMs: number
  strict: boolean
  color: boolean
}): string {
  const { report } = options
  const paint = painter(options.color)
  const counts = describeCounts(report.messages as BuildMessage[])
  const out = path.relative(process.cwd(), report.outDir) || '.'
  if (options.ok) {
    const cached = report.cacheHits ? ` (${report.cacheHits} from cache)` : ''
    return `ssg: ${paint.green('built')} ${report.pages} pages${cached} in ${seconds(options.totalMs)} -> ${out}: ${counts}`
  }
  return (
    `ssg: ${paint.red('build failed')}${options.strict ? ' (--strict: warnings count as errors)' : ''}: ${counts}; ` +
    (existsSync(report.outDir) ? `nothing written, ${out} is as it was` : 'nothing written')
  )
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`
}

/** Sends `console.log`, `info` and `debug` to stderr until the returned function is called. */
function logToStderr(): () => void {
  const saved = { log: console.log, info: console.info, debug: console.debug }
  console.log = console.info = console.debug = (...args: unknown[]) => console.error(...args)
  return () => Object.assign(console, saved)
}
