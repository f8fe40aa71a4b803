import { existsSync } from 'node:fs'
import path from 'node:path'
import type { Server } from 'node:http'
import type { BuildMessage } from '../report/messages.js'
import { errorChain, SsgError } from '../util/errors.js'
import type { ProgressListener } from '../util/stage.js'
import { DevSite, type UpdateResult } from './dev-site.js'
import { planChanges, type WatchedPlaces, type WatchEvent } from './invalidate.js'
import { specFiles } from '../openapi/apis.js'
import { prestartCompileWorker } from '../pipeline/compile-thread.js'
import { injectClient, overlayErrors, ReloadChannel } from './live-reload.js'
import { openBrowser } from './open-browser.js'
import { createStaticServer, listen } from './static-server.js'
import { pageWarnings } from './page-warnings.js'
import { describeUpdate, Terminal } from './terminal.js'
import { setupProblem } from './site-messages.js'
import { SiteWatcher, themePackageDir } from './watch.js'

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
  /** Use the on-disk cache of compiled pages. @default true */
  cache?: boolean
  /** Background compile threads; 0 compiles in this thread. @default cores - 1 */
  workers?: number
  /** Print every message in the terminal, not only the first few of each rule. @default false */
  verbose?: boolean
  /** Told when the site starts opening and when it answers (the terminal's progress). */
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
  /** Resolves once every change seen so far has been handled and pushed, and every page compiled. */
  idle(): Promise<void>
  close(): Promise<void>
}

const consoleLogger: DevLogger = {
  info: (line) => console.log(line),
  error: (line) => console.error(line),
}

/**
 * `ssg serve`: answers as soon as the site's route table is made (its pages' front matter read),
 * compiling each page when it is first asked for and the others in the background; then watches
 * `content/`, `static/`, the config and the theme: each change rebuilds what it touches and pushes
 * to the open pages showing it (an article edit is swapped in place, other changes reload). Broken
 * content shows an overlay (and the terminal prints it) while every page keeps its last good
 * version. Throws only when the site folder does not exist.
 */
export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const log = options.logger ?? consoleLogger
  const host = options.host ?? '127.0.0.1'
  const started = performance.now()
  // Files changed after this were maybe not read: the late watcher looks at them (`SiteWatcher`).
  const since = Date.now()
  // The first file asked for while the site opens (a browser asks as soon as the port answers),
  // told to the site being opened whether asked before or after it listens (`compileEarly`).
  let firstAsked: string | undefined
  let onFirstAsked: ((relative: string) => void) | undefined
  const siteOptions = {
    root: options.root,
    firstAsked: (listener: (relative: string) => void) => {
      // Once a site is served, requests compile their pages themselves (a config change reopens).
      if (site) return
      if (firstAsked !== undefined) listener(firstAsked)
      else onFirstAsked = listener
    },
    ...(options.cache !== undefined ? { cache: options.cache } : {}),
    ...(options.workers !== undefined ? { workers: options.workers } : {}),
  }
  if (!existsSync(options.root))
    throw new SsgError(`Cannot find the site folder \`${options.root}\``)
  // The compile thread imports its stack while this one opens the site (`ssg serve` did already).
  prestartCompileWorker()
  let configProblem: BuildMessage | null = null
  let site: DevSite | null = null
  const allErrors = () => [...(configProblem ? [configProblem] : []), ...(site?.errors() ?? [])]
  const allMessages = () => [...(configProblem ? [configProblem] : []), ...(site?.messages() ?? [])]
  const channel = new ReloadChannel(`${process.pid}-${Date.now().toString(36)}`)
  channel.warningsOf = (pathname) => (site ? pageWarnings(site, pathname) : [])
  /** The errors for the overlay, and the version of the warnings (the pages' panels). */
  const problemsNow = () => ({
    errors: overlayErrors(allErrors()),
    warnings: site?.messagesVersion ?? 0,
  })
  const terminal = new Terminal(log, options.verbose === true)
  // The server listens while the site opens: the first request waits for it, not for a retry.
  let opened!: () => void
  const opening = new Promise<void>((resolve) => (opened = resolve))
  const server: Server = createStaticServer({
    root: options.root,
    port: options.port ?? 3000,
    host,
    get basePath() {
      return site?.config.baseUrl ?? '/' // read per request: a config change may move it
    },
    source: async (relative) => {
      if (!site && firstAsked === undefined) {
        firstAsked = relative
        onFirstAsked?.(relative)
        onFirstAsked = undefined
      }
      await opening
      return site ? site.file(relative) : relative === '404.html' ? waitingPage : null
    },
    intercept: channel.handle,
    transformHtml: injectClient,
  })
  const port = await listen(server, options.port ?? 3000, host, 20, (line) => log.info(line))

  // A config or theme that cannot load is shown like broken content: fix it, the site comes up.
  const progress = options.onProgress
  progress?.({ kind: 'stage', stage: 'start' })
  const open = async (): Promise<DevSite | null> => {
    try {
      const next = await DevSite.create(siteOptions)
      configProblem = null
      next.onMessages = () => backgroundFound(next)
      next.onTableChange = () => watcher.nudge()
      // A page read a snippet's file out of `content/`: watched from now on.
      next.onIncludes = () => {
        if (next === site) watching?.setPlaces(placesOf(next))
      }
      return next
    } catch (error) {
      configProblem = setupProblem(options.root, error)
      return null
    }
  }
  site = await open()
  progress?.({ kind: 'stage-done', stage: 'start', ms: performance.now() - started })
  if (process.env.SSG_TRACE && site)
    log.info(
      `ssg: opened in ${site.timings.map((t) => `${t.name} ${Math.round(t.ms)} ms`).join(', ')}; listening at ${Math.round(started)} ms, open at ${Math.round(performance.now())} ms after the process started`,
    )
  channel.push({ reload: [], ...problemsNow() })
  opened()
  const shownHost = host.includes(':') ? `[${host}]` : host
  const url = `http://${shownHost}:${port}${site?.config.baseUrl ?? '/'}`

  /** What the background pass found: the overlay and the terminal get it, a few times a second. */
  let pushTimer: NodeJS.Timeout | undefined
  /** Set by `close()`: a change still being applied fails with the site, and says nothing. */
  let closing = false
  function backgroundFound(from: DevSite): void {
    if (pushTimer || from !== site) return
    pushTimer = setTimeout(() => {
      pushTimer = undefined
      if (from !== site) return
      channel.push({ reload: [], ...problemsNow() })
      terminal.report(allMessages(), false)
    }, 250)
    pushTimer.unref()
  }

  const placesOf = (devSite: DevSite | null): WatchedPlaces => ({
    root: path.resolve(options.root),
    themeDir: devSite ? themePackageDir(devSite.theme.themeServerEntry) : null,
    themeFiles: devSite?.theme.siteInputs ?? [],
    apiFiles: devSite ? specFiles(devSite.config) : [],
    included: new Set(
      [...(devSite?.store.includedFiles ?? [])].map((file) => path.resolve(options.root, file)),
    ),
  })
  /** The watcher, once made (a compile may read a snippet's file before). */
  let watching: SiteWatcher | undefined
  const watcher = new SiteWatcher(
    placesOf(site),
    async (events) => {
      const start = performance.now()
      try {
        const result = await handle(events)
        const errors = allErrors()
        channel.push({
          reload: result.reload,
          refresh: result.refresh,
          pages: result.pages,
          errors: overlayErrors(errors),
          warnings: site?.messagesVersion ?? 0,
        })
        const ms = performance.now() - start
        // The reloading pages ask for the edited documents next: render them meanwhile.
        const current = site
        setImmediate(() => {
          current?.prerender(result.edited)
          // A page that cannot be rendered is an error too (pushed only when the errors changed).
          if (current === site) channel.push({ reload: [], ...problemsNow() })
        })
        options.onUpdate?.({ ...result, ms, errors })
        if (result.reload.length || result.refresh.length || result.compiled)
          log.info(`ssg: ${describeUpdate(result)} in ${Math.round(ms)} ms`)
        terminal.report(allMessages(), false)
      } catch (error) {
        // Never stop serving: report and keep the last good site.
        if (!closing)
          log.error('ssg: cannot apply the change: ' + errorChain(error).join('\n  caused by: '))
      }
    },
    {
      later: site?.firstPageServed,
      since,
    },
  )
  watching = watcher

  async function handle(events: WatchEvent[]): Promise<UpdateResult> {
    const plan = planChanges(events, placesOf(site))
    // A config change opens the site again; so does any change while it could not open.
    if (plan.config || !site) {
      const previous = site
      const next = await open()
      if (!next) return { reload: [], refresh: [], pages: {}, compiled: 0, edited: [] }
      site = next
      watcher.setPlaces(placesOf(site))
      await previous?.dispose()
      log.info(`ssg: ${previous ? 'config changed: ' : ''}serving ${site.size} pages`)
      return { reload: 'all', refresh: [], pages: {}, compiled: 0, edited: [] }
    }
    const result = await site.update(plan)
    // The site's override modules may import other files now.
    if (plan.theme) watcher.setPlaces(placesOf(site))
    return result
  }

  // Without a site (a config that cannot load) every watcher starts now: a fix is what comes next.
  await (site ? watcher.ready : watcher.allReady)
  log.info(
    `ssg: serving ${site?.size ?? 0} pages at ${url} (ready in ${((performance.now() - started) / 1000).toFixed(1)} s; pages compile when first asked for, the others in the background)`,
  )
  terminal.report(allMessages(), true)
  if (site) void reportBackground(site)
  if (options.open) openBrowser(url)

  /** One line once every page is compiled: how long it took, and what it found. */
  async function reportBackground(from: DevSite): Promise<void> {
    await from.settled()
    if (from !== site || !from.store.complete) return
    const messages = from.messages()
    const errors = messages.filter((m) => m.severity === 'error').length
    log.info(
      `ssg: checked all ${from.size} pages in ${((performance.now() - started) / 1000).toFixed(1)} s: ` +
        `${errors} error${errors === 1 ? '' : 's'}, ${messages.length - errors} warning${messages.length - errors === 1 ? '' : 's'}`,
    )
  }

  return {
    url,
    port,
    get site() {
      return site
    },
    async idle() {
      // Every change handled, and every page compiled (their messages known).
      for (;;) {
        await watcher.idle()
        const current = site
        await current?.settled()
        if (current === site && !watcher.busy) return
      }
    },
    async close() {
      closing = true
      clearTimeout(pushTimer)
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

/** What the server answers while nothing could be built: the overlay explains why. */
const waitingPage = {
  path: '404.html',
  body: '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>ssg serve: cannot build the site</title></head><body><h1>Cannot build the site</h1><p>See the terminal, or the message over this page. The page reloads when the problem is fixed.</p></body></html>',
}
