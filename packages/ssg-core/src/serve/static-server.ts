import { createGzip } from 'node:zlib'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { createReadStream } from 'node:fs'
import { readFile, realpath, stat } from 'node:fs/promises'
import path from 'node:path'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  // Markdown twins (RFC 7763).
  '.md': 'text/markdown; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.pdf': 'application/pdf',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
}

export function contentType(file: string): string {
  return TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream'
}

/** A file found for a request: on disk (absolute, symlinks resolved) or in memory. */
export type ServedFile = { file: string } | { path: string; body: string | Uint8Array }

/**
 * Where a server finds files by site-relative path (`docs/a.html`, `` for the root folder, no
 * leading slash, never `..`): a built folder on disk, or the dev server's memory.
 */
export type FileSource = (relative: string) => Promise<ServedFile | null>

/**
 * Files of a folder on disk; null for anything that is not a regular file inside it once symlinks
 * are resolved (a symlink pointing out of the folder is not served).
 */
export function diskSource(root: string): FileSource {
  let realRoot: Promise<string> | undefined
  return async (relative) => {
    try {
      realRoot ??= realpath(root)
      const base = await realRoot
      const real = await realpath(path.join(base, relative))
      if (real !== base && !real.startsWith(base + path.sep)) return null
      return (await stat(real)).isFile() ? { file: real } : null
    } catch {
      realRoot = undefined // The folder may appear later (a first build).
      return null
    }
  }
}

/**
 * Maps a request path to a file as a production host would: `/x` -> `x` or `x.html`, else a
 * redirect to `/x/` when `x/index.html` exists; `/x/` -> `x/index.html` (no listing). Returns
 * null for anything outside the root: `..` and `.` segments (also encoded as `%2e%2e`),
 * backslashes (also `%5c`), NUL, and paths that do not start with `/`.
 */
export async function resolveRequest(
  source: FileSource,
  urlPath: string,
): Promise<{ found: ServedFile; redirect?: string } | null> {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return null
  }
  if (decoded.includes('\0') || decoded.includes('\\') || !decoded.startsWith('/')) return null
  const segments = decoded.split('/')
  if (segments.some((s) => s === '..' || s === '.')) return null
  // Empty segments (`//`) are dropped, so that `//x` can never be read as another host's path.
  const relative = segments.filter(Boolean).join('/')
  if (decoded.endsWith('/')) {
    const found = await source(relative ? relative + '/index.html' : 'index.html')
    return found ? { found } : null
  }
  const direct = await source(relative)
  if (direct) return { found: direct }
  const asHtml = await source(relative + '.html')
  if (asHtml) return { found: asHtml }
  const index = await source(relative + '/index.html')
  if (index)
    return {
      found: index,
      redirect: '/' + relative.split('/').map(encodeURIComponent).join('/') + '/',
    }
  return null
}

/**
 * Maps a request path to a file inside `root` (see `resolveRequest`); `redirect` is set when the
 * path names a folder with an index and lacks the trailing slash.
 */
export async function resolveFile(
  root: string,
  urlPath: string,
): Promise<{ file: string; redirect?: string } | null> {
  const resolved = await resolveRequest(diskSource(root), urlPath)
  if (!resolved || !('file' in resolved.found)) return null
  return {
    file: resolved.found.file,
    ...(resolved.redirect ? { redirect: resolved.redirect } : {}),
  }
}

export interface StaticServerOptions {
  /** The folder to serve (ignored when `source` is given). */
  root: string
  port: number
  host: string
  /** The site's base URL (`baseUrl` of the config): requests outside it are not found. @default '/' */
  basePath?: string
  /** Where files come from. @default diskSource(root) */
  source?: FileSource
  /** Long cache headers for content-hashed assets (`_ssg/assets/`). @default true */
  immutableAssets?: boolean
  /** Extra handler tried first (the dev server's reload channel); returns true when it answered. */
  intercept?: (req: IncomingMessage, res: ServerResponse) => boolean
  /** Rewrites HTML before sending it (the dev server injects its client). */
  transformHtml?: (html: string) => string
}

/** Serves a site like a production static host: a built folder, or the dev server's memory. */
export function createStaticServer(options: StaticServerOptions): Server {
  const source = options.source ?? diskSource(options.root)
  return createServer(async (req, res) => {
    try {
      if (options.intercept?.(req, res)) return
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { Allow: 'GET, HEAD' }).end()
        return
      }
      const url = new URL(req.url ?? '/', 'http://localhost')
      const base = options.basePath ?? '/'
      let pathname: string | null = url.pathname
      if (base !== '/') {
        if (pathname === '/' || pathname + '/' === base) {
          res.writeHead(302, { Location: base + url.search }).end()
          return
        }
        pathname = pathname.startsWith(base) ? pathname.slice(base.length - 1) : null
      }
      const resolved = pathname === null ? null : await resolveRequest(source, pathname)
      if (resolved?.redirect) {
        res.writeHead(301, { Location: base.slice(0, -1) + resolved.redirect + url.search }).end()
        return
      }
      if (!resolved) {
        const notFound = await source('404.html')
        res.statusCode = 404
        if (notFound) return await send(notFound, res, req, options)
        res.setHeader('Content-Type', 'text/plain; charset=utf-8')
        res.end('Not found')
        return
      }
      await send(resolved.found, res, req, options)
    } catch (error) {
      if (!res.headersSent) {
        res.statusCode = 500
        res.setHeader('Content-Type', 'text/plain; charset=utf-8')
      }
      res.end(String(error))
    }
  })
}

/** Types worth compressing (images and fonts are compressed already). */
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/

async function send(
  found: ServedFile,
  res: ServerResponse,
  req: IncomingMessage,
  options: StaticServerOptions,
) {
  const name = 'file' in found ? found.file : found.path
  const type = contentType(name)
  res.setHeader('Content-Type', type)
  res.setHeader('X-Content-Type-Options', 'nosniff')
  const hashed =
    'file' in found
      ? found.file.includes(`${path.sep}_ssg${path.sep}assets${path.sep}`)
      : found.path.startsWith('_ssg/assets/')
  res.setHeader(
    'Cache-Control',
    hashed && options.immutableAssets !== false
      ? 'public, max-age=31536000, immutable'
      : 'no-cache',
  )
  if (options.transformHtml && type.startsWith('text/html')) {
    const html = 'file' in found ? await readFile(found.file, 'utf8') : String(found.body)
    const body = options.transformHtml(html)
    res.setHeader('Content-Length', Buffer.byteLength(body))
    res.end(req.method === 'HEAD' ? undefined : body)
    return
  }
  if ('body' in found) {
    res.setHeader('Content-Length', Buffer.byteLength(found.body))
    res.end(req.method === 'HEAD' ? undefined : found.body)
    return
  }
  if (req.method === 'HEAD') {
    res.end()
    return
  }
  // Text is sent gzip-compressed when the client accepts it, as production hosts do.
  const gzip =
    COMPRESSIBLE.test(type) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))
  res.setHeader('Vary', 'Accept-Encoding')
  if (gzip) res.setHeader('Content-Encoding', 'gzip')
  await new Promise<void>((resolve, reject) => {
    const stream = createReadStream(found.file)
    stream.on('error', reject)
    res.on('close', resolve)
    if (gzip) stream.pipe(createGzip({ level: 6 })).pipe(res)
    else stream.pipe(res)
  })
}

/** Listens on `port`, or the next free one when it is taken; resolves with the port used. */
export function listen(
  server: Server,
  port: number,
  host: string,
  tries = 20,
  warn: (line: string) => void = console.warn,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const attempt = (p: number, left: number) => {
      const onError = (error: NodeJS.ErrnoException) => {
        if (error.code === 'EADDRINUSE' && left > 0 && p !== 0) {
          warn(`ssg: port ${p} is in use, trying ${p + 1}`)
          attempt(p + 1, left - 1)
        } else reject(error)
      }
      server.once('error', onError)
      server.listen(p, host, () => {
        server.off('error', onError)
        const address = server.address()
        resolve(typeof address === 'object' && address ? address.port : p)
      })
    }
    attempt(port, tries)
  })
}
