// Compiles src/index.ts to dist/index.js with esbuild (ESM, minisearch left external).
// The browser entry (src/browser.ts) ships as source: the theme's bundler compiles it.
import { build } from 'esbuild'
import { rmSync } from 'node:fs'

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true })
await build({
  entryPoints: { index: 'src/index.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
})
