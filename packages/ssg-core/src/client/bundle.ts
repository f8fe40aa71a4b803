import path from 'node:path'
import { build, type Metafile } from 'esbuild'
import type { DocumentAssets } from '../pipeline/render.js'
import { SsgError } from '../util/errors.js'

/**
 * Bundles the theme's browser entry with esbuild: ESM, code splitting (lazy chunks for search and
 * anything heavy), minified, content-hashed names under `_ssg/assets/`; CSS extracted likewise.
 */
export async function bundleClient(options: {
  clientEntry: string
  outDir: string
  baseUrl: string
  minify?: boolean
}): Promise<DocumentAssets> {
  const assetsDir = path.join(options.outDir, '_ssg', 'assets')
  let metafile: Metafile
  try {
    const result = await build({
      entryPoints: { main: options.clientEntry },
      outdir: assetsDir,
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
      write: true,
      legalComments: 'none',
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'silent',
      loader: { '.svg': 'file', '.woff2': 'file', '.png': 'file' },
    })
    metafile = result.metafile
  } catch (error) {
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
    throw new SsgError(
      `Cannot bundle the theme's client entry ${options.clientEntry}${detail ? '\n' + detail : ''}`,
      { cause: error },
    )
  }
  const toUrl = (file: string) =>
    options.baseUrl + path.relative(options.outDir, path.resolve(file)).split(path.sep).join('/')
  const outputs = Object.entries(metafile.outputs)
  const entry = outputs.find(
    ([, o]) =>
      o.entryPoint !== undefined &&
      path.resolve(o.entryPoint) === path.resolve(options.clientEntry),
  )
  if (!entry) throw new SsgError('esbuild produced no output for the client entry')
  const [entryFile, entryOut] = entry
  const preload = entryOut.imports
    .filter((i) => i.kind === 'import-statement' && !i.external)
    .map((i) => toUrl(i.path))
  const css = entryOut.cssBundle ? [toUrl(entryOut.cssBundle)] : []
  return { entry: toUrl(entryFile), preload, css }
}
