import type { IncomingMessage, ServerResponse } from 'node:http'
import type { BuildMessage } from '../report/messages.js'
import type { PageData } from '../theme/contract.js'
import { DEV_CLIENT_PATH, devClientScript, WARNINGS_PATH } from './dev-client.js'

/** The server-sent events endpoint of the dev server. */
export const EVENTS_PATH = '/__ssg/events'

/** An error as the overlay shows it. */
export type OverlayError = Pick<BuildMessage, 'file' | 'line' | 'column' | 'message' | 'frame'> & {
  /** The rule's id, or `more` on the last entry when the list was cut. */
  ruleId: BuildMessage['ruleId'] | 'more'
}

/** What the dev server pushes to open pages. */
export interface DevEvent {
  /** `hello` on connecting (the current errors), `update` after a change. */
  type: 'hello' | 'update'
  /** Id of the server process: a page that sees another one reloads (the server restarted). */
  session: string
  /** Site paths whose output changed (pages showing them reload), or `all`. */
  reload?: string[] | 'all'
  /**
   * Site paths whose page data changed but not their page (an article edit): a page showing one
   * swaps the new data in through its theme's router (`DEV_REFRESH_EVENT`), or reloads.
   */
  refresh?: string[]
  /**
   * The new page data of site paths of `refresh` (when they are few): a page showing one swaps it
   * in without asking for it (`DevRefreshDetail.page`).
   */
  pages?: Record<string, PageData>
  /** The current errors; absent when unchanged since the previous event. */
  errors?: OverlayError[]
  /**
   * The version of the site's warnings, when they changed since the previous event (and in
   * `hello`): a page asks for its own at `WARNINGS_PATH` again.
   */
  warnings?: number
}

/** Most errors sent to the overlay (the terminal prints them all). */
const OVERLAY_LIMIT = 50

export function overlayErrors(messages: BuildMessage[]): OverlayError[] {
  return forOverlay(
    messages.filter((m) => m.severity === 'error'),
    OVERLAY_LIMIT,
  )
}

/** Most warnings a page's panel lists. */
const PAGE_WARNINGS_LIMIT = 20

/** The warnings of one page's file, as its warnings panel shows them. */
export function overlayWarnings(messages: BuildMessage[], file: string): OverlayError[] {
  return forOverlay(
    messages.filter((m) => m.severity === 'warning' && m.file === file),
    PAGE_WARNINGS_LIMIT,
  )
}

/** Messages as the overlay shows them, the list cut at `limit` (a last entry says how many more). */
function forOverlay(errors: BuildMessage[], limit: number): OverlayError[] {
  const shown: OverlayError[] = errors.slice(0, limit).map((m) => ({
    file: m.file,
    ...(m.line !== undefined ? { line: m.line, column: m.column ?? 1 } : {}),
    message: m.message,
    ruleId: m.ruleId,
    ...(m.frame ? { frame: m.frame } : {}),
  }))
  const more = errors.length - shown.length
  if (more > 0)
    shown.push({ file: '', message: `and ${more} more: see the terminal`, ruleId: 'more' })
  return shown
}

/**
 * The reload channel: server-sent events to every open page, and the small script that listens
 * to them (served at `DEV_CLIENT_PATH`, injected into every HTML page by `injectClient`).
 */
export class ReloadChannel {
  private readonly clients = new Set<ServerResponse>()
  private readonly ping: NodeJS.Timeout
  private errorsJson = '[]'
  private warnings = 0
  /** A page's warnings by its pathname (`WARNINGS_PATH`); none until the site is open. */
  warningsOf: (pathname: string) => OverlayError[] = () => []

  constructor(
    readonly session: string,
    private errors: OverlayError[] = [],
  ) {
    this.errorsJson = JSON.stringify(errors)
    // Comments keep idle connections open through proxies and let dead ones be noticed.
    this.ping = setInterval(() => this.write(': ping\n\n'), 20_000)
    this.ping.unref()
  }

  /** Number of connected pages. */
  get size(): number {
    return this.clients.size
  }

  /** Answers the events endpoint and the client script; false for any other request. */
  handle = (req: IncomingMessage, res: ServerResponse): boolean => {
    const pathname = (req.url ?? '/').split('?')[0]
    if (pathname === DEV_CLIENT_PATH) {
      res.writeHead(200, {
        'Content-Type': 'text/javascript; charset=utf-8',
        'Cache-Control': 'no-cache',
      })
      res.end(req.method === 'HEAD' ? undefined : devClientScript())
      return true
    }
    if (pathname === WARNINGS_PATH) {
      const page = new URL(req.url ?? '/', 'http://x').searchParams.get('path') ?? '/'
      res.writeHead(200, {
        'Content-Type': 'application/json; charset=utf-8',
        'Cache-Control': 'no-store',
      })
      res.end(req.method === 'HEAD' ? undefined : JSON.stringify(this.warningsOf(page)))
      return true
    }
    if (pathname !== EVENTS_PATH) return false
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    })
    res.flushHeaders()
    res.socket?.setNoDelay(true)
    const hello: DevEvent = {
      type: 'hello',
      session: this.session,
      errors: this.errors,
      warnings: this.warnings,
    }
    res.write(`retry: 500\n\n${format(hello)}`)
    this.clients.add(res)
    res.on('close', () => this.clients.delete(res))
    return true
  }

  /**
   * Pushes an update. `errors` and `warnings` are sent only when they differ from the previous
   * push; nothing is sent when neither pages, errors nor warnings changed.
   */
  push(update: {
    reload: string[] | 'all'
    refresh?: string[]
    /** Page data of site paths of `refresh` (see `DevEvent.pages`). */
    pages?: Record<string, PageData>
    errors: OverlayError[]
    /** The version of the site's warnings (see `DevEvent.warnings`). */
    warnings?: number
  }): boolean {
    const json = JSON.stringify(update.errors)
    const errorsChanged = json !== this.errorsJson
    this.errors = update.errors
    this.errorsJson = json
    const warningsChanged = update.warnings !== undefined && update.warnings !== this.warnings
    if (update.warnings !== undefined) this.warnings = update.warnings
    const reload = update.reload === 'all' || update.reload.length ? update.reload : undefined
    const refresh = update.refresh?.length ? update.refresh : undefined
    if (!reload && !refresh && !errorsChanged && !warningsChanged) return false
    const event: DevEvent = {
      type: 'update',
      session: this.session,
      ...(reload ? { reload } : {}),
      ...(refresh ? { refresh } : {}),
      ...(refresh && update.pages ? { pages: update.pages } : {}),
      ...(errorsChanged ? { errors: update.errors } : {}),
      ...(warningsChanged ? { warnings: this.warnings } : {}),
    }
    this.write(format(event))
    return true
  }

  close(): void {
    clearInterval(this.ping)
    for (const res of this.clients) res.end()
    this.clients.clear()
  }

  private write(chunk: string): void {
    for (const res of this.clients) res.write(chunk)
  }
}

function format(event: DevEvent): string {
  return `data: ${JSON.stringify(event)}\n\n`
}

/** Adds the dev client to an HTML document (before `</body>`, else at the end). */
export function injectClient(html: string): string {
  const tag = `<script type="module" src="${DEV_CLIENT_PATH}"></script>`
  const at = html.lastIndexOf('</body>')
  return at === -1 ? html + tag : html.slice(0, at) + tag + html.slice(at)
}
