import { copyFileSync, mkdirSync, readdirSync, realpathSync, statSync } from 'node:fs'
import path from 'node:path'
import type { BuildMessage } from '../report/messages.js'
import { isCategoryFile } from './category-files.js'
import type { CompiledPage } from './compile-page.js'
import { PAGE_FILE } from './discover.js'

/** The files beside the Markdown that the site's pages use: output path -> absolute source. */
export type AssetFiles = Map<string, string>

/**
 * Whether each file exists inside the site folder (symlinks resolved), asked once per file and
 * kept for the life of the cache (`ssg serve` forgets a file when it changes on disk).
 */
export class AssetLookup {
  private readonly known = new Map<string, string | null>()
  private readonly realRoot: string

  constructor(private readonly root: string) {
    this.realRoot = realpathSync(root)
  }

  /** The absolute path of a site file, or null when it does not exist or leaves the folder. */
  find(source: string): string | null {
    let found = this.known.get(source)
    if (found === undefined) {
      found = null
      try {
        const real = realpathSync(path.join(this.root, source))
        if (real.startsWith(this.realRoot + path.sep) && statSync(real).isFile()) found = real
      } catch {
        // Missing.
      }
      this.known.set(source, found)
    }
    return found
  }

  /** Forgets what was known of a file (it changed). */
  forget(source: string): void {
    this.known.delete(source)
  }

  /** Forgets what was known of the files under a folder (it was removed). */
  forgetUnder(dir: string): void {
    const prefix = dir.replace(/\/?$/, '/')
    for (const source of this.known.keys()) if (source.startsWith(prefix)) this.known.delete(source)
  }
}

/**
 * The files the pages refer to, and a `missing-asset` warning at each reference to a file that
 * does not exist (or lies outside the site folder, which the build never reads).
 */
export function checkAssets(
  pages: CompiledPage[],
  lookup: AssetLookup,
): { files: AssetFiles; messages: BuildMessage[] } {
  const files: AssetFiles = new Map()
  const messages: BuildMessage[] = []
  for (const page of pages)
    for (const asset of page.assets ?? []) {
      const found = asset.source === null ? null : lookup.find(asset.source)
      if (found !== null && asset.output !== null) {
        files.set(asset.output, found)
        continue
      }
      messages.push({
        file: page.file,
        line: asset.line,
        column: asset.column,
        severity: 'warning',
        message:
          asset.source === null
            ? `\`${asset.written}\` is outside the site folder; move the file under content/ or static/`
            : `Cannot find the file \`${asset.written}\` (looked for \`${asset.source}\`); the reference is broken`,
        ruleId: 'missing-asset',
      })
    }
  return { files, messages }
}

/** Copies the pages' files into the output folder. */
export function copyAssets(files: AssetFiles, outDir: string): void {
  for (const [output, source] of files) {
    const target = path.join(outDir, output)
    mkdirSync(path.dirname(target), { recursive: true })
    copyFileSync(source, target)
  }
}

/**
 * `<path> <size> <mtime>` of every file under `content/` that is not Markdown: the build's input
 * key holds them, so that an edited image is not kept stale by a warm build.
 */
export function contentFileStats(root: string): string[] {
  const out: string[] = []
  const walk = (dir: string) => {
    let entries
    try {
      entries = readdirSync(dir, { withFileTypes: true })
    } catch {
      return
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (!PAGE_FILE.test(entry.name)) {
        try {
          const s = statSync(full)
          out.push(`${path.relative(root, full)} ${s.size} ${s.mtimeMs}`)
        } catch {
          // Gone meanwhile.
        }
      }
    }
  }
  walk(path.join(root, 'content'))
  return out.sort()
}

/**
 * `ssg serve`: takes the changed files under `content/` that are not Markdown (nor a folder's
 * `_category_.json`) out of the plan's content changes (they are not pages: nothing to compile),
 * and forgets what `lookup` knew of them. Returns them, relative to the site folder.
 */
export function takeAssetChanges(
  plan: { content: Map<string, 'write' | 'delete'> },
  root: string,
  lookup?: AssetLookup,
): Set<string> {
  const files = new Set<string>()
  for (const absolute of [...plan.content.keys()]) {
    if (PAGE_FILE.test(absolute) || isCategoryFile(absolute)) continue
    plan.content.delete(absolute)
    const file = path.relative(root, absolute).split(path.sep).join('/')
    lookup?.forget(file)
    files.add(file)
  }
  return files
}

/**
 * The pages that use one of these files (relative to the site folder) or a file under one of
 * these folders (a folder removed with its images).
 */
export function pagesUsing<P extends Pick<CompiledPage, 'assets'>>(
  pages: Iterable<P>,
  files: Set<string>,
  dirs: string[] = [],
): P[] {
  if (files.size === 0 && dirs.length === 0) return []
  const prefixes = dirs.map((dir) => dir.replace(/\/?$/, '/'))
  const uses = (source: string) =>
    files.has(source) || prefixes.some((prefix) => source.startsWith(prefix))
  return [...pages].filter((page) => page.assets?.some((a) => a.source !== null && uses(a.source)))
}

/**
 * `ssg serve`: the site file (relative to the site folder) that an output path of
 * `assetOutputPath` comes from: `docs/guide/pic.png` -> `content/docs/guide/pic.png`. Markdown
 * files are never served this way.
 */
export function assetSourceOf(output: string, docsBasePath: string): string | null {
  if (PAGE_FILE.test(output)) return null
  const docs = docsBasePath.replace(/^\//, '') + '/'
  const source = output.startsWith('_ssg/files/')
    ? output.slice('_ssg/files/'.length)
    : docs === '/' // docs at the site's root (`docs.basePath: '/'`)
      ? 'content/docs/' + output
      : output.startsWith(docs)
        ? 'content/docs/' + output.slice(docs.length)
        : 'content/pages/' + output
  // Only content files: never the config, `.env` or a hidden folder of the site.
  if (!source.startsWith('content/') || source.split('/').some((s) => s.startsWith('.')))
    return null
  return source
}
