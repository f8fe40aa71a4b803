import { defineConfig } from 'vitest/config'

// Browser tests share two cores with Chromium: run files one at a time.
export default defineConfig({
  test: {
    // The repository stands alone: a test that reads beside it fails (see the file).
    setupFiles: ['../scripts/standalone-guard.mjs'],
    include: ['tests/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})
