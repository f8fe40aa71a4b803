import { existsSync, realpathSync } from 'node:fs'
import path from 'node:path'
import type { Server } from 'node:http'
import type { BuildMessage } from '../report/messages.js'
import { formatMessages } from '../report/format.js'
import { CONFIG_FILE_NAMES, ConfigError } from '../config/load-config.js'
import { errorChain, SsgError } from '../util/errors.js'
import type { ProgressListener } from '../util/stage.js'
import { DevSite, type UpdateResult } from './dev-site.js'
import { planChanges, type WatchedPlaces, type WatchEvent } from './invalidate.js'
import { specFiles } from '../openapi/apis.js'
import { injectClient, overlayErrors, ReloadChannel } from './live-reload.js'
import { openBrowser } from './open-browser.js'
import { createStaticServer, listen } from './static-server.js'
import { SiteWatcher } from './watch.js'

/** Where the dev server writes: lines for the terminal. */
export interface DevLogger {
  info(line: string): void
  error(line: string): void
}

export interface DevServerOptions {
  /** The site folder. */
  root: string
  /** Interface to bind. @default '127.0.0.1' */
  host?: string
  /** Port; the next free one when taken; 0 for any. @default 3000 */
  port?: number
  /** Open the site in the default browser. @default false */
  open?: boolean
  /** Use the on-disk cache of compiled pages for the first build. @default true */
  cache?: boolean
  /** Worker threads for the first build; 0 for none. @default automatic */
  workers?: number
  /** Print every message in the terminal, not only the first few of each rule. @default false */
  verbose?: boolean
  /** Told when the first build starts and ends, and the pages it has compiled (the terminal's progress). */
  onProgress?: ProgressListener
  /** @default console */
  logger?: DevLogger
  /** Called after each update was pushed (tests, the benchmark). */
  onUpdate?: (update: DevUpdate) => void
}

/** One handled batch of changes. */
export interface DevUpdate extends UpdateResult {
  /** Milliseconds from the first event of the batch to the push. */
  ms: number
  /** Every error now. */
  errors: BuildMessage[]
}

export interface DevServer {
  /** The site's address, base URL included: `http://127.0.0.1:3000/`. */
  url: string
  port: number
  /** The site as the dev server holds it; null while its config or theme cannot load. */
  readonly site: DevSite | null
  /** Resolves once every change seen so far has been handled and pushed. */
  idle(): Promise<void>
  close(): Promise<void>
}

const consoleLogger: DevLogger = {
  info: (line) => console.log(line),
  error: (line) => console.error(line),
}

/**
 * `ssg serve`: one build into memory, then watch `content/`, `static/`, the config and the theme;
 * each change rebuilds what it touches and pushes a reload to the open pages showing it. Broken
 * content shows an overlay (and the terminal prints it) while every page keeps its last good
 * version. Throws only when the first build cannot start (a missing theme, an invalid config).
 */
export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const log = options.logger ?? consoleLogger
  const host = options.host ?? '127.0.0.1'
  const started = performance.now()
  const siteOptions = {
    root: options.root,
    ...(options.cache !== undefined ? { cache: options.cache } : {}),
    ...(options.workers !== undefined ? { workers: options.workers } : {}),
  }
  if (!existsSync(options.root))
    throw new SsgError(`Cannot find the site folder \`${options.root}\``)
  let configProblem: BuildMessage | null = null
  // A config or theme that cannot load is shown like broken content: fix it, the site comes up.
  const progress = options.onProgress
  progress?.({ kind: 'stage', stage: 'first build' })
  const onPages = (done: number, total: number) =>
    progress?.({ kind: 'pages', stage: 'first build', done, total })
  let site: DevSite | null = await DevSite.create({ ...siteOptions, onPages })
    .catch((error: unknown) => {
      configProblem = setupProblem(options.root, error)
      return null
    })
    .finally(() =>
      progress?.({ kind: 'stage-done', stage: 'first build', ms: performance.now() - started }),
    )
  const allErrors = () => [...(configProblem ? [configProblem] : []), ...(site?.errors() ?? [])]
  const channel = new ReloadChannel(
    `${process.pid}-${Date.now().toString(36)}`,
    overlayErrors(allErrors()),
  )
  const server: Server = createStaticServer({
    root: options.root,
    port: options.port ?? 3000,
    host,
    get basePath() {
      return site?.config.baseUrl ?? '/' // read per request: a config change may move it
    },
    source: async (relative) =>
      site ? site.file(relative) : relative === '404.html' ? waitingPage : null,
    intercept: channel.handle,
    transformHtml: injectClient,
  })
  const port = await listen(server, options.port ?? 3000, host, 20, (line) => log.info(line))
  const shownHost = host.includes(':') ? `[${host}]` : host
  const url = `http://${shownHost}:${port}${site?.config.baseUrl ?? '/'}`

  let printed = new Set<string>()
  const report = (messages: BuildMessage[], all: boolean) => {
    const keys = new Map(messages.map((m) => [messageKey(m), m]))
    const fresh = all ? messages : messages.filter((m) => !printed.has(messageKey(m)))
    const errorsBefore = [...printed].filter((k) => k.startsWith('error')).length
    printed = new Set(keys.keys())
    if (fresh.length) log.error(formatMessages(fresh, { verbose: options.verbose === true }))
    const errors = messages.filter((m) => m.severity === 'error').length
    if (!all && errorsBefore > 0 && errors === 0) log.info('ssg: no more errors')
    else if (!all && errors > 0 && !fresh.length && errors !== errorsBefore)
      log.info(`ssg: ${errors} error${errors === 1 ? '' : 's'} left`)
  }

  const placesOf = (devSite: DevSite | null): WatchedPlaces => ({
    root: path.resolve(options.root),
    themeDir: devSite ? themePackageDir(devSite.theme.themeServerEntry) : null,
    themeFiles: devSite?.theme.siteInputs ?? [],
    apiFiles: devSite ? specFiles(devSite.config) : [],
  })
  const watcher = new SiteWatcher(placesOf(site), async (events) => {
    const start = performance.now()
    try {
      const result = await handle(events)
      const errors = allErrors()
      channel.push({ reload: result.reload, errors: overlayErrors(errors) })
      const ms = performance.now() - start
      // The reloading pages ask for the edited documents next: render them meanwhile.
      const current = site
      setImmediate(() => {
        current?.prerender(result.edited)
        // A page that cannot be rendered is an error too (pushed only when the errors changed).
        if (current === site) channel.push({ reload: [], errors: overlayErrors(allErrors()) })
      })
      options.onUpdate?.({ ...result, ms, errors })
      if (result.reload.length || result.compiled)
        log.info(
          `ssg: ${describe(result)} in ${Math.round(ms)} ms` +
            (channel.size
              ? `, reloading ${channel.size} open page${channel.size === 1 ? '' : 's'}`
              : ''),
        )
      report([...(configProblem ? [configProblem] : []), ...(site?.messages() ?? [])], false)
    } catch (error) {
      // Never stop serving: report and keep the last good site.
      log.error('ssg: cannot apply the change: ' + errorChain(error).join('\n  caused by: '))
    }
  })

  async function handle(events: WatchEvent[]): Promise<UpdateResult> {
    const plan = planChanges(events, placesOf(site))
    // A config change rebuilds everything; so does any change while nothing could be built.
    if (plan.config || !site) {
      try {
        const next = await DevSite.create(siteOptions)
        const previous = site
        site = next
        configProblem = null
        watcher.setPlaces(placesOf(site))
        await previous?.dispose()
        log.info(`ssg: ${previous ? 'config changed: ' : ''}built ${site.size} pages`)
        return { reload: 'all', compiled: site.size, edited: [] }
      } catch (error) {
        configProblem = setupProblem(options.root, error)
        return { reload: [], compiled: 0, edited: [] }
      }
    }
    const result = await site.update(plan)
    // The site's override modules may import other files now.
    if (plan.theme) watcher.setPlaces(placesOf(site))
    return result
  }

  await watcher.ready
  log.info(
    `ssg: serving ${site?.size ?? 0} pages at ${url} (ready in ${((performance.now() - started) / 1000).toFixed(1)} s; watching content, static files, config and theme)`,
  )
  report([...(configProblem ? [configProblem] : []), ...(site?.messages() ?? [])], true)
  if (options.open) openBrowser(url)

  return {
    url,
    port,
    get site() {
      return site
    },
    idle: () => watcher.idle(),
    async close() {
      await watcher.close()
      channel.close()
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
      await site?.dispose()
    },
  }
}

/** A config or theme that cannot load, as a message for the terminal and the overlay. */
function setupProblem(root: string, error: unknown): BuildMessage {
  const configFile = CONFIG_FILE_NAMES.find((name) => existsSync(path.join(root, name)))
  return {
    file: configFile ?? '.',
    severity: 'error',
    message: errorChain(error).join('\n'),
    ruleId: error instanceof ConfigError ? 'config' : 'setup',
  }
}

/** What the server answers while nothing could be built: the overlay explains why. */
const waitingPage = {
  path: '404.html',
  body: '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>ssg serve: cannot build the site</title></head><body><h1>Cannot build the site</h1><p>See the terminal, or the message over this page. The page reloads when the problem is fixed.</p></body></html>',
}

function messageKey(m: BuildMessage): string {
  return `${m.severity} ${m.file}:${m.line ?? ''}:${m.column ?? ''} ${m.ruleId} ${m.message}`
}

function describe(result: UpdateResult): string {
  const pages =
    result.reload === 'all'
      ? 'every page'
      : `${result.reload.length} page${result.reload.length === 1 ? '' : 's'}`
  return `compiled ${result.compiled} file${result.compiled === 1 ? '' : 's'}, updated ${pages}`
}

/** The folder of the package holding the theme's server entry (symlinks resolved). */
function themePackageDir(serverEntry: string): string | null {
  let dir = path.dirname(serverEntry)
  for (let i = 0; i < 6; i++) {
    try {
      realpathSync(path.join(dir, 'package.json'))
      return realpathSync(dir)
    } catch {
      dir = path.dirname(dir)
    }
  }
  return null
}
