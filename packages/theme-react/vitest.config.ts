import { defineConfig } from 'vitest/config'

export default defineConfig({
  esbuild: { jsx: 'automatic' },
  test: {
    // The repository stands alone: a test that reads beside it fails (see the file).
    setupFiles: ['../../scripts/standalone-guard.mjs'],
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
  },
})
