import path from 'node:path'
import { rm } from 'node:fs/promises'
import { buildSearchIndex, writeSearchIndex } from '@ssg/search-indexer'
import { loadConfig, type ResolvedConfig } from '../config/load-config.js'
import { resolveTheme } from '../theme/resolve-theme.js'
import { bundleClient } from '../client/bundle.js'
import type { BuildMessage } from '../report/messages.js'
import type { PageData, Sidebar } from '../theme/contract.js'
import { BuildFailedError } from '../util/errors.js'
import { hash } from '../util/hash.js'
import { jsonForScript } from '../util/html.js'
import { stage, type StageTiming } from '../util/stage.js'
import { compilePages } from './compile.js'
import type { CompiledPage } from './compile-page.js'
import { discoverPages } from './discover.js'
import { copyStatic, listStaticFiles, robotsTxt, sitemapXml, writeRedirects } from './extras.js'
import { lastUpdatedTimes } from './last-updated.js'
import { checkLinks } from './link-check.js'
import { dataFileOf, htmlFileOf } from './output-paths.js'
import { configHeadTags, renderDocument } from './render.js'
import { createPageData, createSiteData } from './route-data.js'
import { resolveSidebars } from './sidebars.js'
import { createStagingDir, swapIntoPlace, writeFiles } from './write.js'

export interface BuildOptions {
  /** The site folder. */
  root: string
  /** Use the on-disk cache in `<root>/.ssg-cache`. @default true */
  cache?: boolean
  /** Worker threads for parse + transform; 0 for none. @default automatic */
  workers?: number
  /** Clock for the search file names and the build id. @default () => new Date() */
  now?: () => Date
}

export interface BuildReport {
  config: ResolvedConfig
  outDir: string
  pages: number
  cacheHits: number
  messages: BuildMessage[]
  timings: StageTiming[]
}

/** `ssg build`: Markdown in `content/` to a complete static site in `build/`, or nothing at all. */
export async function build(options: BuildOptions): Promise<BuildReport> {
  const timings: StageTiming[] = []
  const messages: BuildMessage[] = []
  const now = options.now ?? (() => new Date())
  const config = await stage(timings, 'load config', () => loadConfig({ root: options.root }))
  const theme = await stage(timings, 'load theme', () => resolveTheme({ config }))
  const sources = await stage(timings, 'discover', () => discoverPages({ config, messages }))
  const { pages: compiled, cacheHits } = await stage(timings, 'parse + transform', () =>
    compilePages({
      pages: sources,
      config,
      cacheDir: options.cache === false ? null : path.join(config.root, '.ssg-cache', 'pages'),
      ...(options.workers !== undefined ? { workers: options.workers } : {}),
    }),
  )
  for (const page of compiled) messages.push(...page.messages)
  const pages = dropDuplicateRoutes(compiled, messages)
  const { sidebars, redirects, pageData } = await stage(
    timings,
    'routes + link check',
    async () => {
      const sidebars = resolveSidebars({ config, pages, messages })
      const redirects = config.redirects.flatMap((r) =>
        (Array.isArray(r.from) ? r.from : [r.from]).map((from) => ({ from, to: r.to })),
      )
      const routes = new Set([...pages.map((p) => p.route), ...redirects.map((r) => r.from)])
      const staticFiles = await listStaticFiles(config.root)
      messages.push(
        ...checkLinks({
          pages,
          routes,
          redirects: new Set(redirects.map((r) => r.from)),
          baseUrl: config.baseUrl,
          staticFiles,
        }),
      )
      checkRedirects({ config, redirects, pages, messages })
      const lastUpdated = await lastUpdatedTimes({
        root: config.root,
        files: pages.map((p) => p.file),
      })
      return {
        sidebars,
        redirects,
        pageData: createPageData({ config, pages, sidebars, lastUpdated }),
      }
    },
  )
  const report: BuildReport = {
    config,
    outDir: path.resolve(config.root, config.outDir),
    pages: pages.length,
    cacheHits,
    messages,
    timings,
  }
  if (messages.some((m) => m.severity === 'error'))
    throw Object.assign(new BuildFailedError('The build failed: see the messages above'), {
      report,
    })

  const outDir = report.outDir
  const staging = await createStagingDir(outDir)
  try {
    const assets = await stage(timings, 'client bundle', () =>
      bundleClient({ clientEntry: theme.clientEntry, outDir: staging, baseUrl: config.baseUrl }),
    )
    const buildId = hash(now().toISOString(), assets.entry)
    const sidebarFiles = sidebars.map((sidebar) => {
      const json = JSON.stringify(sidebar)
      return {
        sidebar,
        path: `_ssg/sidebars/${sidebar.id}.${hash(json).slice(0, 10)}.json`,
        content: json,
      }
    })
    const sidebarUrls = Object.fromEntries(
      sidebarFiles.map((f) => [f.sidebar.id, config.baseUrl + f.path]),
    )
    const search = await stage(timings, 'search index', async () => {
      if (!config.search.enabled) return { docUrl: '', indexUrl: '' }
      const files = buildSearchIndex({ pages: searchPages(pages, pageData), now })
      await writeSearchIndex({ files, outDir: staging })
      return { docUrl: config.baseUrl + files.docFile, indexUrl: config.baseUrl + files.indexFile }
    })
    const site = createSiteData({ config, sidebarUrls, search, buildId })
    const headTags = configHeadTags(config)
    const sidebarById = new Map<string, Sidebar>(sidebars.map((s) => [s.id, s]))
    await stage(timings, 'render + write', async () => {
      const files: Array<{ path: string; content: string }> = sidebarFiles.map((f) => ({
        path: f.path,
        content: f.content,
      }))
      const all = [...pageData, notFoundPage()]
      for (const page of all) {
        const sidebar = page.sidebarId ? (sidebarById.get(page.sidebarId) ?? null) : null
        const html = renderDocument({
          route: { site, page, sidebar },
          theme: theme.server,
          config,
          assets,
          headTags,
        })
        files.push({
          path: page.layout === 'not-found' ? '404.html' : htmlFileOf(page.path),
          content: html,
        })
        files.push({ path: dataFileOf(page.path), content: jsonForScript(page) })
      }
      files.push({ path: 'sitemap.xml', content: sitemapXml({ config, pages: pageData }) })
      files.push({ path: 'robots.txt', content: robotsTxt(config) })
      await copyStatic({ root: config.root, outDir: staging })
      await writeFiles(staging, files)
      await writeRedirects({ outDir: staging, config, redirects })
    })
    await stage(timings, 'swap into place', () => swapIntoPlace(staging, outDir))
  } catch (error) {
    await rm(staging, { recursive: true, force: true })
    throw error
  }
  return report
}

function notFoundPage(): PageData {
  return {
    path: '/404',
    title: 'Page not found',
    description: 'We could not find what you were looking for.',
    layout: 'not-found',
    html: '',
    toc: [],
    hideTableOfContents: true,
    sidebarId: null,
    breadcrumbs: [],
    prev: null,
    next: null,
    lastUpdated: null,
    editUrl: null,
    hero: null,
    cards: [],
    needsMermaid: false,
  }
}

function searchPages(pages: CompiledPage[], pageData: PageData[]) {
  return pages
    .map((page, i) => ({ page, data: pageData[i]! }))
    .filter(({ page }) => page.frontMatter.search !== false && !page.failed)
    .map(({ page, data }) => ({
      path: page.route,
      title: page.title,
      breadcrumbs: data.breadcrumbs.map((b) => b.label),
      sections: page.sections,
    }))
}

/** Two files with one route: the first (in path order) wins; the build warns naming both. */
function dropDuplicateRoutes(pages: CompiledPage[], messages: BuildMessage[]): CompiledPage[] {
  const seen = new Map<string, CompiledPage>()
  const kept: CompiledPage[] = []
  for (const page of pages) {
    const other = seen.get(page.route)
    if (other) {
      messages.push({
        file: page.file,
        line: 1,
        column: 1,
        severity: 'warning',
        message: `Duplicate route \`${page.route}\`: \`${other.file}\` has it already, this file is skipped; change one file's name or \`slug\``,
        ruleId: 'duplicate-route',
      })
      continue
    }
    seen.set(page.route, page)
    kept.push(page)
  }
  return kept
}

function checkRedirects(options: {
  config: ResolvedConfig
  redirects: Array<{ from: string; to: string }>
  pages: CompiledPage[]
  messages: BuildMessage[]
}) {
  const routes = new Set(options.pages.map((p) => p.route))
  const file = options.config.configFile
    ? path.relative(options.config.root, options.config.configFile)
    : 'ssg.config.ts'
  options.redirects.forEach((r, i) => {
    if (routes.has(r.from))
      options.messages.push({
        file,
        severity: 'warning',
        message: `redirects: \`${r.from}\` is also a page; the redirect is skipped`,
        ruleId: 'duplicate-route',
      })
    if (!r.to.startsWith('/')) return
    const target = r.to.split('#')[0]!
    const resolved = routes.has(target) ? target : routes.has(target + '/') ? target + '/' : null
    if (!resolved)
      options.messages.push({
        file,
        severity: 'error',
        message: `redirects[${i}]: the target \`${r.to}\` of \`${r.from}\` is not a page of the site`,
        ruleId: 'missing-page',
      })
    else r.to = resolved + r.to.slice(target.length)
  })
  const pageRoutes = routes
  options.redirects.splice(
    0,
    options.redirects.length,
    ...options.redirects.filter((r) => !pageRoutes.has(r.from)),
  )
}
