// `ssg serve` and `ssg serve --static` as a user runs them: the CLI (bundled from the sources
// for the test) in a child process.
import { spawn, type ChildProcess } from 'node:child_process'
import { rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build as esbuild } from 'esbuild'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { build } from '../src/pipeline/build.js'
import { makeSite } from './helpers.js'
import { eventually, get } from './serve-helpers.js'

const here = path.dirname(fileURLToPath(import.meta.url))
const cli = path.join(here, `../.tmp/cli-${process.pid}.mjs`)

beforeAll(async () => {
  // Next to the package's node_modules, so that its dependencies resolve.
  await esbuild({
    entryPoints: [path.join(here, '../src/cli/main.ts')],
    outfile: cli,
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'warning',
  })
})
afterAll(() => rm(cli, { force: true }))

interface Running {
  child: ChildProcess
  output: () => string
  url: string
}

/** Starts `ssg <args>` and waits for the address it serves at. */
async function run(args: string[]): Promise<Running> {
  const child = spawn(process.execPath, [cli, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  let url = ''
  await eventually(async () => {
    if (child.exitCode !== null) throw new Error(`ssg exited: ${output}`)
    url = /at (http:\/\/\S+)/.exec(output)?.[1] ?? ''
    return url !== ''
  }, 60_000)
  return { child, output: () => output, url }
}

function stop(running: Running): Promise<number | null> {
  return new Promise((resolve) => {
    running.child.once('exit', (code) => resolve(code))
    running.child.kill('SIGTERM')
  })
}

describe('ssg serve --static', () => {
  test('serves build/ with long cache headers for hashed assets', async () => {
    const root = await makeSite({ files: { 'content/docs/index.md': '# Home\n\nBuilt.\n' } })
    await build({ root, cache: false, workers: 0 })
    const running = await run(['serve', root, '--static', '--port', '0'])
    try {
      expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/)
      const page = await get(running.url, '/docs/')
      expect(page.status).toBe(200)
      expect(page.body).toContain('Built.')
      expect(page.body).not.toContain('/__ssg/client.js')
      const asset = /<script type="module" src="([^"]+)"/.exec(page.body)![1]!
      expect((await get(running.url, asset)).cache).toBe('public, max-age=31536000, immutable')
      expect((await get(running.url, '/docs/nope')).status).toBe(404)
    } finally {
      await stop(running)
    }
  })

  test('without a build, says what to run', async () => {
    const root = await makeSite({ files: { 'content/docs/index.md': '# Home\n' } })
    const child = spawn(process.execPath, [cli, 'serve', root, '--static'], { stdio: 'pipe' })
    let output = ''
    child.stderr.on('data', (chunk) => (output += chunk))
    const code = await new Promise((resolve) => child.once('exit', resolve))
    expect(code).toBe(1)
    expect(output).toMatch(/Nothing to serve at .*build: run `ssg build` first/)
  })
})

describe('ssg serve', () => {
  test('--port, --host and a clean stop', async () => {
    const root = await makeSite({ files: { 'content/docs/index.md': '# Home\n\nServed.\n' } })
    const blocker = createServer()
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
    const taken = (blocker.address() as { port: number }).port
    const running = await run(['serve', root, '--port', String(taken), '--host', '127.0.0.1'])
    try {
      expect(running.output()).toContain(`ssg: port ${taken} is in use, trying ${taken + 1}`)
      expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/)
      const page = await get(running.url, '/docs/')
      expect(page.body).toContain('Served.')
      expect(page.body).toContain('/__ssg/client.js')
      // An edit is served without a restart.
      await writeFile(path.join(root, 'content/docs/index.md'), '# Home\n\nEdited.\n')
      await eventually(async () => (await get(running.url, '/docs/')).body.includes('Edited.'))
    } finally {
      expect(await stop(running)).toBe(0)
      blocker.close()
    }
  })

  test('broken content at the start: the server starts and prints the placed error', async () => {
    const root = await makeSite({
      files: {
        'content/docs/index.md': '# Home\n\nSee [gone](/docs/gone).\n',
        'content/docs/other.md': '# Other\n',
      },
    })
    const running = await run(['serve', root, '--port', '0'])
    try {
      await eventually(async () => running.output().includes('missing-page'))
      expect(running.output()).toContain(
        'error  content/docs/index.md:3:5  Cannot find page `/docs/gone`',
      )
      expect((await get(running.url, '/docs/other')).status).toBe(200)
    } finally {
      await stop(running)
    }
  })

  test('an invalid --port is refused', async () => {
    const child = spawn(process.execPath, [cli, 'serve', '.', '--port', 'abc'], { stdio: 'pipe' })
    let output = ''
    child.stderr.on('data', (chunk) => (output += chunk))
    expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(2)
    expect(output).toContain('`--port`: expected a port number from 0 to 65535, received `abc`')
  })
})
