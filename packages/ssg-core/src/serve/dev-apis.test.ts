import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { makeSite } from '../../test/helpers.js'
import { openSite } from '../site/open-site.js'
import { DevApis } from './dev-apis.js'

const fixture = fileURLToPath(new URL('../../test/fixtures/openapi/', import.meta.url))

/** `after`: when the site would read them on its own (`FirstPage`); by default never. */
async function openApis(after: Promise<void> = new Promise(() => {})) {
  const read = (file: string) => readFile(path.join(fixture, file), 'utf8')
  const root = await makeSite({
    files: {
      'openapi/notes.yaml': await read('openapi/notes.yaml'),
      'content/docs/index.md': await read('content/docs/index.md'),
      'content/docs/api/notes.md': await read('content/docs/api/notes.md'),
    },
    config: { openapi: { notes: { file: 'openapi/notes.yaml' } } },
  })
  const site = await openSite({ root, mode: 'serve', cache: false })
  const told: unknown[] = []
  return { apis: new DevApis(site.config, site, (apis) => told.push(apis), after), told }
}

const settledWithin = (promise: Promise<unknown>, ms: number) =>
  Promise.race([
    promise.then(() => true),
    new Promise((resolve) => setTimeout(() => resolve(false), ms)),
  ])

describe('DevApis: the OpenAPI specs of `ssg serve` are read when first needed', () => {
  test('a page that places no part of a spec never waits for it', async () => {
    const { apis } = await openApis()
    expect(apis.waitFor('content/docs/index.md', true)).toBeNull()
    expect(apis.apis).toBeNull()
  })

  test('a background compile waits for the specs without reading them', async () => {
    const { apis, told } = await openApis()
    const waiting = apis.waitFor('content/docs/api/notes.md', false)!
    expect(await settledWithin(waiting, 300)).toBe(false)
    expect(told).toEqual([])
    // Read for another reason (a request): the wait is over.
    await apis.start()
    expect(await settledWithin(waiting, 1000)).toBe(true)
    expect(told).toHaveLength(1)
  })

  test('the specs are read once the first page is served, without a page asking for them', async () => {
    let served!: () => void
    const { apis, told } = await openApis(new Promise((resolve) => (served = resolve)))
    const waiting = apis.waitFor('content/docs/api/notes.md', false)!
    expect(await settledWithin(waiting, 300)).toBe(false)
    served()
    await waiting
    expect(told).toEqual([apis.apis])
    expect(apis.apis).not.toBeNull()
  })

  test('a page asked for now reads the specs at once', async () => {
    const { apis, told } = await openApis()
    await apis.waitFor('content/docs/api/notes.md', true)
    expect(apis.apis).not.toBeNull()
    expect(told).toEqual([apis.apis])
    // Read: nothing waits any more.
    expect(apis.waitFor('content/docs/api/notes.md', true)).toBeNull()
  })
})
