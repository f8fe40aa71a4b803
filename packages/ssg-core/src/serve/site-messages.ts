import { existsSync } from 'node:fs'
import path from 'node:path'
import { CONFIG_FILE_NAMES, ConfigError, type ResolvedConfig } from '../config/load-config.js'
import { errorChain } from '../util/errors.js'
import type { CompiledPage } from '../pipeline/compile-page.js'
import type { BuildMessage } from '../report/messages.js'
import { applySeverities } from '../report/severity.js'
import type { RouteTable } from '../site/route-table.js'

/** What the messages of `ssg serve` are gathered from. */
export interface MessageSources {
  config: ResolvedConfig
  discovery: BuildMessage[]
  table: RouteTable
  /** Files in discovery order (a new array when files come or go: its ranks are kept by it). */
  order: string[]
  compiled: (file: string) => CompiledPage | undefined
  links: ReadonlyMap<string, { messages: BuildMessage[] }>
  /**
   * The files whose compile or link check may have messages (at least every one that has any):
   * the lists below go through these, not through every page of the site, which cost an edit of
   * a 10,000-page site tens of milliseconds.
   */
  withMessages: ReadonlySet<string>
}

/** Rank of each file in a list of files, kept per list. */
const ranks = new WeakMap<readonly unknown[], Map<string, number>>()

function rankIn<T>(list: readonly T[], fileOf: (item: T) => string): Map<string, number> {
  let rank = ranks.get(list)
  if (!rank) {
    rank = new Map(list.map((item, index) => [fileOf(item), index]))
    ranks.set(list, rank)
  }
  return rank
}

/** The files of `files` that `rank` has, in its order. */
function inOrder(files: ReadonlySet<string>, rank: Map<string, number>): string[] {
  return [...files].filter((f) => rank.has(f)).sort((a, b) => rank.get(a)! - rank.get(b)!)
}

/**
 * Every message of the site as `ssg serve` knows it now, in the order `ssg build` reports them
 * (`compileSite`): discovery, each compiled page's own (discovery order), duplicates, sidebars,
 * links (route table order), redirects; severities as the config's `messages` sets them. Pages
 * not compiled yet have no messages until the background pass reaches them.
 */
export function siteMessages(options: MessageSources): BuildMessage[] {
  const { table, withMessages } = options
  const messages = [...options.discovery]
  const discovered = inOrder(
    withMessages,
    rankIn(options.order, (f) => f),
  )
  for (const file of discovered) {
    const page = options.compiled(file)
    if (page?.messages.length) messages.push(...page.messages)
  }
  messages.push(...table.messages.duplicates, ...table.messages.sidebars)
  const routed = inOrder(
    withMessages,
    rankIn(table.pages, (p) => p.file),
  )
  for (const file of routed) {
    const links = options.links.get(file)
    if (links?.messages.length) messages.push(...links.messages)
  }
  messages.push(...table.messages.redirects)
  return applySeverities(messages, options.config.messages)
}

/**
 * The messages of one file, as `siteMessages` lists them (same order, same severities), without
 * the site's whole list: an edit asks whether its page is broken.
 */
export function fileMessages(options: MessageSources, file: string): BuildMessage[] {
  const { table } = options
  const own = (list: BuildMessage[]) => list.filter((m) => m.file === file)
  const messages = own(options.discovery)
  const page = options.withMessages.has(file) ? options.compiled(file) : undefined
  if (page?.messages.length) messages.push(...own(page.messages))
  messages.push(...own(table.messages.duplicates), ...own(table.messages.sidebars))
  const links = table.byFile.has(file) ? options.links.get(file) : undefined
  if (links?.messages.length) messages.push(...own(links.messages))
  messages.push(...own(table.messages.redirects))
  return applySeverities(messages, options.config.messages)
}

/** A config or theme that cannot load, as a message for the terminal and the overlay. */
export function setupProblem(root: string, error: unknown): BuildMessage {
  const configFile = CONFIG_FILE_NAMES.find((name) => existsSync(path.join(root, name)))
  return {
    file: configFile ?? '.',
    severity: 'error',
    message: errorChain(error).join('\n'),
    ruleId: error instanceof ConfigError ? 'config' : 'setup',
  }
}
