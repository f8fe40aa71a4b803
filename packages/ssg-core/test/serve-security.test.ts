import { createServer, type Server } from 'node:net'
import { mkdir, symlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { build } from '../src/pipeline/build.js'
import { startDevServer } from '../src/serve/dev-server.js'
import { openBrowser } from '../src/serve/open-browser.js'
import { createStaticServer, listen } from '../src/serve/static-server.js'
import { makeSite } from './helpers.js'
import { get, rawGet } from './serve-helpers.js'

const SECRET = 'SECRET-MARKER-7f3a'

const files = {
  'content/docs/index.md': '# Home\n\nHome text.\n',
  'content/docs/guide.md': '# Guide\n\nGuide text.\n',
  'content/docs/folder/index.md': '# Folder\n\nFolder text.\n',
  'static/img/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'static/files/data.bin': 'binary',
  'static/notes.txt': 'notes',
  'secret.txt': SECRET,
}

interface Target {
  url: string
  close(): Promise<void>
}

async function makeSecuritySite(config?: Record<string, unknown>): Promise<string> {
  const root = await makeSite({ files, ...(config ? { config } : {}) })
  // Symlinks pointing out of the served folder.
  await symlink(path.join(root, 'secret.txt'), path.join(root, 'static/link-out.txt'))
  await symlink('/etc', path.join(root, 'static/etc-link'))
  return root
}

async function startDev(root: string): Promise<Target> {
  const server = await startDevServer({
    root,
    port: 0,
    cache: false,
    workers: 0,
    logger: { info: () => {}, error: () => {} },
  })
  return { url: server.url, close: server.close }
}

/** `ssg serve --static`: the built folder, served as the CLI does. */
async function startStatic(root: string): Promise<Target> {
  const report = await build({ root, cache: false, workers: 0 })
  // Symlinks in build/ pointing out of it (copied from static/, or planted there).
  await symlink(path.join(root, 'secret.txt'), path.join(report.outDir, 'planted-link.txt'))
  const server = createStaticServer({
    root: report.outDir,
    host: '127.0.0.1',
    port: 0,
    basePath: report.config.baseUrl,
  })
  const port = await listen(server, 0, '127.0.0.1')
  return {
    url: `http://127.0.0.1:${port}${report.config.baseUrl}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

describe.each([
  ['dev server', startDev],
  ['static mode', startStatic],
])('%s', (_name, start) => {
  let target: Target
  beforeAll(async () => {
    target = await start(await makeSecuritySite())
  })
  afterAll(() => target?.close())

  test('routes resolve as in the built site', async () => {
    for (const pathname of ['/docs/guide', '/docs/guide.html']) {
      const res = await get(target.url, pathname)
      expect(res.status, pathname).toBe(200)
      expect(res.body, pathname).toContain('Guide text.')
    }
    for (const pathname of [
      '/docs/folder/',
      '/docs/folder/index.html',
      '/docs/',
      '/docs/index.html',
    ]) {
      const res = await get(target.url, pathname)
      expect(res.status, pathname).toBe(200)
      expect(res.body, pathname).toMatch(/Folder text\.|Home text\./)
    }
    const folder = await get(target.url, '/docs/folder?tab=1')
    expect(folder.status).toBe(301)
    expect(folder.location).toBe('/docs/folder/?tab=1')
    // `/x/` is a folder: the page `x.html` is not found there (as on a static host).
    expect((await get(target.url, '/docs/guide/')).status).toBe(404)
  })

  test('unknown paths get 404.html with status 404', async () => {
    for (const pathname of ['/docs/nope', '/nope/', '/docs/nope.md', '/content/docs/guide.md']) {
      const res = await get(target.url, pathname)
      expect(res.status, pathname).toBe(404)
      expect(res.type).toBe('text/html; charset=utf-8')
      expect(res.body).toContain('Page not found')
    }
    // A page's path with `.md` is its Markdown twin (made from the page), not its source.
    const twin = await get(target.url, '/docs/guide.md')
    expect(twin.type).toBe('text/markdown; charset=utf-8')
    expect(twin.body).not.toMatch(/^---/)
  })

  test('no directory listing', async () => {
    for (const pathname of [
      '/files/',
      '/files',
      '/img/',
      '/_ssg/',
      '/_ssg/assets/',
      '/_ssg/data/',
    ]) {
      const res = await get(target.url, pathname)
      expect(res.status, pathname).toBe(404)
      expect(res.body).not.toContain('data.bin')
      expect(res.body).not.toContain('logo.svg')
    }
  })

  test('content types, nosniff, and long cache headers for hashed assets only', async () => {
    const page = await get(target.url, '/docs/guide')
    expect(page.type).toBe('text/html; charset=utf-8')
    expect(page.cache).toBe('no-cache')
    const css = /<link rel="stylesheet" href="([^"]+)"/.exec(page.body)![1]!
    const js = /<script type="module" src="(\/_ssg\/assets\/[^"]+)"/.exec(page.body)![1]!
    const expected: Array<[string, string]> = [
      [css, 'text/css; charset=utf-8'],
      [js, 'text/javascript; charset=utf-8'],
      ['/img/logo.svg', 'image/svg+xml'],
      ['/notes.txt', 'text/plain; charset=utf-8'],
      ['/files/data.bin', 'application/octet-stream'],
      ['/sitemap.xml', 'application/xml; charset=utf-8'],
      ['/robots.txt', 'text/plain; charset=utf-8'],
      ['/_ssg/data/docs/guide.json', 'application/json; charset=utf-8'],
    ]
    for (const [pathname, type] of expected) {
      const res = await fetch(new URL(pathname, target.url))
      expect(res.status, pathname).toBe(200)
      expect(res.headers.get('content-type'), pathname).toBe(type)
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('cache-control'), pathname).toBe(
        pathname.startsWith('/_ssg/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      )
    }
  })

  test('HEAD has no body; other methods are refused', async () => {
    const head = await fetch(new URL('/docs/guide', target.url), { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
    const post = await fetch(new URL('/docs/guide', target.url), { method: 'POST' })
    expect(post.status).toBe(405)
    expect(post.headers.get('allow')).toBe('GET, HEAD')
  })

  test.each([
    '/../secret.txt',
    '/../../secret.txt',
    '/%2e%2e/secret.txt',
    '/%2E%2E/secret.txt',
    '/..%2fsecret.txt',
    '/%2e%2e%2fsecret.txt',
    '/img/..%2f..%2f..%2fsecret.txt',
    '/img/%2e%2e/%2e%2e/secret.txt',
    '/..\\secret.txt',
    '/img\\..\\..\\secret.txt',
    '/%5c..%5csecret.txt',
    '/img/%5c..%5c..%5csecret.txt',
    '/%252e%252e/secret.txt',
    '//secret.txt',
    '/%2fsecret.txt',
    '/etc/passwd',
    '//etc/passwd',
    '/%2fetc%2fpasswd',
    '/C:/Windows/win.ini',
    'http://127.0.0.1/../secret.txt',
    '/secret.txt%00.html',
    '/link-out.txt',
    '/planted-link.txt',
    '/etc-link/passwd',
    '/etc-link/',
  ])('%s is not reachable', async (requestTarget) => {
    const res = await rawGet(target.url, requestTarget)
    expect([400, 404]).toContain(res.status)
    expect(res.body).not.toContain(SECRET)
    expect(res.body).not.toMatch(/root:.*:0:0:/)
  })
})

describe('base URL', () => {
  test.each([
    ['dev server', startDev],
    ['static mode', startStatic],
  ])('%s serves the site under its base URL only', async (_name, start) => {
    const target = await start(await makeSecuritySite({ baseUrl: '/base/' }))
    try {
      expect(target.url).toMatch(/\/base\/$/)
      const origin = new URL(target.url).origin
      expect((await get(origin, '/base/docs/guide')).body).toContain('Guide text.')
      expect((await get(origin, '/docs/guide')).status).toBe(404)
      const root = await get(origin, '/')
      expect(root.status).toBe(302)
      expect(root.location).toBe('/base/')
      const folder = await get(origin, '/base/docs/folder')
      expect(folder.location).toBe('/base/docs/folder/')
    } finally {
      await target.close()
    }
  })
})

describe('server options', () => {
  let blocker: Server
  afterAll(() => blocker?.close())

  test('a taken port is reported and the next free one used; 127.0.0.1 by default', async () => {
    blocker = createServer()
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
    const taken = (blocker.address() as { port: number }).port
    const root = await makeSite({ files: { 'content/docs/index.md': '# Home\n' } })
    const lines: string[] = []
    const server = await startDevServer({
      root,
      port: taken,
      cache: false,
      workers: 0,
      logger: { info: (l) => lines.push(l), error: (l) => lines.push(l) },
    })
    try {
      expect(server.port).toBeGreaterThan(taken)
      expect(server.url).toBe(`http://127.0.0.1:${server.port}/`)
      expect(lines).toContain(`ssg: port ${taken} is in use, trying ${taken + 1}`)
      expect((await get(server.url, '/docs/')).status).toBe(200)
    } finally {
      await server.close()
    }
  })

  test('--open never fails, even without a browser opener', async () => {
    const pathBefore = process.env.PATH
    process.env.PATH = ''
    try {
      expect(() => openBrowser('http://127.0.0.1:9/')).not.toThrow()
      await new Promise((resolve) => setTimeout(resolve, 100)) // The spawn error arrives later.
    } finally {
      process.env.PATH = pathBefore
    }
  })

  test('a static file written after the start is served (dev server)', async () => {
    const root = await makeSite({ files: { 'content/docs/index.md': '# Home\n' } })
    const target = await startDev(root)
    try {
      await mkdir(path.join(root, 'static'), { recursive: true })
      await writeFile(path.join(root, 'static/late.txt'), 'late')
      expect((await get(target.url, '/late.txt')).body).toBe('late')
    } finally {
      await target.close()
    }
  })
})
