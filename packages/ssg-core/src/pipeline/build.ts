import path from 'node:path'
import { rm } from 'node:fs/promises'
import type { ResolvedConfig } from '../config/load-config.js'
import { bundleClient } from '../client/bundle.js'
import type { BuildMessage } from '../report/messages.js'
import { compileSite } from '../site/compiled-site.js'
import { openSite } from '../site/open-site.js'
import { createRouteTable } from '../site/route-table.js'
import { BUILD_INFO_FILE, buildInfoJson } from '../site/build-info.js'
import { SiteFiles } from '../site/site-files.js'
import { copyAssets } from './assets.js'
import { BuildFailedError } from '../util/errors.js'
import { hash } from '../util/hash.js'
import { applyStrict } from '../report/severity.js'
import { stage, stageTimings, type ProgressListener, type StageTiming } from '../util/stage.js'
import { compilePages } from './compile.js'
import { EarlyWorker } from './early-worker.js'
import { collectInputs } from './input-key.js'
import { gitTimes } from './last-updated.js'
import { writeMarkdownFiles } from './markdown-output.js'
import { OutputCache } from './output-cache.js'
import { createStagingDir, type OldOutput } from './write.js'
import { buildIdOf } from './page-keys.js'
import { startRender } from './start-render.js'
import type { PageWrites } from './write-pages.js'
import { writeSearchFiles } from './search-files.js'
import type { CompiledPage } from './compile-page.js'
import type { SourcePage } from './discover.js'
import {
  PageRecords,
  StaleRecordError,
  recordPages,
  searchEntries,
  siteKeyOf,
  summaryOf,
  type PageRecord,
} from './page-records.js'
import type { BuildPage } from '../site/compiled-site.js'
import { writeRedirectFiles, writeTableFiles } from './write-site.js'

export interface BuildOptions {
  /** The site folder. */
  root: string
  /** Use the on-disk cache in `<root>/.ssg-cache`. @default true */
  cache?: boolean
  /**
   * Worker threads for parse + transform; 0 for none (then render + write has no worker either:
   * see `startWritePages`). @default automatic
   */
  workers?: number
  /**
   * Clock for the search file names (files of unchanged search text keep their names).
   * @default () => new Date()
   */
  now?: () => Date
  /** Warnings count as errors: the build fails on any (`ssg build --strict`). @default false */
  strict?: boolean
  /** Told when each stage starts and ends, and the pages done in the long ones. */
  onProgress?: ProgressListener
  /**
   * The previous output, once replaced: removed before `build` resolves, or by a process of its
   * own (`ssg build`, which exits meanwhile). @default 'wait'
   */
  oldOutput?: OldOutput
}

export interface BuildReport {
  config: ResolvedConfig
  outDir: string
  pages: number
  cacheHits: number
  /** Output files linked from the previous build (unchanged) rather than made again. */
  reusedFiles: number
  /** Pages rendered by the theme (the others' documents came from the previous build). */
  renderedPages: number
  /**
   * Pages the build left alone: unchanged on an unchanged site, their previous output stands
   * (see `PageRecord`); their compiled pages were not read.
   */
  keptPages: number
  messages: BuildMessage[]
  timings: StageTiming[]
}

/** `ssg build`: Markdown in `content/` to a complete static site in `build/`, or nothing at all. */
export async function build(options: BuildOptions): Promise<BuildReport> {
  try {
    return await buildOnce(options, true)
  } catch (error) {
    // Something a record stands for is not as the previous build left it: make every page.
    if (!isStale(error)) throw error
    return buildOnce(options, false)
  }
}

/** Whether an error is (or was caused by) a `StaleRecordError` (a stage wraps what it throws). */
function isStale(error: unknown): boolean {
  for (let e = error; e instanceof Error; e = e.cause)
    if (e instanceof StaleRecordError) return true
  return false
}

async function buildOnce(options: BuildOptions, useRecords: boolean): Promise<BuildReport> {
  const timings = stageTimings(options.onProgress)
  const now = options.now ?? (() => new Date())
  // Set once the pages are found (`onSources`), before the site is open.
  let found = null as PageRecords | null
  let early = null as EarlyWorker | null
  // The pages' git times, looked up while the site opens (set once the config is loaded).
  let git: Promise<Map<string, string>> | undefined
  const site = await openSite({
    root: options.root,
    mode: 'build',
    timings,
    ...(options.cache !== undefined ? { cache: options.cache } : {}),
    // An edit build starts its compile worker now, a cold build once the pages are found: they
    // load while the theme, the pages or the specs are read.
    onConfig: (config, _pages, cacheDir) => {
      git = gitTimes(config.root)
      const hasRecords = useRecords && PageRecords.saved(cacheDir)
      early = EarlyWorker.forEditSoon({ config, hasRecords, options })
    },
    onSources: (sources, cacheDir) => {
      found = PageRecords.open(cacheDir)
      early = EarlyWorker.forSources({ early, sources, records: found, options })
    },
  }).catch(async (error: unknown) => {
    await early?.stop()
    throw error
  })
  const { config, theme, sources } = site
  const outDir = path.resolve(config.root, config.outDir)
  // The search parts' writes, running while the pages render (see `writeSearchFiles`).
  let searchWrites: Promise<void> | null = null
  // Render + write, started before the Markdown output (see `startWritePages`).
  let rendering: PageWrites | null = null
  const staging = await createStagingDir(outDir).catch(async (error: unknown) => {
    await early?.stop()
    throw error
  })
  try {
    const outputs = await OutputCache.open({ cacheDir: site.cache.outputs, outDir, staging })
    const records = found ?? PageRecords.open(site.cache.outputs)
    const assets = await stage(timings, 'client bundle', () =>
      bundleClient({
        clientEntry: theme.clientEntry,
        plugins: theme.clientPlugins,
        outDir: staging,
        baseUrl: config.baseUrl,
        cacheDir: site.cache.outputs && path.join(site.cache.outputs, 'client'),
      }),
    )
    const inputs = await stage(timings, 'inputs', () =>
      collectInputs({
        config,
        theme,
        sources,
        messages: site.messages,
        assets,
        apis: site.apis,
        ...(git ? { git } : {}),
      }),
    )
    // Nothing the output is made from changed, and the output folder is as the last build left
    // it: that output stands (a warm rebuild of an unchanged site does no other work).
    const standing = await outputs.unchanged(inputs.key)
    if (standing) {
      await rm(staging, { recursive: true, force: true })
      return failOnErrors({
        config,
        outDir,
        pages: standing.pages,
        cacheHits: standing.pages,
        reusedFiles: standing.files,
        renderedPages: 0,
        keptPages: standing.pages,
        messages: applyStrict(standing.messages, options.strict),
        timings,
      })
    }
    // An unchanged page's head is its record's (the compiled page's, which wins over the head
    // read anyway: see `PageHead`): its file is not read (see `readWhole`).
    const heads = await site.heads((source) => {
      const record = useRecords ? records.previousOf(source.file) : undefined
      return record?.hash === source.hash ? record.head : undefined
    })
    const routes = await stage(timings, 'route table', () =>
      createRouteTable({ config, heads, leaveOutDrafts: true }),
    )
    // Drafts are for `ssg serve`: not compiled, not in sidebars, search or the Markdown output.
    const drafts = new Set(routes.drafts.map((draft) => draft.file))
    const toBuild = drafts.size ? sources.filter((source) => !drafts.has(source.file)) : sources
    const lastUpdatedOf = (file: string) => inputs.lastUpdated.get(file) ?? null
    const siteKey = await siteKeyOf({
      config,
      theme,
      assets,
      inputs,
      heads,
      drafts: routes.drafts,
      apis: site.apis,
    })
    // Pages made from the same bytes at the same time on the same site as in the previous build
    // are left alone: their records stand for them (see `PageRecord`).
    const kept = new Map<string, PageRecord>()
    if (useRecords)
      for (const source of toBuild) {
        const record = records.valid(siteKey, source, lastUpdatedOf(source.file))
        if (record) kept.set(source.file, record)
      }
    const compileStage = (pages: SourcePage[]) =>
      stage(timings, 'parse + transform', (progress) =>
        compilePages({
          pages,
          config,
          onProgress: progress,
          cacheDir: site.cache.pages,
          apis: site.apis,
          early,
          ...(options.workers !== undefined ? { workers: options.workers } : {}),
        }),
      )
    const made = await compileStage(kept.size ? toBuild.filter((s) => !kept.has(s.file)) : toBuild)
    let cacheHits = made.cacheHits
    const byFile = new Map(made.pages.map((page) => [page.file, page]))
    // A page whose head or anchors changed changes other pages: none is left alone.
    if (
      kept.size &&
      made.pages.some((page) => records.previousOf(page.file)?.summary !== summaryOf(page))
    ) {
      const rest = await compileStage(toBuild.filter((s) => kept.has(s.file)))
      for (const page of rest.pages) byFile.set(page.file, page)
      cacheHits += rest.cacheHits
      kept.clear()
    }
    cacheHits += kept.size
    const compiled: BuildPage[] = toBuild.map((source) => {
      const record = kept.get(source.file)
      return record ? { file: source.file, record } : byFile.get(source.file)!
    })
    const {
      table,
      pages,
      messages,
      links,
      assets: pageFiles,
    } = await stage(timings, 'link check', () =>
      compileSite({
        config,
        table: routes,
        compiled,
        staticFiles: inputs.staticFiles,
        lastUpdated: inputs.lastUpdated,
        messages: site.messages,
      }),
    )
    const report: BuildReport = {
      config,
      outDir,
      pages: pages.length,
      cacheHits,
      reusedFiles: 0,
      renderedPages: 0,
      keptPages: kept.size,
      messages: applyStrict(messages, options.strict),
      timings,
    }
    failOnErrors(report)

    const tableSite = { config, table, lastUpdated: inputs.lastUpdated }
    const pageByFile = new Map<string, CompiledPage>()
    for (const { page } of pages) if (page) pageByFile.set(page.file, page)
    let files = new SiteFiles({
      table,
      search: null,
      staticFiles: inputs.staticFiles,
      markdown: config.markdownOutput.enabled,
    })
    // Everything written with plain writes goes first: a file of the staging folder may become a
    // link to the previous build (`OutputCache.commit`), which must never be written into.
    await stage(timings, 'static + sidebars', async () => {
      await writeTableFiles({ files, site: tableSite, outDir: staging })
      copyAssets(pageFiles, staging)
    })
    // The check of the previous build's files, made meanwhile on a thread of its own (see
    // `changedFiles`): the stages from here reuse them.
    await outputs.ready()
    const started = await startRender({
      config,
      theme,
      assets,
      files,
      site: { table, pages },
      outputs,
      staging,
      cacheDir: site.cache.outputs,
      timings,
      workers: options.workers,
    })
    const { keys, pageData } = started
    rendering = started.rendering
    const { twins } = await stage(timings, 'markdown output', () =>
      writeMarkdownFiles({
        files,
        outputs,
        site: {
          config,
          table,
          staticFiles: inputs.staticFiles,
          pageOf: (head) => pageByFile.get(head.file),
        },
        kept: (file) => {
          const record = kept.get(file)
          return (
            record && {
              route: record.head.route,
              title: record.head.title,
              description: record.description,
              markdown: record.twin,
              twin: record.twinFile,
            }
          )
        },
      }),
    )
    // The twins are written and nothing later reads them: let them go before the search index,
    // the build's peak of memory (10,000 pages: 80 MB; their link placeholders make them strings
    // of two bytes a character).
    for (const { page } of pages) if (page) page.markdown = null
    const searchable = searchEntries(pages)
    started.rendering.beforePeak()
    const search = await stage(timings, 'search index', () =>
      writeSearchFiles({
        config,
        pages: searchable.map((entry) => entry.page),
        keys: searchable.map((entry) => entry.key),
        now,
        outputs,
        cacheDir: site.cache.outputs,
        onStep: () => started.rendering.pump(),
      }),
    )
    searchWrites = search.written
    const [docFile = '', indexFile = '', ...parts] = search.files
    const searchNames = config.search.enabled ? { docFile, indexFile } : null
    files = files.withSearch(searchNames && { ...searchNames, parts })
    const buildId = buildIdOf(keys, [docFile, indexFile])
    await stage(timings, 'render + write', async (progress) => {
      const written = await started.rendering.finish(progress)
      report.renderedPages = written.rendered
      const info = buildInfoJson({ config, search: searchNames, buildId })
      if (!outputs.reuse(BUILD_INFO_FILE, hash(info)))
        await outputs.write([{ path: BUILD_INFO_FILE, content: info, key: hash(info) }])
      await writeRedirectFiles({ files, site: tableSite, outDir: staging })
      await search.written
    })
    recordPages({
      records,
      pages,
      keys,
      pageData,
      twins,
      search: searchable,
      searchKeys: search.keys,
      lastUpdatedOf,
      links,
    })
    // The manifest goes first: after a crash during the swap, no file is trusted.
    await outputs.forget()
    await records.forget()
    await stage(timings, 'swap into place', () => outputs.commit(options.oldOutput))
    // Only now: the manifest describes the output folder as it is. Both at once: one is written
    // while the other is made.
    await Promise.all([
      outputs.save({ inputKey: inputs.key, pages: report.pages, messages: report.messages }),
      records.save(siteKey),
    ])
    report.reusedFiles = outputs.reused
    return report
  } catch (error) {
    // A write still running could make the staging folder again once removed.
    await rendering?.stop()
    await searchWrites?.catch(() => {})
    await rm(staging, { recursive: true, force: true })
    throw error
  } finally {
    await early?.stop()
  }
}

/** Throws `BuildFailedError` (carrying the report) when a message is an error. */
function failOnErrors(report: BuildReport): BuildReport {
  if (report.messages.some((m) => m.severity === 'error'))
    throw Object.assign(new BuildFailedError('The build failed: see the messages above'), {
      report,
    })
  return report
}
