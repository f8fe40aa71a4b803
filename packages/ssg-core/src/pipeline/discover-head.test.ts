import { describe, expect, test } from 'vitest'
import { loadConfig } from '../config/load-config.js'
import { readPageHeads } from '../site/page-head.js'
import { makeSite } from '../../test/helpers.js'
import { discoverPages, headCut } from './discover.js'

describe('headCut', () => {
  test.each([
    [
      'front matter, then a line',
      '---\ntitle: A\n---\n\nText.\nMore.\n',
      '---\ntitle: A\n---\n\nText.\n',
    ],
    ['no front matter', '\n# Title\n\nText.\n', '\n# Title\n'],
    ['crlf', '---\r\ntitle: A\r\n---\r\n# T\r\nx\r\n', '---\r\ntitle: A\r\n---\r\n# T\r\n'],
    ['bom', '\ufeff---\ntitle: A\n---\nx\ny\n', '\ufeff---\ntitle: A\n---\nx\n'],
  ])('%s', (_name, text, head) => {
    expect(text.slice(0, headCut(text))).toBe(head)
  })

  test.each([
    ['front matter not closed', '---\ntitle: A\nmore: b\n'],
    ['no line break after the first line', '---\ntitle: A\n---\n# Title'],
    ['empty', ''],
  ])('%s: no cut', (_name, text) => {
    expect(headCut(text)).toBe(-1)
  })
})

test('a head discovery (ssg serve) reads the heads a whole discovery reads', async () => {
  const long = Array.from({ length: 400 }, (_, i) => `key_${i}: value ${i}`).join('\n')
  const files: Record<string, string> = {
    'content/docs/titled.md': '---\ntitle: Titled\nsidebar_position: 2\n---\n\nText.\n',
    'content/docs/heading.md': '# From the heading\n\nText.\n',
    'content/docs/emphasis.md': '# Title with *emphasis*\n\nText.\n',
    'content/docs/paragraph.md': 'A paragraph first.\n\n# Later heading\n',
    'content/docs/crlf.md':
      '---\r\nsidebar_label: Crlf\r\n---\r\n\r\n# Crlf title\r\n\r\nText.\r\n',
    'content/docs/bom.md': '\ufeff---\ntitle: Bom\n---\nText.\n',
    'content/docs/long-front-matter.md': `---\n${long}\ntitle: Long\n---\n\n# Heading\n`,
    'content/docs/only-front-matter.md': '---\ntitle: Only\n---\n',
    'content/docs/empty.md': '',
    'content/docs/body.md': '---\ntitle: Body\n---\n\nFirst line.\n' + 'More text.\n'.repeat(100),
    'content/docs/slug.md': '---\nslug: elsewhere\n---\n# Slugged\n' + 'x\n'.repeat(3000),
  }
  const root = await makeSite({ files })
  const config = await loadConfig({ root })
  const headsOf = async (head: boolean) => {
    const sources = await discoverPages({ config, messages: [], head })
    return (await readPageHeads(sources)).map(({ hash: _hash, ...rest }) => rest)
  }
  const whole = await headsOf(false)
  expect(whole.map((h) => h.title)).toContain('Long')
  expect(await headsOf(true)).toEqual(whole)
  // Only the start of a page is kept.
  const body = (await discoverPages({ config, messages: [], head: true })).find((s) =>
    s.file.endsWith('body.md'),
  )
  expect(body).toMatchObject({ source: '---\ntitle: Body\n---\n\nFirst line.\n', partial: {} })
})
