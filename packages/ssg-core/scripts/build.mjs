// Compiles src/ to dist/ with esbuild: one ESM bundle per entry, dependencies left external.
import { build } from 'esbuild'
import { rmSync } from 'node:fs'

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true })
await build({
  entryPoints: {
    cli: 'src/cli/main.ts',
    index: 'src/index.ts',
    'define-config': 'src/config/define-config.ts',
    'compile-worker': 'src/pipeline/compile-worker.ts',
    // Imported at run time by themes' built code (server and browser).
    contract: 'src/theme/contract.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'warning',
})
