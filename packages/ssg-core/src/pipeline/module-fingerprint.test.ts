import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from 'vitest'
import { buildId, coreFingerprint } from './module-fingerprint.js'

test('a built module is known by its package build’s id, whichever bundle it is in', async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'ssg-build-id-'))
  await mkdir(path.join(root, 'dist/chunks'), { recursive: true })
  await mkdir(path.join(root, 'dist/worker'), { recursive: true })
  expect(await buildId(path.join(root, 'dist/chunks/chunk-A.js'))).toBeNull()
  await writeFile(path.join(root, 'dist/build-id'), 'abc123\n')
  expect(await buildId(path.join(root, 'dist/chunks/chunk-A.js'))).toBe('abc123')
  expect(await buildId(path.join(root, 'dist/worker/compile-worker.js'))).toBe('abc123')
  expect(await buildId(path.join(root, 'dist/index.js'))).toBe('abc123')
  // Sources (tests) have no build: the fingerprint walks the modules instead.
  expect(await buildId(path.join(root, 'src/pipeline/compile.ts'))).toBeNull()
  expect(await coreFingerprint()).toMatch(/^[0-9a-f]+$/)
})
