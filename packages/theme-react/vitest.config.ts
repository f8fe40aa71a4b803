import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

// `@ssg/core/contract` only exports types in the core's package.json; point tests at its source.
const contract = fileURLToPath(new URL('../ssg-core/src/theme/contract.ts', import.meta.url))

export default defineConfig({
  resolve: { alias: { '@ssg/core/contract': contract } },
  esbuild: { jsx: 'automatic' },
  test: { include: ['src/**/*.test.{ts,tsx}'], environment: 'node' },
})
