import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { ResolvedConfig } from '../config/load-config.js'
import { CONTRACT_VERSION, type ThemeServerModule } from './contract.js'
import type { Plugin } from 'esbuild'
import { SsgError } from '../util/errors.js'
import {
  CLIENT_ENTRY_ID,
  customizationPlugin,
  hasCustomization,
  loadCustomizedServer,
  planCustomization,
} from './customize.js'

export interface ResolvedTheme {
  /**
   * The browser entry esbuild bundles: the theme's (absolute path), or, when the site customises
   * the theme, a generated entry resolved by `clientPlugins`.
   */
  clientEntry: string
  /** esbuild plugins of the client bundle (the site's component overrides, slots, CSS). */
  clientPlugins: Plugin[]
  /** Absolute path of the server module in use (the theme's, or its bundle with the overrides). */
  serverEntry: string
  /** Absolute path of the theme's own server entry. */
  themeServerEntry: string
  server: ThemeServerModule
  /** The site's files the theme build depends on (override modules, slots, CSS): to watch. */
  siteInputs: string[]
}

/** The file a theme folder's package.json `exports` maps `subpath` to, if any. */
function exportTarget(base: string, subpath: string): string | undefined {
  let pkg: { exports?: Record<string, unknown> }
  try {
    pkg = JSON.parse(readFileSync(path.join(base, 'package.json'), 'utf8'))
  } catch {
    return undefined
  }
  let target = pkg.exports?.[subpath]
  while (target && typeof target === 'object') {
    const conditions = target as Record<string, unknown>
    target = conditions.import ?? conditions.node ?? conditions.default
  }
  return typeof target === 'string' ? path.resolve(base, target) : undefined
}

/** Resolves `<theme>/<entry>` from the site folder (a package name, or a path like `./theme`). */
function resolveEntry(config: ResolvedConfig, entry: 'server' | 'client'): string {
  const name = config.theme.package
  if (name.startsWith('.') || path.isAbsolute(name)) {
    const base = path.resolve(config.root, name)
    const target = exportTarget(base, `./${entry}`)
    if (target) return target
    const require = createRequire(path.join(base, 'package.json'))
    try {
      return require.resolve(`./${entry}`)
    } catch {
      throw new SsgError(
        `Cannot find the \`./${entry}\` entry of the theme folder ${base}: add it to the \`exports\` of its package.json`,
      )
    }
  }
  const attempts = [path.join(config.root, 'package.json'), import.meta.url]
  for (const from of attempts) {
    try {
      return createRequire(from).resolve(`${name}/${entry}`)
    } catch {
      // try the next place
    }
  }
  throw new SsgError(
    `Cannot find the theme \`${name}\` (its \`./${entry}\` entry) from ${config.root}; install it (\`pnpm add ${name}\`) or set \`theme.package\` in the config`,
  )
}

function checkContract(config: ResolvedConfig, serverEntry: string, server: ThemeServerModule) {
  if (typeof server.renderPage !== 'function')
    throw new SsgError(`The theme's server entry ${serverEntry} does not export \`renderPage\``)
  if (server.contractVersion !== CONTRACT_VERSION)
    throw new SsgError(
      `The theme \`${config.theme.package}\` implements contract version ${String(server.contractVersion)}, but @ssg/core needs ${CONTRACT_VERSION}; upgrade the theme or the core so they match`,
    )
}

/**
 * The theme's own browser entry (absolute path), found without loading the theme: `ssg serve`
 * starts the client bundle of a site that does not customise its theme meanwhile.
 */
export function themeClientEntry(config: ResolvedConfig): string {
  return resolveEntry(config, 'client')
}

/** Loads the theme named by the config and checks it speaks this core's contract version. */
export async function resolveTheme(options: {
  config: ResolvedConfig
  /** Imports the server entry afresh (`ssg serve` after the theme changed): a query for the URL. */
  reload?: string
}): Promise<ResolvedTheme> {
  const serverEntry = resolveEntry(options.config, 'server')
  const clientEntry = resolveEntry(options.config, 'client')
  const url = pathToFileURL(serverEntry).href + (options.reload ? `?${options.reload}` : '')
  const server = (await import(url)) as ThemeServerModule
  checkContract(options.config, serverEntry, server)
  if (!hasCustomization(options.config))
    return {
      clientEntry,
      clientPlugins: [],
      serverEntry,
      themeServerEntry: serverEntry,
      server,
      siteInputs: [],
    }
  const plan = await planCustomization({
    config: options.config,
    serverEntry,
    customization: server.customization,
  })
  const customized = await loadCustomizedServer({ config: options.config, serverEntry, plan })
  checkContract(options.config, customized.file, customized.server)
  return {
    clientEntry: CLIENT_ENTRY_ID,
    clientPlugins: [customizationPlugin(plan, 'browser', clientEntry)],
    serverEntry: customized.file,
    themeServerEntry: serverEntry,
    server: customized.server,
    siteInputs: customized.siteInputs,
  }
}
