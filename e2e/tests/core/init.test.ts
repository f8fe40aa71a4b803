// `ssg init` as a new user runs it, outside the repository: the site it writes builds with no
// message through its package.json script, and `npm start` serves it (Chromium: the landing
// page, the sidebar, the tabs).
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { blockThirdParty, collectConsole, launchBrowser, repoRoot } from '../../src/harness.js'

const ssgBin = path.join(repoRoot, 'packages/ssg-core/bin/ssg.js')

/** Runs a command to its end; resolves with its exit code and output. */
function run(command: string, args: string[], cwd: string) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => (stdout += chunk))
    child.stderr.on('data', (chunk) => (stderr += chunk))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

let site: string
let browser: Browser
let server: ChildProcess | undefined

beforeAll(async () => {
  site = path.join(await mkdtemp(path.join(tmpdir(), 'ssg-init-e2e-')), 'acme-docs')
  const init = await run(process.execPath, [ssgBin, 'init', site], repoRoot)
  expect(init.code, init.stderr).toBe(0)
  browser = await launchBrowser()
})

afterAll(async () => {
  // npm runs the server in a child of its own process group: end the group.
  if (server?.pid) process.kill(-server.pid, 'SIGTERM')
  await browser?.close()
})

test('the new site builds with 0 messages through `npm run build`', async () => {
  const build = await run('npm', ['run', '--silent', 'build', '--', '--json'], site)
  expect(build.code, build.stdout + build.stderr).toBe(0)
  const report = JSON.parse(build.stdout) as { ok: boolean; pages: number; messages: unknown[] }
  expect(report.ok).toBe(true)
  expect(report.messages).toEqual([])
  expect(report.pages).toBe(3)
  for (const file of ['index.html', 'docs/index.html', 'docs/writing-pages.html', '404.html'])
    expect(existsSync(path.join(site, 'build', file)), file).toBe(true)
})

test('`npm start` serves it: landing page, sidebar, tabs', async () => {
  server = spawn('npm', ['start', '--', '--port', '0'], {
    cwd: site,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  let output = ''
  server.stdout!.on('data', (chunk) => (output += chunk))
  server.stderr!.on('data', (chunk) => (output += chunk))
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no address after 60 s:\n${output}`)), 60_000)
    server!.stdout!.on('data', () => {
      const found = /serving \d+ pages at (http:\/\/\S+)/.exec(output)?.[1]
      if (found) {
        clearTimeout(timer)
        resolve(found)
      }
    })
    server!.on('exit', (code) => reject(new Error(`npm start exited (${code}):\n${output}`)))
  })
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
  const messages = collectConsole(page)
  await blockThirdParty(page)
  await page.goto(url)
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Acme docs')
  await page.getByRole('link', { name: 'Get started' }).first().click()
  await page.waitForURL(/\/docs\/$/)
  const sidebar = page.getByRole('navigation', { name: /docs sidebar|sidebar/i }).first()
  await expect
    .poll(() => sidebar.getByRole('link').allTextContents())
    .toEqual(['Introduction', 'Writing pages'])
  await sidebar.getByRole('link', { name: 'Writing pages' }).click()
  await page.waitForURL(/\/docs\/writing-pages$/)
  await page.getByRole('tab', { name: 'pnpm' }).click()
  await expect.poll(() => page.getByRole('tabpanel').first().textContent()).toContain('pnpm build')
  expect(messages).toEqual([])
  await page.close()
})
