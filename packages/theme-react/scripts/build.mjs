// Builds dist/server.js (what `@ssg/core` imports to render pages) and dist/index.js (the public
// API). The browser entry (src/client.tsx) is bundled by the core, together with the site.
import { build } from 'esbuild'
import { rmSync } from 'node:fs'

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true })
await build({
  entryPoints: { server: 'src/server.tsx', index: 'src/index.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  jsx: 'automatic',
  // React stays a peer dependency; the contract (TypeScript source in @ssg/core) is bundled.
  external: ['react', 'react-dom', 'react/*', 'react-dom/*', '@ssg/search-indexer/browser'],
  // CSS belongs to the client bundle only.
  loader: { '.css': 'empty' },
  sourcemap: true,
  logLevel: 'warning',
})
