// A server-sent events client of `ssg serve`'s reload channel (bench:serve's memory part).
import { request } from 'node:http'

/** Connects; `next(match)` resolves with the next event that matches. */
export function openEvents(url) {
  return new Promise((resolve, reject) => {
    const listeners = new Set()
    const req = request(new URL('/__ssg/events', url), (res) => {
      let buffer = ''
      res.setEncoding('utf8')
      res.on('data', (chunk) => {
        buffer += chunk
        let end
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          const line = block.split('\n').find((l) => l.startsWith('data: '))
          if (!line) continue
          const event = JSON.parse(line.slice(6))
          for (const listener of listeners) listener(event)
        }
      })
      resolve({
        next(match, timeoutMs = 60_000) {
          return new Promise((done, fail) => {
            const timer = setTimeout(() => {
              listeners.delete(listener)
              fail(new Error(`no matching push within ${timeoutMs} ms`))
            }, timeoutMs)
            const listener = (event) => {
              if (!match(event)) return
              clearTimeout(timer)
              listeners.delete(listener)
              done(event)
            }
            listeners.add(listener)
          })
        },
        close: () => req.destroy(),
      })
    })
    req.on('error', reject)
    req.end()
  })
}
