// Builds dist/server.js (what `@ssg/core` imports to render pages) and dist/index.js (the public
// API). The browser entry (src/client.tsx) is bundled by the core, together with the site.
import { build } from 'esbuild'
import { rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const contract = fileURLToPath(new URL('../../ssg-core/src/theme/contract.ts', import.meta.url))

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true })
await build({
  entryPoints: { server: 'src/server.tsx', index: 'src/index.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  jsx: 'automatic',
  // The contract is bundled from source (its package export only carries types).
  alias: { '@ssg/core/contract': contract },
  external: ['react', 'react-dom', 'react/*', 'react-dom/*'],
  // CSS imports belong to the client bundle only.
  loader: { '.css': 'empty' },
  sourcemap: true,
  logLevel: 'warning',
})
