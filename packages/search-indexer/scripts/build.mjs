// Compiles src/index.ts to dist/index.js and the browser loader src/browser.ts to dist/browser.js
// with esbuild (ESM, minisearch left external: the site's bundler bundles it for the browser).
import { build } from 'esbuild'
import { rmSync } from 'node:fs'

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true })
await build({
  entryPoints: { index: 'src/index.ts', browser: 'src/browser.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
})
