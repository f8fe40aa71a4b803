import { describe, expect, test } from 'vitest'
import { makeSite } from '../../test/helpers.js'
import { loadConfig } from '../config/load-config.js'
import { discoverPages, placeOf } from '../pipeline/discover.js'
import path from 'node:path'
import { likelyPage } from './early-page.js'

const files = {
  'content/docs/index.md': '# Docs\n',
  'content/docs/guide/intro.md': '# Intro\n',
  'content/docs/guide/index.md': '# Guide\n',
  'content/docs/ref/README.md': '# Reference\n',
  'content/docs/old.markdown': '# Old\n',
  'content/docs/moved.md': '---\nslug: /docs/elsewhere\n---\n# Moved\n',
  'content/pages/index.md': '# Home\n',
  'content/pages/about.md': '# About\n',
}

describe('likelyPage', () => {
  test('names the file a path names, with the request discovery makes of it', async () => {
    const root = await makeSite({ files })
    const config = await loadConfig({ root })
    const discovered = new Map(
      (await discoverPages({ config, messages: [] })).map((page) => [
        page.file,
        { ...placeOf(page), absolute: path.join(root, page.file) },
      ]),
    )
    const cases: Array<[string, string]> = [
      ['docs/guide/intro', 'content/docs/guide/intro.md'],
      ['docs/guide/intro.html', 'content/docs/guide/intro.md'],
      ['docs/guide/index.html', 'content/docs/guide/index.md'],
      ['docs/guide', 'content/docs/guide/index.md'],
      ['docs/index.html', 'content/docs/index.md'],
      ['docs/ref/index.html', 'content/docs/ref/README.md'],
      ['docs/old', 'content/docs/old.markdown'],
      ['docs/moved', 'content/docs/moved.md'],
      ['index.html', 'content/pages/index.md'],
      ['about', 'content/pages/about.md'],
    ]
    for (const [asked, file] of cases) {
      const request = likelyPage(config, asked)
      expect(request, asked).toEqual(discovered.get(file))
    }
  })

  test('nothing for a file, a path with no page, or a page of another base path', async () => {
    const root = await makeSite({ files, config: { docs: { basePath: '/guides' } } })
    const config = await loadConfig({ root })
    for (const asked of ['logo.svg', 'docs/guide/intro.js', 'docs/missing', 'nowhere/index.html'])
      expect(likelyPage(config, asked), asked).toBeNull()
    expect(likelyPage(config, 'docs/guide/intro')).toBeNull()
    expect(likelyPage(config, 'guides/guide/intro')?.file).toBe('content/docs/guide/intro.md')
  })
})

describe('likelyPage on a site with OpenAPI specs', () => {
  test('nothing for a page placing parts of a spec (it waits for the specs); others as usual', async () => {
    const root = await makeSite({
      files: {
        ...files,
        'openapi/api.yaml': 'openapi: 3.1.0\ninfo: { title: A, version: "1" }\npaths: {}\n',
        'content/docs/ref/errors.md': '# Errors\n\n::openapi{schema="Problem"}\n',
      },
      config: { openapi: { api: { file: 'openapi/api.yaml' } } },
    })
    const config = await loadConfig({ root })
    expect(likelyPage(config, 'docs/ref/errors')).toBeNull()
    expect(likelyPage(config, 'docs/guide/intro')?.file).toBe('content/docs/guide/intro.md')
  })
})
