import { cp, readdir } from 'node:fs/promises'
import path from 'node:path'
import type { ResolvedConfig } from '../config/load-config.js'
import { absoluteUrl, withBase } from '../theme/contract.js'
import { escapeHtml } from '../util/html.js'

/**
 * A tiny page for an old path: canonical link, meta refresh, and `location.replace` keeping query
 * and hash. `to` is a site path (served under the base URL) or an absolute URL.
 */
export function redirectPage(
  config: ResolvedConfig,
  redirect: { from: string; to: string },
): string {
  const target = withBase(config.baseUrl, redirect.to)
  const to = escapeHtml(target)
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Redirecting to ${to}</title>` +
    `<link rel="canonical" href="${escapeHtml(absoluteUrl(config, redirect.to))}"><meta name="robots" content="noindex">` +
    `<meta http-equiv="refresh" content="0; url=${to}">` +
    `<script>location.replace(${JSON.stringify(target).replace(/</g, '\\u003c')}+location.search+location.hash)</script>` +
    `</head><body><p>This page has moved to <a href="${to}">${to}</a>.</p></body></html>`
  )
}

/** `sitemap.xml`: every page's production URL and the day it last changed. */
export function sitemapXml(options: {
  config: ResolvedConfig
  pages: Array<{ path: string; lastUpdated: string | null }>
}): string {
  const urls = options.pages.map(
    (p) =>
      `<url><loc>${escapeHtml(absoluteUrl(options.config, p.path))}</loc>${p.lastUpdated ? `<lastmod>${p.lastUpdated.slice(0, 10)}</lastmod>` : ''}</url>`,
  )
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
}

export function robotsTxt(config: ResolvedConfig): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${absoluteUrl(config, '/sitemap.xml')}\n`
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
