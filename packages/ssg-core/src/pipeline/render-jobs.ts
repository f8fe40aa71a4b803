import type { PageData, Sidebar } from '../theme/contract.js'
import { jsonForScript } from '../util/html.js'
import { htmlOfPacked, packedHtmlOf } from './packed-html.js'
import { renderPageHtml, type DocumentContext } from './render-context.js'

/** A file of a page to make: where, and its key (see `PageKeys`). */
export interface JobFile {
  path: string
  key: string
}

/** What to make of one page: its document and/or its data file (null: kept from before). */
export interface RenderJob {
  page: PageData
  html: JobFile | null
  data: JobFile | null
}

/** A made file, as `OutputCache.write` takes it. */
export interface MadeFile {
  path: string
  content: Uint8Array
  key: string
}

/**
 * Makes the files of `jobs`, in order. Each document and data file becomes its UTF-8 bytes as soon
 * as it is made (the write would encode it anyway): the bytes live outside V8's heap, and the
 * string dies young. Held as strings until the batch was written, a batch's documents (7 MB)
 * survived every young collection made while it rendered, and were copied each time: 2,000
 * pages, 109 young collections took 29% of render + write.
 */
export function renderJobs(
  context: DocumentContext,
  jobs: readonly RenderJob[],
  sidebarOf: (page: PageData) => Sidebar | null,
): { files: MadeFile[]; rendered: number } {
  const files: MadeFile[] = []
  let rendered = 0
  for (const { page, html, data } of jobs) {
    if (html) {
      rendered++
      const content = Buffer.from(renderPageHtml(context, page, sidebarOf(page)))
      files.push({ path: html.path, content, key: html.key })
    }
    if (data)
      files.push({ path: data.path, content: Buffer.from(jsonForScript(page)), key: data.key })
  }
  return { files, rendered }
}

/**
 * A job as posted to a render worker: its page without its HTML (held as bytes, see `packHtml`,
 * sent as they are rather than decoded) in `html`'s place, so that the page's fields keep their
 * order (its data file is its JSON).
 */
export interface PostedJob {
  job: RenderJob
  /** The page's HTML deflated (`packHtml`), or null: then `job.page.html` is the text. */
  packed: Uint8Array | null
}

/** `job` for a render worker (see `PostedJob`). */
export function postedJob(job: RenderJob): PostedJob {
  const packed = packedHtmlOf(job.page)
  if (!packed) return { job, packed: null }
  const source = job.page as unknown as Record<string, unknown>
  const page: Record<string, unknown> = {}
  // Not a spread: it would decode the HTML. Each field read but `html`, in the page's order.
  for (const key of Object.keys(source)) page[key] = key === 'html' ? '' : source[key]
  return { job: { ...job, page: page as unknown as PageData }, packed }
}

/** The job a render worker was posted (see `postedJob`). */
export function receivedJob(posted: PostedJob): RenderJob {
  if (posted.packed) posted.job.page.html = htmlOfPacked(posted.packed)
  return posted.job
}
