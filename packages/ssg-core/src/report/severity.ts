import { z } from 'zod'
import { closest } from '../util/errors.js'
import type { BuildMessage } from './messages.js'
import { RULE_IDS, ruleOf, SEVERITY_SETTINGS, type SeveritySetting } from './rules.js'

/**
 * The config key `messages`: a severity per rule id. Unknown ids fail with a "did you mean";
 * rules that cannot be lowered (`fixed` in the registry) accept only `error`.
 */
export const messagesSchema = z
  .record(z.string(), z.enum(SEVERITY_SETTINGS))
  .superRefine((settings, ctx) => {
    for (const [id, setting] of Object.entries(settings)) {
      const rule = ruleOf(id)
      if (!rule) {
        const suggestion = closest(id, RULE_IDS)
        ctx.addIssue({
          code: 'custom',
          path: [id],
          message:
            `no rule \`${id}\`` +
            (suggestion
              ? `; did you mean \`${suggestion}\`?`
              : '; the rules are listed in @ssg/core/ERRORS.md'),
          params: { showReceived: false },
        })
      } else if (rule.fixed && setting !== 'error')
        ctx.addIssue({
          code: 'custom',
          path: [id],
          message: `\`${id}\` is always an error (${rule.summary}); it cannot be set to \`${setting}\``,
          params: { showReceived: false },
        })
    }
  })

/** The site's severities applied: `off` rules dropped, others set as configured (copies). */
export function applySeverities(
  messages: BuildMessage[],
  settings: Readonly<Record<string, SeveritySetting>> | undefined,
): BuildMessage[] {
  if (!settings || Object.keys(settings).length === 0) return messages
  const out: BuildMessage[] = []
  for (const message of messages) {
    const setting = Object.hasOwn(settings, message.ruleId) ? settings[message.ruleId] : undefined
    if (setting === 'off') continue
    out.push(setting && setting !== message.severity ? { ...message, severity: setting } : message)
  }
  return out
}

/** `--strict`: every warning counts as an error (copies; the list itself when nothing changes). */
export function applyStrict(messages: BuildMessage[], strict: boolean | undefined): BuildMessage[] {
  if (!strict || !messages.some((m) => m.severity === 'warning')) return messages
  return messages.map((m) => (m.severity === 'warning' ? { ...m, severity: 'error' } : m))
}
