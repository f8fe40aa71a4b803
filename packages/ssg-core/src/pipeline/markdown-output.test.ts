import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { fixtureTheme, makeSite } from '../../test/helpers.js'
import type { ResolvedConfig } from '../config/load-config.js'
import { build } from './build.js'
import { absoluteUrl } from './markdown-output.js'

const files = {
  'content/docs/index.md':
    '---\ntitle: Home\n---\n\nSee [the guide](guide).\n\n## Start\n\nText.\n',
  'content/docs/guide.md': '---\ntitle: Guide\ndescription: How to.\n---\n\nGuide text.\n',
}

async function built(config: Record<string, unknown>) {
  const root = await makeSite({ files, config: { theme: { package: fixtureTheme }, ...config } })
  await build({ root, cache: false, workers: 0 })
  return (file: string) => {
    const full = path.join(root, 'build', file)
    return existsSync(full) ? readFileSync(full, 'utf8') : null
  }
}

describe('markdownOutput', () => {
  test('on by default: twins, llms files, the alternate link and section buttons', async () => {
    const read = await built({ baseUrl: '/base/' })
    expect(read('docs/guide.md')).toBe('# Guide\n\n> How to.\n\nGuide text.\n')
    expect(read('docs/index.md')).toContain('[the guide](https://example.com/base/docs/guide.md)')
    expect(read('llms.txt')).toContain('- [Guide](https://example.com/base/docs/guide.md): How to.')
    expect(read('llms-full.txt')).toContain('# Home\n\nSource: https://example.com/base/docs/\n')
    const html = read('docs/index.html')!
    expect(html).toContain('<link rel="alternate" type="text/markdown" href="/base/docs/index.md">')
    expect(html).toContain('class="ssg-copy-section"')
  })

  test('`enabled: false`: none of it', async () => {
    const read = await built({ markdownOutput: { enabled: false } })
    expect(read('docs/guide.md')).toBe(null)
    expect(read('llms.txt')).toBe(null)
    expect(read('llms-full.txt')).toBe(null)
    const html = read('docs/index.html')!
    expect(html).not.toContain('text/markdown')
    expect(html).not.toContain('ssg-copy-section')
    expect(read('_ssg/data/docs/index.json')).toContain('"markdownUrl":null')
  })
})

describe('absoluteUrl', () => {
  const config = { url: 'https://e.org', baseUrl: '/b/' } as ResolvedConfig
  const page = 'https://e.org/b/docs/x'
  test.each([
    ['/docs/y', 'https://e.org/b/docs/y'],
    ['/b/docs/y', 'https://e.org/b/docs/y'],
    ['#part', 'https://e.org/b/docs/x#part'],
    ['./img.png', 'https://e.org/b/docs/img.png'],
    ['../up', 'https://e.org/b/up'],
    ['mailto:a@e.org', 'mailto:a@e.org'],
    ['//cdn.e.org/a', '//cdn.e.org/a'],
  ])('%s -> %s', (url, expected) => expect(absoluteUrl(config, page, url)).toBe(expected))
})

describe('drafts in `ssg build`', () => {
  test('a link to a draft is an error naming it', async () => {
    const root = await makeSite({
      files: {
        'content/docs/index.md': '# Home\n\nSee [the plan](./plan.md) and [again](/docs/plan).\n',
        'content/docs/plan.md': '---\ndraft: true\n---\n\n# Plan\n',
      },
      config: { theme: { package: fixtureTheme } },
    })
    const error = await build({ root, cache: false, workers: 0 }).catch((e: unknown) => e)
    const messages = (error as { report: { messages: Array<{ message: string }> } }).report.messages
    expect(messages.map((m) => m.message)).toEqual([
      '`./plan.md` is a draft (`draft: true`), which `ssg build` leaves out; remove the link, or publish the page',
      '`/docs/plan` is a draft (`draft: true` in `content/docs/plan.md`), which `ssg build` leaves out; remove the link, or publish the page',
    ])
  })
})
