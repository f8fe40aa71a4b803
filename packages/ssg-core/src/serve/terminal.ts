import { formatMessages } from '../report/format.js'
import type { BuildMessage } from '../report/messages.js'
import type { DevLogger } from './dev-server.js'
import type { UpdateResult } from './dev-site.js'

/**
 * The messages of `ssg serve` in the terminal: all of them at start, then only the new ones after
 * each change (and a line when the last error is gone, or how many are left).
 */
export class Terminal {
  private printed = new Set<string>()

  constructor(
    private readonly log: DevLogger,
    private readonly verbose: boolean,
  ) {}

  /** Prints the messages not printed yet (`all`: every one). */
  report(messages: BuildMessage[], all: boolean): void {
    const keys = new Map(messages.map((m) => [messageKey(m), m]))
    const fresh = all ? messages : messages.filter((m) => !this.printed.has(messageKey(m)))
    const errorsBefore = [...this.printed].filter((k) => k.startsWith('error')).length
    this.printed = new Set(keys.keys())
    if (fresh.length) this.log.error(formatMessages(fresh, { verbose: this.verbose }))
    const errors = messages.filter((m) => m.severity === 'error').length
    if (!all && errorsBefore > 0 && errors === 0) this.log.info('ssg: no more errors')
    else if (!all && errors > 0 && !fresh.length && errors !== errorsBefore)
      this.log.info(`ssg: ${errors} error${errors === 1 ? '' : 's'} left`)
  }
}

function messageKey(m: BuildMessage): string {
  return `${m.severity} ${m.file}:${m.line ?? ''}:${m.column ?? ''} ${m.ruleId} ${m.message}`
}

/** The terminal's line of a handled change: what was compiled, updated in place, reloaded. */
export function describeUpdate(result: UpdateResult): string {
  const count = (n: number) => `${n} page${n === 1 ? '' : 's'}`
  const parts = [`compiled ${result.compiled} file${result.compiled === 1 ? '' : 's'}`]
  if (result.refresh.length) parts.push(`updated ${count(result.refresh.length)} in place`)
  if (result.reload === 'all') parts.push('reloaded every page')
  else if (result.reload.length) parts.push(`reloaded ${count(result.reload.length)}`)
  return parts.join(', ')
}
