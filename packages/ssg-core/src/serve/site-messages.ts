import type { ResolvedConfig } from '../config/load-config.js'
import type { CompiledPage } from '../pipeline/compile-page.js'
import type { BuildMessage } from '../report/messages.js'
import { applySeverities } from '../report/severity.js'
import type { RouteTable } from '../site/route-table.js'

/**
 * Every message of the site as `ssg serve` knows it now, in the order `ssg build` reports them
 * (`compileSite`): discovery, each compiled page's own (discovery order), duplicates, sidebars,
 * links (route table order), redirects; severities as the config's `messages` sets them. Pages
 * not compiled yet have no messages until the background pass reaches them.
 */
export function siteMessages(options: {
  config: ResolvedConfig
  discovery: BuildMessage[]
  table: RouteTable
  /** Files in discovery order. */
  order: string[]
  compiled: (file: string) => CompiledPage | undefined
  links: ReadonlyMap<string, { messages: BuildMessage[] }>
}): BuildMessage[] {
  const { table } = options
  const messages = [...options.discovery]
  for (const file of options.order) {
    const page = options.compiled(file)
    if (page?.messages.length) messages.push(...page.messages)
  }
  messages.push(...table.messages.duplicates, ...table.messages.sidebars)
  for (const page of table.pages) {
    const links = options.links.get(page.file)
    if (links?.messages.length) messages.push(...links.messages)
  }
  messages.push(...table.messages.redirects)
  return applySeverities(messages, options.config.messages)
}
