// Builds the publishable package into dist/:
// - one ES module per source file (src/App.tsx -> dist/App.js, ...), so a site can replace a single
//   component module by name (`theme.components` in its config) for the server render and the
//   browser bundle alike;
// - dist/styles.css: every stylesheet of the theme in one file, imported by dist/client.js;
// - .d.ts declarations next to each module (tsc, tsconfig.build.json).
// react, react-dom and the other packages stay imports (peer dependencies and dependencies).
import { build } from 'esbuild'
import { execFileSync } from 'node:child_process'
import { readdirSync, rmSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const src = path.join(root, 'src')
const dist = path.join(root, 'dist')

/** Every module of the package: .ts and .tsx files except tests and test helpers. */
function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name)
    if (statSync(file).isDirectory()) return name === 'test' ? [] : sourceFiles(file)
    return /\.tsx?$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name) && !name.endsWith('.d.ts')
      ? [file]
      : []
  })
}

const sourceExtensions = ['.tsx', '.ts']

/** Keeps each relative import an import of the sibling output module (`./App` -> `./App.js`). */
const keepModules = {
  name: 'keep-modules',
  setup(b) {
    b.onResolve({ filter: /^\.\.?\// }, (args) => {
      if (args.kind === 'entry-point') return undefined
      if (args.path.endsWith('.css')) {
        // The stylesheets are bundled into dist/styles.css on their own.
        return {
          path: path
            .relative(path.dirname(args.importer), path.join(src, 'styles.css'))
            .replace(/^(?!\.)/, './'),
          external: true,
        }
      }
      const target = path.resolve(path.dirname(args.importer), args.path)
      for (const ext of sourceExtensions) {
        try {
          if (statSync(target + ext).isFile()) return { path: args.path + '.js', external: true }
        } catch {
          // try the next extension
        }
      }
      for (const ext of sourceExtensions) {
        try {
          if (statSync(path.join(target, 'index' + ext)).isFile())
            return { path: args.path + '/index.js', external: true }
        } catch {
          // try the next extension
        }
      }
      return undefined
    })
  },
}

rmSync(dist, { recursive: true, force: true })
await Promise.all([
  build({
    entryPoints: sourceFiles(src),
    outbase: src,
    outdir: dist,
    bundle: true,
    packages: 'external',
    platform: 'neutral',
    format: 'esm',
    target: 'es2022',
    jsx: 'automatic',
    sourcemap: true,
    plugins: [keepModules],
    logLevel: 'warning',
  }),
  build({
    entryPoints: { styles: path.join(src, 'styles', 'index.css') },
    outdir: dist,
    bundle: true,
    loader: { '.svg': 'file', '.woff2': 'file', '.png': 'file' },
    assetNames: 'media/[name]-[hash]',
    logLevel: 'warning',
  }),
])
execFileSync(
  process.execPath,
  [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'],
  {
    cwd: root,
    stdio: 'inherit',
  },
)
