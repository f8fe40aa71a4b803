import { describe, expect, test } from 'vitest'
import type { BuildMessage } from '../report/messages.js'
import { fileMessages, siteMessages, type MessageSources } from './site-messages.js'

const message = (file: string, ruleId: string, severity: 'error' | 'warning' = 'warning') =>
  ({ file, ruleId, severity, message: `${ruleId} in ${file}` }) as BuildMessage

/** Three pages; b and c have messages of their own and of their links; the table has some. */
function sources(withMessages: string[]): MessageSources {
  const files = ['a.md', 'b.md', 'c.md']
  const compiled = new Map([
    ['a.md', { messages: [] }],
    ['b.md', { messages: [message('b.md', 'compile-failed', 'error')] }],
    ['c.md', { messages: [message('c.md', 'missing-asset')] }],
  ])
  const pages = ['c.md', 'a.md', 'b.md'].map((file) => ({ file }))
  return {
    config: { messages: { 'missing-asset': 'error', 'duplicate-route': 'off' } },
    discovery: [message('b.md', 'front-matter-yaml')],
    table: {
      pages,
      byFile: new Map(pages.map((p) => [p.file, p])),
      messages: {
        duplicates: [message('a.md', 'duplicate-route', 'error')],
        sidebars: [message('c.md', 'sidebar-unknown-doc')],
        redirects: [message('b.md', 'redirect-loop')],
      },
    },
    order: files,
    compiled: (file: string) => compiled.get(file),
    links: new Map([
      ['b.md', { messages: [message('b.md', 'broken-link', 'error')] }],
      ['c.md', { messages: [message('c.md', 'broken-anchor')] }],
    ]),
    withMessages: new Set(withMessages),
  } as unknown as MessageSources
}

describe('the messages of ssg serve', () => {
  test('the site list: compiled pages in discovery order, links in table order, severities', () => {
    const list = siteMessages(sources(['c.md', 'b.md', 'gone.md']))
    expect(list.map((m) => `${m.ruleId} ${m.file} ${m.severity}`)).toEqual([
      'front-matter-yaml b.md warning',
      'compile-failed b.md error',
      'missing-asset c.md error',
      'sidebar-unknown-doc c.md warning',
      'broken-anchor c.md warning',
      'broken-link b.md error',
      'redirect-loop b.md warning',
    ])
  })

  test('only the files noted as having messages are gone through', () => {
    const list = siteMessages(sources(['c.md']))
    expect(list.map((m) => m.ruleId)).not.toContain('compile-failed')
    expect(list.map((m) => m.ruleId)).not.toContain('broken-link')
  })

  test("a file's messages are the site list's of that file", () => {
    const all = sources(['b.md', 'c.md'])
    for (const file of ['a.md', 'b.md', 'c.md', 'd.md'])
      expect(fileMessages(all, file)).toEqual(siteMessages(all).filter((m) => m.file === file))
  })
})
