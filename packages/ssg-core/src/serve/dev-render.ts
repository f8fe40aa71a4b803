import type { BuildMessage } from '../report/messages.js'
import { errorChain } from '../util/errors.js'
import type { DevSite } from './dev-site.js'
import type { RouteRecord } from './invalidate.js'

/** A route's document; a page the theme cannot render gets an error document and a message. */
export function renderRecord(site: DevSite, record: RouteRecord): string {
  try {
    const html = site.themeRuntime.render(record.data, record.sidebar?.sidebar ?? null)
    if (site.renderProblems.delete(record.route)) site.messagesChanged()
    return html
  } catch (error) {
    const message: BuildMessage = {
      file: record.file,
      severity: 'error',
      message: errorChain(error).join(': '),
      ruleId: 'render-failed',
    }
    site.renderProblems.set(record.route, message)
    return errorDocument(record.file, error)
  }
}

/** A page that could not be rendered: the message, escaped; the overlay shows it too. */
export function errorDocument(file: string, error: unknown): string {
  const text = `${file}: ${errorChain(error).join(': ')}`.replace(
    /[&<>]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!,
  )
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Cannot render this page</title></head><body><h1>Cannot render this page</h1><pre>${text}</pre></body></html>`
}
