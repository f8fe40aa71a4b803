import { existsSync, readFileSync, statSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL, fileURLToPath } from 'node:url'
import type { Metafile } from 'esbuild'
import { configSchema, type ParsedConfig } from './schema.js'
import { formatSchemaIssues } from './format-config-error.js'
import { SsgError } from '../util/errors.js'
import { esbuild } from '../util/esbuild.js'
import { hash } from '../util/hash.js'
import { ConfigCache } from './config-cache.js'
import { inSite, snippetCandidates } from '../markdown/snippets.js'

export const CONFIG_FILE_NAMES = [
  'ssg.config.ts',
  'ssg.config.mts',
  'ssg.config.js',
  'ssg.config.mjs',
]

/** The validated config with every default applied, plus where it came from. */
export interface ResolvedConfig extends ParsedConfig {
  /** Absolute site folder. */
  root: string
  /** Absolute path of the config file, or null for a zero-config site. */
  configFile: string | null
  /** Site version: `version` from the config, else the site's package.json version. */
  siteVersion: string
  /** Hash of the config values, part of every cache key. */
  fingerprint: string
}

export class ConfigError extends SsgError {
  override name = 'ConfigError'
}

/**
 * Loads, validates and resolves the config of the site in `root` (zero-config when there is none).
 * `cacheDir`: the site's on-disk caches (`.ssg-cache`), where the compiled config is kept (see
 * `ConfigCache`); null or absent: compiled each time.
 */
export async function loadConfig(options: {
  root: string
  cacheDir?: string | null
}): Promise<ResolvedConfig> {
  const root = path.resolve(options.root)
  if (!existsSync(root)) throw new ConfigError(`Cannot find the site folder \`${root}\``)
  const configFile =
    CONFIG_FILE_NAMES.map((name) => path.join(root, name)).find((file) => existsSync(file)) ?? null
  let raw: unknown = {}
  if (configFile) raw = await importConfigFile(configFile, options.cacheDir ?? null)
  else raw = zeroConfig(root)
  return resolveConfig({ raw, root, configFile })
}

/** Validates a raw config object; errors name the file and each key path. */
export function resolveConfig(options: {
  raw: unknown
  root: string
  configFile: string | null
}): ResolvedConfig {
  const { raw, root, configFile } = options
  const result = configSchema.safeParse(raw)
  const shown = configFile
    ? path.relative(process.cwd(), configFile) || configFile
    : `${root} (zero config)`
  if (!result.success) {
    const lines = formatSchemaIssues({
      issues: result.error.issues,
      input: raw,
      schema: configSchema,
    })
    throw new ConfigError(`invalid config in ${shown}\n` + lines.map((l) => '  ' + l).join('\n'))
  }
  const config = result.data
  checkSnippetFiles(config, root, shown)
  let siteVersion = config.version
  if (!siteVersion) {
    try {
      siteVersion = String(
        JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).version ?? '0.0.0',
      )
    } catch {
      siteVersion = '0.0.0'
    }
  }
  return {
    ...config,
    root,
    configFile,
    siteVersion,
    fingerprint: hash(JSON.stringify(config), siteVersion),
  }
}

/**
 * `markdown.snippets`' folders must be folders of the site, and the files it appends to every page
 * must be found (in those folders or the site's, see `snippetCandidates`): else each page would
 * warn of the same missing file.
 */
function checkSnippetFiles(config: ParsedConfig, root: string, shown: string): void {
  const { paths, append } = config.markdown.snippets
  const problems: string[] = []
  paths.forEach((folder, i) => {
    if (!inSite(folder).some((place) => isFolder(path.resolve(root, place))))
      problems.push(
        `markdown.snippets.paths[${i}]: no folder \`${folder}\` in ${root}; expected a folder relative to the site's`,
      )
  })
  append.forEach((file, i) => {
    const candidates = snippetCandidates(file, '', paths)
    if (!candidates.some((candidate) => existsSync(path.resolve(root, candidate))))
      problems.push(
        `markdown.snippets.append[${i}]: cannot find \`${file}\` (looked for ${candidates.map((c) => `\`${c}\``).join(', ')}); expected a file relative to the site's folder or to a folder of markdown.snippets.paths`,
      )
  })
  if (problems.length)
    throw new ConfigError(`invalid config in ${shown}\n` + problems.map((l) => '  ' + l).join('\n'))
}

const isFolder = (absolute: string) => {
  try {
    return statSync(absolute).isDirectory()
  } catch {
    return false
  }
}

function zeroConfig(root: string): Record<string, unknown> {
  const name = path.basename(root)
  return { title: name.charAt(0).toUpperCase() + name.slice(1), url: 'http://localhost' }
}

async function importConfigFile(file: string, cacheDir: string | null): Promise<unknown> {
  let selfDefineConfig = ''
  try {
    selfDefineConfig = fileURLToPath(import.meta.resolve('@ssg/core/config'))
  } catch {
    // Not resolvable (running from sources): the config's own node_modules must provide it.
  }
  const alias: Record<string, string> =
    selfDefineConfig && existsSync(selfDefineConfig) ? { '@ssg/core/config': selfDefineConfig } : {}
  // The working folder too: the compiled code's comments name the inputs relative to it.
  const key = JSON.stringify({ file, alias, cwd: process.cwd() })
  const cache = cacheDir ? new ConfigCache(path.join(cacheDir, 'config')) : null
  let code = cache?.load(key) ?? null
  if (code === null) {
    const startedAt = Date.now()
    const compiled = await compileConfigFile(file, alias)
    code = compiled.code
    try {
      cache?.save({ options: key, metafile: compiled.metafile, code, startedAt })
    } catch {
      // A cache that cannot be written (disk full, no permission) only costs the next build.
    }
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'ssg-config-'))
  const out = path.join(dir, `config-${hash(file)}.mjs`)
  try {
    await writeFile(out, code)
    const mod = (await import(pathToFileURL(out).href)) as { default?: unknown }
    if (mod.default === undefined)
      throw new ConfigError(
        `The config ${path.relative(process.cwd(), file)} has no default export; write \`export default defineConfig({...})\``,
      )
    return mod.default
  } catch (error) {
    if (error instanceof ConfigError) throw error
    throw new ConfigError(
      `Cannot run the config ${path.relative(process.cwd(), file)}: ${(error as Error).message}`,
      {
        cause: error,
      },
    )
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** The config file compiled by esbuild to one ES module (its imports bundled in). */
async function compileConfigFile(
  file: string,
  alias: Record<string, string>,
): Promise<{ code: string; metafile: Metafile }> {
  const { build } = await esbuild()
  try {
    const result = await build({
      entryPoints: [file],
      outfile: 'config.mjs',
      write: false,
      metafile: true,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'silent',
      alias,
    })
    return { code: result.outputFiles[0]!.text, metafile: result.metafile }
  } catch (error) {
    const detail =
      error && typeof error === 'object' && 'errors' in error
        ? (
            error as {
              errors: Array<{ text: string; location?: { line: number; column: number } | null }>
            }
          ).errors
            .map(
              (e) =>
                `  ${path.relative(process.cwd(), file)}:${e.location?.line ?? 1}:${(e.location?.column ?? 0) + 1}: ${e.text}`,
            )
            .join('\n')
        : String(error)
    throw new ConfigError(
      `Cannot compile the config ${path.relative(process.cwd(), file)}\n${detail}`,
      { cause: error },
    )
  }
}
