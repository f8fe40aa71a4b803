#!/usr/bin/env node
import('../dist/cli.js').catch((error) => {
  if (error && error.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes('dist/cli.js')) {
    console.error('ssg: @ssg/core is not built yet. Run `pnpm build` at the repository root first.')
    process.exit(1)
  }
  throw error
})
