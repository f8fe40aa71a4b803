import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { BuildOptions, Metafile, Plugin } from 'esbuild'
import type { DocumentAssets } from '../pipeline/render.js'
import { CLIENT_ENTRY_ID } from '../theme/customize.js'
import { withBase } from '../theme/contract.js'
import { SsgError } from '../util/errors.js'
import { esbuild } from '../util/esbuild.js'
import { BundleCache, type BundleFiles } from './bundle-cache.js'
import { planOf } from './bundle-key.js'

export interface ClientBundleOptions {
  /** The theme's browser entry, or the generated entry of a customised theme. */
  clientEntry: string
  /** Plugins resolving a customised theme (see theme/customize.ts). */
  plugins?: Plugin[]
  outDir: string
  baseUrl: string
  minify?: boolean
  /**
   * Where `ssg build` keeps the last bundle (`.ssg-cache/client`), reused when nothing it was
   * made from changed (see `BundleCache`); null or absent: always bundle.
   */
  cacheDir?: string | null
}

/**
 * The esbuild options of the client bundle: ESM, code splitting (lazy chunks for search and
 * anything heavy), minified, content-hashed names under `_ssg/assets/`; CSS extracted likewise.
 * Shared by `ssg build` and the incremental context of `ssg serve`.
 */
export function clientBuildOptions(options: ClientBundleOptions) {
  return {
    entryPoints: { main: options.clientEntry },
    outdir: path.join(options.outDir, '_ssg', 'assets'),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2022', 'chrome110', 'firefox110', 'safari16'],
    minify: options.minify ?? true,
    jsx: 'automatic',
    entryNames: '[name]-[hash]',
    chunkNames: 'chunks/[name]-[hash]',
    assetNames: 'media/[name]-[hash]',
    metafile: true,
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
    loader: { '.svg': 'file', '.woff2': 'file', '.png': 'file' },
    plugins: options.plugins ?? [],
  } satisfies BuildOptions
}

/**
 * Bundles the theme's browser entry with esbuild into `<outDir>/_ssg/assets/`, or writes there
 * the last bundle (`cacheDir`) when nothing it was made from changed. A customised theme's
 * bundle (generated modules of `plugins`) is always made afresh.
 */
export async function bundleClient(options: ClientBundleOptions): Promise<DocumentAssets> {
  const assetsDir = path.join(options.outDir, '_ssg', 'assets')
  const cache =
    options.cacheDir && !options.plugins?.length ? new BundleCache(options.cacheDir) : null
  const key = cache && bundleOptionsKey(options)
  const saved = key ? cache!.load(key) : null
  if (saved) {
    writeFiles(assetsDir, saved.files)
    return saved.assets
  }
  const startedAt = Date.now()
  let result
  try {
    const { build } = await esbuild()
    result = await build({ ...clientBuildOptions(options), write: false })
  } catch (error) {
    throw clientBundleError(error, options.clientEntry)
  }
  const files: BundleFiles = result.outputFiles.map((file) => ({
    path: path.relative(assetsDir, file.path).split(path.sep).join('/'),
    contents: file.contents,
  }))
  writeFiles(assetsDir, files)
  const assets = documentAssets(result.metafile, options)
  if (cache && key) {
    try {
      cache.save({
        options: key,
        plan: planOf(result.metafile, process.cwd()),
        files,
        assets,
        startedAt,
      })
    } catch {
      // A cache that cannot be written (disk full, no permission) only costs the next build.
    }
  }
  return assets
}

/**
 * What the bundle's bytes and URLs depend on besides its inputs: esbuild's options (but the
 * staging folder it writes to), the entry, the base URL, and the working folder (metafile paths
 * and, unminified, the bundle's comments are relative to it).
 */
function bundleOptionsKey(options: ClientBundleOptions): string {
  const { outdir: _outdir, plugins: _plugins, ...rest } = clientBuildOptions(options)
  return JSON.stringify({ rest, baseUrl: options.baseUrl, cwd: process.cwd() })
}

function writeFiles(dir: string, files: BundleFiles): void {
  for (const file of files) {
    const target = path.join(dir, file.path)
    mkdirSync(path.dirname(target), { recursive: true })
    writeFileSync(target, file.contents)
  }
}

/** An esbuild failure as an `SsgError` listing each error as `file:line:column: text`. */
export function clientBundleError(error: unknown, clientEntry: string): SsgError {
  const errors = (
    error as {
      errors?: Array<{
        text: string
        location?: { file: string; line: number; column: number } | null
      }>
    }
  ).errors
  const detail = errors
    ?.map(
      (e) =>
        `  ${e.location ? `${e.location.file}:${e.location.line}:${e.location.column + 1}: ` : ''}${e.text}`,
    )
    .join('\n')
  return new SsgError(
    `Cannot bundle the theme's client entry ${clientEntry}${detail ? '\n' + detail : ''}`,
    { cause: error },
  )
}

/** The URLs a document links: the entry, the chunks it imports statically, its CSS. */
export function documentAssets(metafile: Metafile, options: ClientBundleOptions): DocumentAssets {
  const toUrl = (file: string) =>
    withBase(
      options.baseUrl,
      '/' + path.relative(options.outDir, path.resolve(file)).split(path.sep).join('/'),
    )
  const outputs = Object.entries(metafile.outputs)
  const entry = outputs.find(
    ([file, o]) =>
      o.entryPoint !== undefined &&
      (path.resolve(o.entryPoint) === path.resolve(options.clientEntry) ||
        (options.clientEntry === CLIENT_ENTRY_ID &&
          o.entryPoint.startsWith('ssg-entry:') &&
          file.endsWith('.js'))),
  )
  if (!entry) throw new SsgError('esbuild produced no output for the client entry')
  const [entryFile, entryOut] = entry
  const preload = entryOut.imports
    .filter((i) => i.kind === 'import-statement' && !i.external)
    .map((i) => toUrl(i.path))
  const css = entryOut.cssBundle ? [toUrl(entryOut.cssBundle)] : []
  return { entry: toUrl(entryFile), preload, css }
}
