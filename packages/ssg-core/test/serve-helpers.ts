import { request } from 'node:http'
import { connect } from 'node:net'
import { startDevServer, type DevServer } from '../src/serve/dev-server.js'
import type { DevEvent } from '../src/serve/live-reload.js'

/** A dev server on a free loopback port, quiet, without disk cache or worker threads. */
export async function startQuietServer(
  root: string,
): Promise<DevServer & { lines: string[]; events: EventStream }> {
  const lines: string[] = []
  const server = await startDevServer({
    root,
    port: 0,
    cache: false,
    workers: 0,
    logger: { info: (l) => lines.push(l), error: (l) => lines.push(l) },
  })
  const events = await openEvents(server.url, lines)
  const close = server.close
  return Object.assign(server, {
    lines,
    events,
    close: async () => {
      events.close()
      await close()
    },
  })
}

/** A server-sent events client that keeps every event and waits for the next matching one. */
export interface EventStream {
  all: DevEvent[]
  /** The next event (after those seen so far) that matches, or a timeout error. */
  next(match?: (event: DevEvent) => boolean, timeoutMs?: number): Promise<DevEvent>
  /** Marks every event so far as seen. */
  skip(): void
  close(): void
}

export function openEvents(url: string, lines: string[] = []): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const all: DevEvent[] = []
    let read = 0
    const waiters: Array<() => void> = []
    const req = request(new URL('/__ssg/events', url), (res) => {
      let buffer = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        buffer += chunk
        let end
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          const data = block
            .split('\n')
            .filter((l) => l.startsWith('data: '))
            .map((l) => l.slice(6))
            .join('\n')
          if (data) all.push(JSON.parse(data) as DevEvent)
          for (const wake of waiters.splice(0)) wake()
        }
      })
      const stream: EventStream = {
        all,
        async next(match = () => true, timeoutMs = 20_000) {
          const deadline = Date.now() + timeoutMs
          for (;;) {
            while (read < all.length) {
              const event = all[read++]!
              if (match(event)) return event
            }
            const left = deadline - Date.now()
            if (left <= 0)
              throw new Error(
                `no matching event within ${timeoutMs} ms; got ${JSON.stringify(all)}; the server said:\n${lines.join('\n')}`,
              )
            await new Promise<void>((wake) => {
              const timer = setTimeout(wake, left)
              waiters.push(() => {
                clearTimeout(timer)
                wake()
              })
            })
          }
        },
        skip: () => void (read = all.length),
        close: () => req.destroy(),
      }
      // The hello event comes first: wait for it so that later events are the edits'.
      stream.next((e) => e.type === 'hello').then(() => resolve(stream), reject)
    })
    req.on('error', reject)
    req.end()
  })
}

/** The reload event of an edit: an update that lists `route` (or reloads everything). */
export function reloads(route: string) {
  return (event: DevEvent) =>
    event.type === 'update' &&
    event.reload !== undefined &&
    (event.reload === 'all' || event.reload.includes(route))
}

/**
 * The push of an edit: an update that reloads `route` (or everything) or refreshes its data in
 * place.
 */
export function updates(route: string) {
  return (event: DevEvent) => reloads(route)(event) || Boolean(event.refresh?.includes(route))
}

export interface RawResponse {
  status: number
  headers: Record<string, string>
  body: string
}

/** Sends a request line as written (no URL normalisation, unlike fetch). */
export function rawGet(url: string, target: string): Promise<RawResponse> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(`GET ${target} HTTP/1.1\r\nHost: ${hostname}\r\nConnection: close\r\n\r\n`)
    })
    let data = ''
    socket.setEncoding('latin1')
    socket.on('data', (chunk: string) => (data += chunk))
    socket.on('error', reject)
    socket.on('end', () => {
      const [head = '', ...rest] = data.split('\r\n\r\n')
      const [statusLine = '', ...headerLines] = head.split('\r\n')
      const headers: Record<string, string> = {}
      for (const line of headerLines) {
        const at = line.indexOf(':')
        headers[line.slice(0, at).toLowerCase()] = line.slice(at + 1).trim()
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') })
    })
  })
}

/** GET without following redirects. */
export async function get(
  base: string,
  pathname: string,
): Promise<{ status: number; type: string; location: string; body: string; cache: string }> {
  const res = await fetch(new URL(pathname, base), { redirect: 'manual' })
  return {
    status: res.status,
    type: res.headers.get('content-type') ?? '',
    location: res.headers.get('location') ?? '',
    cache: res.headers.get('cache-control') ?? '',
    body: await res.text(),
  }
}

/** Polls until `check` holds (for changes that arrive as several pushes, like a rename). */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not true within ${timeoutMs} ms: ${String(check)}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
