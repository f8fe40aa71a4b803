// VitePress dev on bench:serve's corpus, for the ratio: installed from npm into
// bench-out/vitepress on first use (BENCH_SERVE_VITEPRESS=1), the corpus's pages copied in its
// layout (content/docs/x.md -> x.md), default theme, no sidebar (VitePress reads no other page
// at start unless its config does).
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'

const VERSION = '1.6.4'

export async function vitepressSite(out, site) {
  const dir = path.join(out, 'vitepress')
  const bin = path.join(dir, 'node_modules/vitepress/bin/vitepress.js')
  if (!existsSync(bin)) {
    console.log(
      `installing vitepress@${VERSION} from npm into ${path.relative(process.cwd(), dir)} ...`,
    )
    await mkdir(dir, { recursive: true })
    await writeFile(
      path.join(dir, 'package.json'),
      '{"name":"vp-bench","private":true,"type":"module"}\n',
    )
    execFileSync('npm', ['install', `vitepress@${VERSION}`, '--no-audit', '--no-fund'], {
      cwd: dir,
      stdio: 'ignore',
    })
  }
  const version = JSON.parse(
    await readFile(path.join(dir, 'node_modules/vitepress/package.json'), 'utf8'),
  ).version
  const root = path.join(dir, `corpus-${site.pages}`)
  if (!existsSync(path.join(root, '.complete'))) {
    await cp(path.join(site.root, 'content/docs'), root, { recursive: true })
    await mkdir(path.join(root, '.vitepress'), { recursive: true })
    await writeFile(
      path.join(root, '.vitepress/config.mjs'),
      "export default { title: 'Synthetic', markdown: { languages: [] } }\n",
    )
    await writeFile(path.join(root, '.complete'), '')
  }
  return {
    version,
    cache: path.join(root, '.vitepress/cache'),
    route: site.route.replace(/^\/docs/, '') + '.html',
    command: (port) => ({
      command: process.execPath,
      args: [bin, 'dev', root, '--port', String(port), '--host', '127.0.0.1', '--strictPort'],
      cwd: dir,
    }),
  }
}
