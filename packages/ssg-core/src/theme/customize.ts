/**
 * Site customisation of a theme from the config, without copying the theme:
 * - `theme.components`: modules whose named exports replace theme components of the same name;
 * - `theme.slots`: components added at the theme's slots;
 * - `theme.customCss`: stylesheets loaded after the theme's.
 *
 * The theme declares what may be replaced (`customization` of its server entry: component name ->
 * the module exporting it). One esbuild plugin applies the plan to both builds: every import of a
 * replaced module (from the theme or the site) gets a small module re-exporting the original with
 * the site's component in place of the theme's; imports made by the site's override module itself
 * get the original, so an override can wrap it. The server entry is bundled with the same plugin
 * into `.ssg-cache/theme/` and imported from there; React stays one copy, the theme's.
 */
import { existsSync, readFileSync, statSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Metafile, Plugin } from 'esbuild'
import type { ResolvedConfig } from '../config/load-config.js'
import { closest, SsgError } from '../util/errors.js'
import { esbuild } from '../util/esbuild.js'
import { hash } from '../util/hash.js'
import type { ThemeCustomization, ThemeServerModule } from './contract.js'
import { ConfigError } from '../config/load-config.js'

export interface ComponentOverride {
  /** Component name, as in the theme's customisation manifest. */
  name: string
  /** Absolute path of the theme's module exporting the component. */
  original: string
  /** Absolute path of the site's module exporting the replacement under the same name. */
  override: string
}

export interface CustomizationPlan {
  components: ComponentOverride[]
  /** The theme's slot-registry module, and the site's components per slot (absolute paths). */
  slots: { module: string; entries: Array<{ name: string; files: string[] }> } | null
  /** Absolute paths of the site's stylesheets. */
  customCss: string[]
  /** Folder the theme's own imports resolve from (React comes from there). */
  themeDir: string
}

/** The id of the generated browser entry (theme entry + the site's stylesheets). */
export const CLIENT_ENTRY_ID = 'ssg:client-entry'

/** True when the config customises the theme at all. */
export function hasCustomization(config: ResolvedConfig): boolean {
  const { components, slots, customCss } = config.theme
  return components.length > 0 || Object.keys(slots).length > 0 || customCss.length > 0
}

function configProblem(config: ResolvedConfig, lines: string[]): ConfigError {
  const shown = config.configFile
    ? path.relative(process.cwd(), config.configFile) || config.configFile
    : `${config.root} (zero config)`
  return new ConfigError(`invalid config in ${shown}\n` + lines.map((l) => '  ' + l).join('\n'))
}

const SOURCE_EXTENSIONS = ['', '.tsx', '.ts', '.jsx', '.js', '.mjs']

/** The file a config path names (extension optional), or null. */
function findFile(root: string, file: string, extensions = SOURCE_EXTENSIONS): string | null {
  const base = path.resolve(root, file)
  for (const ext of extensions) {
    try {
      if (statSync(base + ext).isFile()) return base + ext
    } catch {
      // try the next extension
    }
  }
  return null
}

/** `file:line:column` of the first mention of `name` in a module, for messages. */
function placeOf(root: string, file: string, name: string): string {
  const shown = path.relative(root, file)
  const text = readFileSync(file, 'utf8')
  const match = new RegExp(`export[^\\n]*?\\b(${name})\\b|\\b(${name})\\b`).exec(text)
  if (!match) return shown
  const index = match.index + match[0].lastIndexOf(name)
  const before = text.slice(0, index).split('\n')
  return `${shown}:${before.length}:${before.at(-1)!.length + 1}`
}

/** The export names of a module (esbuild reads them; nothing runs). */
async function exportsOf(file: string): Promise<string[]> {
  const { build } = await esbuild()
  const result = await build({
    entryPoints: [file],
    bundle: false,
    write: false,
    metafile: true,
    format: 'esm',
    jsx: 'automatic',
    outdir: '/',
    logLevel: 'silent',
  })
  return Object.values(result.metafile.outputs).flatMap((o) => o.exports)
}

/**
 * Checks the config's customisation against what the theme allows; every problem in one
 * `ConfigError` naming the config key, the file and a suggestion.
 */
export async function planCustomization(options: {
  config: ResolvedConfig
  serverEntry: string
  customization: ThemeCustomization | undefined
}): Promise<CustomizationPlan> {
  const { config, serverEntry, customization } = options
  const { components, slots, customCss } = config.theme
  const themeName = config.theme.package
  const themeDir = path.dirname(serverEntry)
  const problems: string[] = []
  const plan: CustomizationPlan = { components: [], slots: null, customCss: [], themeDir }

  if (!customization && (components.length || Object.keys(slots).length))
    throw configProblem(config, [
      `theme: the theme \`${themeName}\` declares no replaceable components or slots; remove \`theme.components\` and \`theme.slots\`, or use a theme that supports them`,
    ])

  const known = customization ? Object.keys(customization.components) : []
  const claimed = new Map<string, { key: string; file: string }>()
  for (const [index, entry] of components.entries()) {
    const key = `theme.components[${index}]`
    const file = findFile(config.root, entry)
    if (!file) {
      problems.push(
        `${key}: cannot find the module ${JSON.stringify(entry)} (looked for ${path.resolve(config.root, entry)}); paths are relative to the site folder`,
      )
      continue
    }
    let names: string[]
    try {
      names = await exportsOf(file)
    } catch (error) {
      const first = (
        error as {
          errors?: Array<{ text: string; location?: { line: number; column: number } | null }>
        }
      ).errors?.[0]
      const at = first?.location ? `:${first.location.line}:${first.location.column + 1}` : ''
      problems.push(
        `${key}: ${path.relative(config.root, file)}${at}: ${first?.text ?? String(error)}`,
      )
      continue
    }
    if (!names.length)
      problems.push(
        `${key}: ${path.relative(config.root, file)} exports nothing; export each replacement under the name of the component it replaces (\`export function Navbar(...)\`)`,
      )
    for (const name of names) {
      if (name === 'default') {
        problems.push(
          `${key}: ${placeOf(config.root, file, 'default')}: a default export cannot say which component it replaces; export it under the component's name (\`export function Navbar(...)\`)`,
        )
        continue
      }
      const target = customization!.components[name]
      if (!target) {
        const suggestion = closest(name, known)
        problems.push(
          `${key}: ${placeOf(config.root, file, name)} exports \`${name}\`, which is not a replaceable component of ${themeName}` +
            (suggestion
              ? `; did you mean \`${suggestion}\`?`
              : `; replaceable components: ${known.join(', ')}`),
        )
        continue
      }
      const previous = claimed.get(name)
      if (previous) {
        problems.push(
          `${key}: \`${name}\` is replaced twice: by ${path.relative(config.root, previous.file)} (${previous.key}) and by ${path.relative(config.root, file)} (${key}); keep one of them (the other may import and wrap it)`,
        )
        continue
      }
      claimed.set(name, { key, file })
      plan.components.push({
        name,
        original: path.resolve(themeDir, target.module),
        override: file,
      })
    }
  }

  const slotNames = customization?.slots.names ?? []
  const slotEntries: Array<{ name: string; files: string[] }> = []
  for (const [name, value] of Object.entries(slots)) {
    const key = `theme.slots.${name}`
    if (!slotNames.includes(name)) {
      const suggestion = closest(name, slotNames)
      problems.push(
        `${key}: \`${name}\` is not a slot of ${themeName}` +
          (suggestion ? `; did you mean \`${suggestion}\`?` : `; slots: ${slotNames.join(', ')}`),
      )
      continue
    }
    const files: string[] = []
    for (const [index, entry] of (Array.isArray(value) ? value : [value]).entries()) {
      const itemKey = Array.isArray(value) ? `${key}[${index}]` : key
      const file = findFile(config.root, entry)
      if (!file) {
        problems.push(
          `${itemKey}: cannot find the module ${JSON.stringify(entry)} (looked for ${path.resolve(config.root, entry)})`,
        )
        continue
      }
      const names = await exportsOf(file).catch(() => ['default'])
      if (!names.includes('default')) {
        problems.push(
          `${itemKey}: ${path.relative(config.root, file)} has no default export; a slot module exports its component as default`,
        )
        continue
      }
      files.push(file)
    }
    if (files.length) slotEntries.push({ name, files })
  }
  if (slotEntries.length && customization)
    plan.slots = {
      module: path.resolve(themeDir, customization.slots.module),
      entries: slotEntries,
    }

  for (const [index, entry] of customCss.entries()) {
    const file = findFile(config.root, entry, [''])
    if (!file || !file.endsWith('.css'))
      problems.push(
        `theme.customCss[${index}]: ` +
          (file
            ? `${JSON.stringify(entry)} is not a .css file`
            : `cannot find ${JSON.stringify(entry)} (looked for ${path.resolve(config.root, entry)})`),
      )
    else plan.customCss.push(file)
  }

  if (problems.length) throw configProblem(config, problems)
  return plan
}

const OWN_NAMESPACES = new Set(['ssg-override', 'ssg-slots', 'ssg-entry'])
const SKIP = Symbol('ssg-customize-skip')
const REACT = /^(react|react-dom)(\/.*)?$/

/**
 * The esbuild plugin applying a plan. `target: 'node'` leaves React external (resolved to the
 * theme's copy, by absolute path); `'browser'` bundles it, from the theme's copy as well.
 */
export function customizationPlugin(
  plan: CustomizationPlan,
  target: 'node' | 'browser',
  clientEntry?: string,
): Plugin {
  const byOriginal = new Map(plan.components.map((c) => [c.original, c]))
  const overrideFiles = new Set(plan.components.map((c) => c.override))
  return {
    name: 'ssg-theme-customization',
    setup(b) {
      b.onResolve({ filter: /^ssg:client-entry$/ }, () => ({
        path: 'client',
        namespace: 'ssg-entry',
      }))
      b.onResolve({ filter: /.*/ }, async (args) => {
        // Generated modules import absolute paths only.
        if (OWN_NAMESPACES.has(args.namespace)) return { path: args.path }
        if ((args.pluginData as { skip?: symbol } | undefined)?.skip === SKIP) return undefined
        const fromSite = REACT.test(args.path)
        const resolved = await b.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          // One React: the theme's, whoever imports it.
          resolveDir: fromSite ? plan.themeDir : args.resolveDir,
          pluginData: { skip: SKIP },
        })
        if (resolved.errors.length) return { errors: resolved.errors }
        if (fromSite && target === 'node') return { path: resolved.path, external: true }
        const override = byOriginal.get(resolved.path)
        if (override && !overrideFiles.has(args.importer))
          return { path: resolved.path, namespace: 'ssg-override' }
        if (plan.slots && resolved.path === plan.slots.module)
          return { path: resolved.path, namespace: 'ssg-slots' }
        return {
          path: resolved.path,
          external: resolved.external,
          namespace: resolved.namespace,
          sideEffects: resolved.sideEffects,
          suffix: resolved.suffix,
          pluginData: resolved.pluginData,
        }
      })
      b.onLoad({ filter: /.*/, namespace: 'ssg-override' }, (args) => {
        const override = byOriginal.get(args.path)!
        return {
          contents:
            `export * from ${JSON.stringify(override.original)};\n` +
            `export { ${override.name} } from ${JSON.stringify(override.override)};\n`,
          resolveDir: path.dirname(args.path),
          loader: 'js',
        }
      })
      b.onLoad({ filter: /.*/, namespace: 'ssg-slots' }, () => {
        const entries = plan.slots!.entries
        const imports: string[] = []
        const fields = entries.map(({ name, files }) => {
          const ids = files.map((file) => {
            imports.push(`import slot${imports.length} from ${JSON.stringify(file)};`)
            return `slot${imports.length - 1}`
          })
          return `  ${JSON.stringify(name)}: [${ids.join(', ')}],`
        })
        return {
          contents: `${imports.join('\n')}\nexport const slotComponents = {\n${fields.join('\n')}\n};\n`,
          resolveDir: plan.themeDir,
          loader: 'js',
        }
      })
      b.onLoad({ filter: /.*/, namespace: 'ssg-entry' }, () => ({
        contents: [clientEntry ?? '', ...plan.customCss]
          .map((file) => `import ${JSON.stringify(file)};`)
          .join('\n'),
        resolveDir: plan.themeDir,
        loader: 'js',
      }))
    },
  }
}

export interface CustomizedServer {
  server: ThemeServerModule
  /** The bundled server entry (in `.ssg-cache/theme/`). */
  file: string
  /** The site's files that went into it (to watch). */
  siteInputs: string[]
}

/** Bundles the theme's server entry with the plan applied and imports it. */
export async function loadCustomizedServer(options: {
  config: ResolvedConfig
  serverEntry: string
  plan: CustomizationPlan
}): Promise<CustomizedServer> {
  const { config, serverEntry, plan } = options
  let output: { text: string; metafile: Metafile }
  const { build } = await esbuild()
  try {
    const result = await build({
      entryPoints: [serverEntry],
      bundle: true,
      write: false,
      metafile: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      jsx: 'automatic',
      outfile: path.join(config.root, '.ssg-cache', 'theme', 'server.mjs'),
      // Stylesheets are the browser bundle's business.
      loader: { '.css': 'empty' },
      plugins: [customizationPlugin(plan, 'node')],
      logLevel: 'silent',
    })
    output = { text: result.outputFiles[0]!.text, metafile: result.metafile }
  } catch (error) {
    const errors = (
      error as {
        errors?: Array<{
          text: string
          location?: { file: string; line: number; column: number } | null
        }>
      }
    ).errors
    throw new SsgError(
      `Cannot bundle the theme with the site's components\n` +
        (errors ?? [])
          .map(
            (e) =>
              `  ${e.location ? `${e.location.file}:${e.location.line}:${e.location.column + 1}: ` : ''}${e.text}`,
          )
          .join('\n'),
      { cause: error },
    )
  }
  const dir = path.join(config.root, '.ssg-cache', 'theme')
  await mkdir(dir, { recursive: true })
  // Named by content: an unchanged bundle is the module already imported.
  const file = path.join(dir, `server-${hash(output.text).slice(0, 16)}.mjs`)
  if (!existsSync(file)) await writeFile(file, output.text)
  const server = (await import(pathToFileURL(file).href)) as ThemeServerModule
  const siteInputs = Object.keys(output.metafile.inputs)
    .filter((input) => !input.includes(':') || input.startsWith('/'))
    .map((input) => path.resolve(input))
    .filter(
      (input) =>
        !input.includes(`${path.sep}node_modules${path.sep}`) &&
        input.startsWith(config.root + path.sep),
    )
  return { server, file, siteInputs: [...new Set([...siteInputs, ...plan.customCss])] }
}
