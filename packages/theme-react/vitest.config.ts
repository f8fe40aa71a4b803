import { defineConfig } from 'vitest/config'

export default defineConfig({
  esbuild: { jsx: 'automatic' },
  test: {
    // The repository stands alone: a test that reads beside it fails (see the file).
    setupFiles: ['../../scripts/standalone-guard.mjs'],
    // Temporary folders in one folder of the run, removed at its end (see the file).
    globalSetup: ['../../scripts/test-tmpdir.mjs'],
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
    // As the other packages: a render test of the large sidebar took over 5 s (the default) at
    // load 16-22 on 2 cores and failed the whole test command.
    testTimeout: 60_000,
  },
})
