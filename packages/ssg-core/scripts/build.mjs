// Compiles src/ to dist/ with esbuild: one ESM bundle per entry, dependencies left external; and
// the compile worker with its dependencies bundled in dist/worker/ (see below).
import { build } from 'esbuild'
import { rmSync } from 'node:fs'

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
  packages: 'external',
  sourcemap: true,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'warning',
})

// The compile worker with its dependencies inlined: each worker of a build starts by importing
// unified, micromark, shiki and the rest, about 300 modules; one file (and lazily loaded chunks for
// shiki's grammars and the diagram renderer) imports in 0.3 s instead of 0.7 s.
await build({
  entryPoints: { 'compile-worker': 'src/pipeline/compile-worker.ts' },
  outdir: 'dist/worker',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  splitting: true,
  chunkNames: '[name]-[hash]',
  // Bundled CommonJS modules (the diagram layout engine) may call require().
  banner: {
    js: "import { createRequire as __ssgCreateRequire } from 'node:module'; const require = __ssgCreateRequire(import.meta.url);",
  },
  // No source maps: shiki's grammars would double the size of the folder.
  sourcemap: false,
  logLevel: 'warning',
})
