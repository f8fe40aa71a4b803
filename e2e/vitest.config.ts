import { defineConfig } from 'vitest/config'

/**
 * The reader behaviours, run a second time against `ssg serve` (`E2E_MODE=serve`, see
 * `e2eMode` in src/harness.ts): navigation, search, colour mode, error states and the theme's
 * pages behave the same on the dev server as on the built site.
 */
const READER_SPECS = [
  'tests/theme/navigation.test.ts',
  'tests/theme/colour-mode.test.ts',
  'tests/theme/errors.test.ts',
  'tests/theme/docs.test.ts',
  'tests/theme/layout.test.ts',
  'tests/search/search.test.ts',
]

// Browser tests share two cores with Chromium: run files one at a time.
export default defineConfig({
  test: {
    // The repository stands alone: a test that reads beside it fails (see the file).
    setupFiles: ['../scripts/standalone-guard.mjs'],
    // Temporary folders in one folder of the run, removed at its end (see the file).
    globalSetup: ['../scripts/test-tmpdir.mjs'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: [
      { extends: true, test: { name: 'build', include: ['tests/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'serve',
          include: READER_SPECS,
          env: { E2E_MODE: 'serve' },
          // `ssg serve` compiles the site's pages before the first test (see `serveDev`).
          hookTimeout: 240_000,
        },
      },
    ],
  },
})
