import { cp, mkdir, readdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { ResolvedConfig } from '../config/load-config.js'
import type { PageData } from '../theme/contract.js'
import { escapeHtml } from '../util/html.js'
import { htmlFileOf } from './output-paths.js'

/** A tiny page for an old path: canonical link, meta refresh, and `location.replace` keeping query and hash. */
export function redirectPage(options: { to: string; canonical: string }): string {
  const to = escapeHtml(options.to)
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Redirecting to ${to}</title>` +
    `<link rel="canonical" href="${escapeHtml(options.canonical)}"><meta name="robots" content="noindex">` +
    `<meta http-equiv="refresh" content="0; url=${to}">` +
    `<script>location.replace(${JSON.stringify(options.to).replace(/</g, '\\u003c')}+location.search+location.hash)</script>` +
    `</head><body><p>This page has moved to <a href="${to}">${to}</a>.</p></body></html>`
  )
}

export async function writeRedirects(options: {
  outDir: string
  config: ResolvedConfig
  redirects: Array<{ from: string; to: string }>
}): Promise<void> {
  const base = options.config.url + options.config.baseUrl.replace(/\/$/, '')
  await Promise.all(
    options.redirects.map(async ({ from, to }) => {
      const file = path.join(options.outDir, htmlFileOf(from))
      await mkdir(path.dirname(file), { recursive: true })
      const target = to.startsWith('/') ? options.config.baseUrl + to.slice(1) : to
      // A new file, never written into one at this path: it may be a link to the previous build.
      await rm(file, { force: true })
      await writeFile(
        file,
        redirectPage({ to: target, canonical: to.startsWith('/') ? base + to : to }),
      )
    }),
  )
}

export function sitemapXml(options: { config: ResolvedConfig; pages: PageData[] }): string {
  const base = options.config.url + options.config.baseUrl.replace(/\/$/, '')
  const urls = options.pages
    .filter((p) => p.layout !== 'not-found')
    .map(
      (p) =>
        `<url><loc>${escapeHtml(base + p.path)}</loc>${p.lastUpdated ? `<lastmod>${p.lastUpdated.slice(0, 10)}</lastmod>` : ''}</url>`,
    )
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
}

export function robotsTxt(config: ResolvedConfig): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${config.url}${config.baseUrl}sitemap.xml\n`
}

/** Site paths of every file under `static/` (`/img/logo.svg`). */
export async function listStaticFiles(root: string): Promise<Set<string>> {
  const dir = path.join(root, 'static')
  const out = new Set<string>()
  const walk = async (current: string) => {
    let entries
    try {
      entries = await readdir(current, { withFileTypes: true })
    } catch {
      return
    }
    for (const entry of entries) {
      const full = path.join(current, entry.name)
      if (entry.isDirectory()) await walk(full)
      else out.add('/' + path.relative(dir, full).split(path.sep).join('/'))
    }
  }
  await walk(dir)
  return out
}

export async function copyStatic(options: { root: string; outDir: string }): Promise<void> {
  try {
    await cp(path.join(options.root, 'static'), options.outDir, { recursive: true })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
}
