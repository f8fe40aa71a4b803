import { defineConfig } from 'vitest/config'
export default defineConfig({
  test: {
    // The repository stands alone: a test that reads beside it fails (see the file).
    setupFiles: ['../../scripts/standalone-guard.mjs'],
    // Temporary folders in one folder of the run, removed at its end (see the file).
    globalSetup: ['../../scripts/test-tmpdir.mjs'],
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
  },
})
