import type { BuildProgress, ProgressListener } from '../util/stage.js'

/** Where progress goes and how: redrawn in place on a terminal, plain lines in a log. */
export interface ProgressOptions {
  /** Usually `process.stderr`. */
  stream: Pick<NodeJS.WriteStream, 'write'> & { isTTY?: boolean; columns?: number }
  /** `live`: one line redrawn in place; `lines`: a line per stage (CI logs). */
  mode: 'live' | 'lines'
  /** In `lines` mode, a long stage prints its pages done this often. @default 10_000 */
  lineEveryMs?: number
  /** @default performance.now */
  now?: () => number
}

const SPINNER = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏']
const REDRAW_MS = 100

/**
 * Shows a build's progress: the stage, pages done out of the total, and the time since the start.
 * On a terminal it is one line redrawn in place (call `clear` before printing anything else, and
 * `stop` at the end, which erases it); in a log it is one line per finished stage, plus a line
 * now and then during a long one.
 */
export class ProgressReporter {
  private readonly now: () => number
  private readonly started: number
  private stage = ''
  private pages: { done: number; total: number } | null = null
  private lastLine = 0
  private drawn = false
  private lastDraw = 0
  private frame = 0
  private timer: NodeJS.Timeout | null = null

  constructor(private readonly options: ProgressOptions) {
    this.now = options.now ?? (() => performance.now())
    this.started = this.now()
  }

  /** The build's `onProgress`. */
  readonly listener: ProgressListener = (event: BuildProgress) => {
    if (event.kind === 'stage') {
      this.stage = event.stage
      this.pages = null
      this.lastLine = this.now()
    } else if (event.kind === 'pages') {
      this.pages = { done: event.done, total: event.total }
    }
    if (this.options.mode === 'live') {
      this.timer ??= setInterval(() => this.draw(), REDRAW_MS).unref()
      if (event.kind === 'stage' || this.now() - this.lastDraw >= REDRAW_MS) this.draw()
      return
    }
    if (event.kind === 'stage-done')
      this.line(
        `ssg: ${event.stage}${this.pages ? `: ${count(this.pages.total)} pages` : ''} (${seconds(event.ms)})`,
      )
    else if (
      event.kind === 'pages' &&
      this.now() - this.lastLine >= (this.options.lineEveryMs ?? 10_000)
    ) {
      this.lastLine = this.now()
      this.line(`ssg: ${event.stage}: ${count(event.done)}/${count(event.total)} pages …`)
    }
  }

  /** Erases the live line (before other output; the next redraw brings it back). */
  clear(): void {
    if (this.drawn) this.options.stream.write('\r\u001b[2K')
    this.drawn = false
  }

  /** Stops redrawing and erases the live line. */
  stop(): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
    this.clear()
  }

  private draw(): void {
    if (!this.stage) return
    const spinner = SPINNER[this.frame++ % SPINNER.length]
    const pages = this.pages ? `  ${count(this.pages.done)}/${count(this.pages.total)} pages` : ''
    const text = `${spinner} ${this.stage}${pages}  ${seconds(this.now() - this.started)}`
    const width = this.options.stream.columns || 80
    this.options.stream.write(`\r\u001b[2K${text.slice(0, Math.max(10, width - 1))}`)
    this.drawn = true
    this.lastDraw = this.now()
  }

  private line(text: string): void {
    this.options.stream.write(text + '\n')
  }
}

function count(n: number): string {
  return n.toLocaleString('en-US')
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`
}
