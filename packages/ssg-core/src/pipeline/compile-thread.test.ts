import { afterEach, expect, test } from 'vitest'
import { oldSpaceLimit, startCompileWorker } from './compile-thread.js'

const original = [...process.execArgv]
afterEach(() => {
  process.execArgv.splice(0, process.execArgv.length, ...original)
})

/** A worker that reports its heap limits. */
const REPORTER = new URL(
  'data:text/javascript,' +
    encodeURIComponent(
      "import { parentPort, resourceLimits } from 'node:worker_threads'; parentPort.postMessage(resourceLimits)",
    ),
)

test('a worker starts when the process was given V8 options; a heap size becomes its limit', async () => {
  // `node --max-old-space-size=512 ssg build`: a worker refuses the option itself.
  process.execArgv.push('--max-old-space-size=512', '--max-semi-space-size=16')
  const worker = startCompileWorker(REPORTER, { setup: 'message' })
  const limits = await new Promise<Record<string, number>>((resolve, reject) => {
    worker.once('message', resolve)
    worker.once('error', reject)
  })
  await worker.terminate()
  expect(limits.maxOldGenerationSizeMb).toBe(512)
  expect(limits.maxYoungGenerationSizeMb).toBe(64)
})

test('oldSpaceLimit reads the last heap size given, either spelling', () => {
  expect(oldSpaceLimit([])).toEqual({})
  expect(oldSpaceLimit(['--max-old-space-size=4096'])).toEqual({ maxOldGenerationSizeMb: 4096 })
  expect(oldSpaceLimit(['--max_old_space_size=100', '--max-old-space-size=200'])).toEqual({
    maxOldGenerationSizeMb: 200,
  })
  expect(oldSpaceLimit(['--max-old-space-size'])).toEqual({})
})
