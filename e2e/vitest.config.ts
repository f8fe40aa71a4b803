import { defineConfig } from 'vitest/config'

// Browser tests share two cores with Chromium: run files one at a time.
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})
