import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { createReadStream } from 'node:fs'
import { realpath, stat } from 'node:fs/promises'
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
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
}

export function contentType(file: string): string {
  return TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream'
}

/**
 * Maps a request path to a file inside `root`, as a production host would: `/x` -> `x.html` or
 * `x/index.html`, `/x/` -> `x/index.html`. Returns null for anything outside the root (`..`,
 * encoded dots, backslashes, NUL, symlinks pointing out) and for folders without an index.
 */
export async function resolveFile(
  root: string,
  urlPath: string,
): Promise<{ file: string; redirect?: string } | null> {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return null
  }
  if (decoded.includes('\0') || decoded.includes('\\') || !decoded.startsWith('/')) return null
  const segments = decoded.split('/')
  if (segments.some((s) => s === '..' || s === '.')) return null
  const realRoot = await realpath(root)
  const inside = async (file: string): Promise<string | null> => {
    try {
      const real = await realpath(file)
      if (real !== realRoot && !real.startsWith(realRoot + path.sep)) return null
      return (await stat(real)).isFile() ? real : null
    } catch {
      return null
    }
  }
  const direct = path.join(realRoot, decoded)
  if (decoded.endsWith('/'))
    return (await inside(path.join(direct, 'index.html')))
      ? { file: path.join(direct, 'index.html') }
      : null
  const asFile = await inside(direct)
  if (asFile) return { file: asFile }
  const asHtml = await inside(direct + '.html')
  if (asHtml) return { file: asHtml }
  if (await inside(path.join(direct, 'index.html')))
    return { file: path.join(direct, 'index.html'), redirect: urlPath + '/' }
  return null
}

export interface StaticServerOptions {
  root: string
  port: number
  host: string
  /** Long cache headers for content-hashed assets (`_ssg/assets/`). @default true */
  immutableAssets?: boolean
  /** Extra handler tried first (the dev server's reload channel); returns true when it answered. */
  intercept?: (req: IncomingMessage, res: ServerResponse) => boolean
  /** Rewrites HTML before sending it (the dev server injects its client). */
  transformHtml?: (html: string) => string
}

/** Serves a built site like a production static host. */
export function createStaticServer(options: StaticServerOptions): Server {
  return createServer(async (req, res) => {
    try {
      if (options.intercept?.(req, res)) return
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { Allow: 'GET, HEAD' }).end()
        return
      }
      const url = new URL(req.url ?? '/', 'http://localhost')
      const found = await resolveFile(options.root, url.pathname)
      if (found?.redirect) {
        res.writeHead(301, { Location: found.redirect + url.search }).end()
        return
      }
      if (!found) {
        const notFound = await resolveFile(options.root, '/404.html')
        res.statusCode = 404
        if (notFound) return send(notFound.file, res, req, options)
        res.setHeader('Content-Type', 'text/plain; charset=utf-8')
        res.end('Not found')
        return
      }
      send(found.file, res, req, options)
    } catch (error) {
      res.statusCode = 500
      res.end(String(error))
    }
  })
}

async function send(
  file: string,
  res: ServerResponse,
  req: IncomingMessage,
  options: StaticServerOptions,
) {
  const type = contentType(file)
  res.setHeader('Content-Type', type)
  res.setHeader('X-Content-Type-Options', 'nosniff')
  const hashed = file.includes(`${path.sep}_ssg${path.sep}assets${path.sep}`)
  res.setHeader(
    'Cache-Control',
    hashed && options.immutableAssets !== false
      ? 'public, max-age=31536000, immutable'
      : 'no-cache',
  )
  if (options.transformHtml && type.startsWith('text/html')) {
    const { readFile } = await import('node:fs/promises')
    const body = options.transformHtml(await readFile(file, 'utf8'))
    res.end(req.method === 'HEAD' ? undefined : body)
    return
  }
  if (req.method === 'HEAD') {
    res.end()
    return
  }
  createReadStream(file).pipe(res)
}

/** Listens on `port`, or the next free one when it is taken; resolves with the port used. */
export function listen(server: Server, port: number, host: string, tries = 20): Promise<number> {
  return new Promise((resolve, reject) => {
    const attempt = (p: number, left: number) => {
      const onError = (error: NodeJS.ErrnoException) => {
        if (error.code === 'EADDRINUSE' && left > 0) {
          console.warn(`ssg: port ${p} is in use, trying ${p + 1}`)
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
