// Compiles src/ to dist/ with esbuild: one ESM bundle per entry, dependencies left external; and
// the compile worker with its dependencies bundled in dist/worker/ (see below).
import { build } from 'esbuild'
import { rmSync } from 'node:fs'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import Module, { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Script } from 'node:vm'
import { Worker } from 'node:worker_threads'
import { writeOpenapiValidator } from './openapi-validator.mjs'
import { fastWasmDecode, sharedCompileContext } from './worker-plugins.mjs'

/**
 * Packages stay external (imported from node_modules at run time), except `inline` ones, bundled:
 * zod's package is 70 modules whose loading took 50-100 ms of every start of `ssg serve` and
 * `ssg build`; inlined (with `zodEnglishOnly`), it is one file.
 */
function externalExcept(inline) {
  return {
    name: 'external-except',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        const name = args.path.startsWith('@')
          ? args.path.split('/').slice(0, 2).join('/')
          : args.path.split('/')[0]
        return inline.includes(name) ? undefined : { path: args.path, external: true }
      })
    },
  }
}

/**
 * zod's messages in English only: its `locales` module names all 50 languages (250 KB of code),
 * none of which `z` uses unless told to (no schema of ours is).
 */
const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(build) {
    build.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, () => ({
      contents: 'export { default as en } from "./en.js"',
      loader: 'js',
    }))
  },
}

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true })
await build({
  entryPoints: {
    cli: 'src/cli/main.ts',
    index: 'src/index.ts',
    'define-config': 'src/config/define-config.ts',
    // Imported at run time by themes' built code (server and browser).
    contract: 'src/theme/contract.ts',
    // Imported by themes' lazy copy code.
    'markdown-sections': 'src/markdown/markdown-sections.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  plugins: [zodEnglishOnly, externalExcept(['zod'])],
  sourcemap: true,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'warning',
})

// The compile worker, in three parts (dist/worker/):
// - `compile-worker.js`, the thread's entry: runs the bundle below with V8's code cache;
// - `compile-worker-main.cjs`, the compile stack with its dependencies inlined: one file imports
//   in a fraction of the time of the 300 modules of unified, micromark, shiki and the rest. It is
//   CommonJS because only a script (`vm.Script`) takes a code cache in Node 20;
// - shiki's grammars and themes as one CommonJS file each (`shiki/langs/`, `shiki/themes/`),
//   required when a page uses the language: 8 MB a worker would otherwise read and keep.
// Then the code cache is made: a worker compiles the warm-up pages and writes what V8 compiled.
const require = createRequire(import.meta.url)
const shikiDir = path.dirname(require.resolve('shiki/package.json'))
const shikiRequire = createRequire(path.join(shikiDir, 'package.json'))
const grammarDirs = {
  langs: path.dirname(shikiRequire.resolve('@shikijs/langs/typescript')),
  themes: path.dirname(shikiRequire.resolve('@shikijs/themes/github-light')),
}

/** `@shikijs/langs/x` and `@shikijs/themes/x` become the files of `shiki/` beside the bundle. */
const grammarsOutside = {
  name: 'grammars-outside',
  setup(build) {
    build.onResolve({ filter: /^@shikijs\/(langs|themes)\/[^/]+$/ }, (args) => {
      const [, kind, name] = args.path.split('/')
      return { path: `./shiki/${kind}/${name}.cjs`, external: true }
    })
  },
}

const cjs = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  // `import()` of a bundled or outside file becomes `require()`: a script has no module loader.
  supported: { 'dynamic-import': false },
  define: { 'import.meta.url': '__ssgImportMetaUrl' },
  banner: { js: "var __ssgImportMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
  // No source maps: a stack trace's line numbers are the bundle's. Without whitespace and comments
  // (comments with non-ASCII characters made the whole bundle a two-byte string): the read, the
  // parse and the code cache are smaller.
  sourcemap: false,
  // SSG_DEBUG_BUNDLE=1 keeps them: a CPU profile then names each module's lines.
  minifyWhitespace: !process.env.SSG_DEBUG_BUNDLE,
  legalComments: 'none',
  logLevel: 'warning',
}
await build({
  entryPoints: {
    'compile-worker': 'src/pipeline/compile-worker.ts',
    // Renders pages while the build's thread makes the search index (see `RenderPool`).
    'render-worker': 'src/pipeline/render-worker.ts',
  },
  outdir: 'dist/worker',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: false,
  logLevel: 'warning',
})
await build({
  ...cjs,
  entryPoints: { 'compile-worker-main': 'src/pipeline/compile-worker-main.ts' },
  outExtension: { '.js': '.cjs' },
  outdir: 'dist/worker',
  plugins: [
    grammarsOutside,
    fastWasmDecode,
    sharedCompileContext,
    zodEnglishOnly,
    // Material Design Icons' 3 MB of paths, required by the few pages with an icon shortcode.
    {
      name: 'icons-outside',
      setup(build) {
        build.onResolve({ filter: /^@mdi\/js$/ }, (args) => ({ path: args.path, external: true }))
      },
    },
  ],
})
// esbuild escapes non-ASCII characters in strings, not in regular expressions (the diagram
// renderer's box-drawing characters): one such character makes V8 hold the whole source as a
// two-byte string. Escaped here (a regular expression reads `\u2500` as the character).
const workerBundle = 'dist/worker/compile-worker-main.cjs'
await writeFile(
  workerBundle,
  (await readFile(workerBundle, 'utf8')).replace(
    /[^\0-\x7f]/g,
    (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'),
  ),
)
for (const [kind, dir] of Object.entries(grammarDirs)) {
  const files = (await readdir(dir)).filter((f) => /^[a-z0-9-]+\.mjs$/.test(f))
  await build({
    ...cjs,
    banner: {},
    // What `import x from` this file gives: shiki's modules are ESM, so esbuild reads a required
    // file the way Node imports CommonJS (`default` is `module.exports`).
    footer: { js: 'module.exports = module.exports.default;' },
    define: {},
    entryPoints: files.map((f) => path.join(dir, f)),
    outExtension: { '.js': '.cjs' },
    outdir: `dist/worker/shiki/${kind}`,
    // One grammar embedding another requires its file.
    plugins: [
      {
        name: 'grammar-siblings',
        setup(build) {
          build.onResolve({ filter: /^\.\/[a-z0-9-]+\.mjs$/ }, (args) =>
            args.importer ? { path: args.path.replace(/\.mjs$/, '.cjs'), external: true } : null,
          )
        },
      },
    ],
  })
}

// `yaml` as one file with its code cache (see `src/util/yaml-package.ts`), made by parsing front
// matter of the shapes the simple reader leaves to it.
await build({
  ...cjs,
  entryPoints: { yaml: shikiRequire.resolve('yaml') },
  outExtension: { '.js': '.cjs' },
  outdir: 'dist',
})
{
  const file = fileURLToPath(new URL('../dist/yaml.cjs', import.meta.url))
  const script = new Script(Module.wrap(await readFile(file, 'utf8')), { filename: file })
  const module = { exports: {} }
  script.runInThisContext()(module.exports, createRequire(file), module, file, path.dirname(file))
  const sample =
    'title: "A"\nhero:\n  title: B\n  actions:\n    - text: C # a comment\n      link: /d\nlist: [1, 2.5, {a: b}]\ntext: |\n  e\n'
  module.exports.parseDocument(sample).toJS()
  await writeFile(file.replace(/\.cjs$/, '.code-cache'), script.createCachedData())
}

// The OpenAPI 3.1 schema validator, compiled once (see `scripts/openapi-validator.mjs`).
await writeOpenapiValidator(
  fileURLToPath(new URL('../dist/openapi-31-validator.cjs', import.meta.url)),
)

// The code cache, made by a worker thread like those that use it.
await new Promise((resolve, reject) => {
  const worker = new Worker(new URL('../dist/worker/compile-worker.js', import.meta.url), {
    workerData: { codeCache: 'make' },
  })
  worker.once('message', resolve)
  worker.once('error', reject)
  worker.once('exit', (code) => reject(new Error(`the code cache worker stopped (${code})`)))
}).then(() => undefined)

// The identity of this build, in the page cache's keys (`coreFingerprint`): a hash of every file
// made above (not the code caches, which V8 may write differently from the same code). A rebuilt
// core of the same version (a development build) compiles pages with other code: its cached pages
// must not be reused. The bundles reach one another by names the import scan does not follow
// (the compile worker is started from a URL), so no walk from one module could tell.
{
  const { createHash } = await import('node:crypto')
  const dist = fileURLToPath(new URL('../dist', import.meta.url))
  const files = (await readdir(dist, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && !/\.(code-cache|map)$/.test(entry.name))
    .map((entry) => path.relative(dist, path.join(entry.parentPath ?? entry.path, entry.name)))
    .sort()
  const sum = createHash('sha256')
  for (const file of files) sum.update(file + '\0').update(await readFile(path.join(dist, file)))
  await writeFile(path.join(dist, 'build-id'), sum.digest('hex') + '\n')
}
