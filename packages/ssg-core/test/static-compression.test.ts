import { request } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import { expect, test } from 'vitest'
import { build } from '../src/pipeline/build.js'
import { createStaticServer } from '../src/serve/static-server.js'
import { makeSite } from './helpers.js'

function get(port: number, urlPath: string, headers: Record<string, string>) {
  return new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
    request({ host: '127.0.0.1', port, path: urlPath, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }))
    })
      .on('error', reject)
      .end()
  })
}

test('the static server gzips text for clients that accept it, like a production host', async () => {
  const root = await makeSite({
    files: { 'content/docs/index.md': '# Home\n\nCompressed text.\n' },
  })
  const report = await build({ root, cache: false, workers: 0 })
  const server = createStaticServer({ root: path.join(root, 'build'), host: '127.0.0.1', port: 0 })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  try {
    const zipped = await get(port, '/docs/', { 'accept-encoding': 'gzip, br' })
    expect(zipped.headers['content-encoding']).toBe('gzip')
    expect(zipped.headers['vary']).toBe('Accept-Encoding')
    expect(gunzipSync(zipped.body).toString()).toContain('Compressed text.')
    const plain = await get(port, '/docs/', {})
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.toString()).toContain('Compressed text.')
    expect(report.pages).toBe(1)
  } finally {
    server.close()
  }
})
