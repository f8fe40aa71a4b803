import { existsSync, readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { docsBuild, docsRoot, specRedirects, specRoutes } from '../../src/harness.js'

/** Every Markdown file of the docs site, with its front matter block and body. */
function contentFiles(): Array<{ file: string; frontMatter: string; body: string }> {
  const root = path.join(docsRoot, 'content')
  return (readdirSync(root, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.md'))
    .map((f) => {
      const text = readFileSync(path.join(root, f), 'utf8')
      const match = /^---\n([\s\S]*?)\n---\n/.exec(text)
      return { file: f, frontMatter: match?.[1] ?? '', body: match ? text.slice(match[0].length) : text }
    })
}

function htmlOf(route: string): string {
  const rel = route.replace(/^\//, '')
  const file = rel === '' || rel.endsWith('/') ? rel + 'index.html' : rel + '.html'
  return path.join(docsBuild, file)
}

function bootstrapOf(route: string): { page: { sidebarId: string | null; title: string } } {
  const html = readFileSync(htmlOf(route), 'utf8')
  const json = /<script id="__SSG_DATA__" type="application\/json">([\s\S]*?)<\/script>/.exec(html)![1]!
  return JSON.parse(json)
}

describe('the Veilbox docs content', () => {
  test('every route of the specification is built, in the sidebar it names', async () => {
    const routes = await specRoutes()
    expect(routes.length).toBeGreaterThan(100)
    const wrong: string[] = []
    for (const { route, sidebar } of routes) {
      if (!existsSync(htmlOf(route))) {
        wrong.push(`${route}: not built`)
        continue
      }
      const expected = sidebar === 'none' ? null : sidebar
      const actual = bootstrapOf(route).page.sidebarId
      if (route !== '/' && actual !== expected) wrong.push(`${route}: sidebar ${actual}, expected ${expected}`)
    }
    expect(wrong).toEqual([])
  })

  test('every old path of the specification has a redirect page to its target', async () => {
    const wrong: string[] = []
    for (const { from, to } of await specRedirects()) {
      const file = htmlOf(from)
      if (!existsSync(file)) {
        wrong.push(`${from}: no redirect page`)
        continue
      }
      const html = readFileSync(file, 'utf8')
      const target = /location\.replace\("([^"]+)"/.exec(html)?.[1] ?? ''
      if (target.replace(/\/$/, '') !== to.replace(/\/$/, '')) wrong.push(`${from}: goes to ${target}, expected ${to}`)
    }
    expect(wrong).toEqual([])
  })

  test('every page has front matter with a title and a description; titles are unique', () => {
    const files = contentFiles()
    const missing = files.filter((f) => !/^title: \S/m.test(f.frontMatter) || !/^description: \S/m.test(f.frontMatter)).map((f) => f.file)
    expect(missing).toEqual([])
    const titles = new Map<string, string[]>()
    for (const f of files) {
      const title = /^title: (.*)$/m.exec(f.frontMatter)![1]!.replace(/^['"]|['"]$/g, '')
      titles.set(title, [...(titles.get(title) ?? []), f.file])
    }
    expect([...titles].filter(([, list]) => list.length > 1)).toEqual([])
  })

  test('no placeholder words', () => {
    const offenders = contentFiles()
      .filter((f) => /lorem ipsum|\bTODO\b|\bTBD\b|coming soon|placeholder/i.test(f.frontMatter + f.body))
      .map((f) => f.file)
    expect(offenders).toEqual([])
  })

  test('pages are real documentation: median prose of 300+ words, 3+ internal links on average', () => {
    const files = contentFiles().filter((f) => f.file.startsWith('docs/'))
    const prose = files.map((f) => f.body.replace(/```[\s\S]*?```/g, '').replace(/^\|.*\|$/gm, '').split(/\s+/).filter((w) => /[a-z]/i.test(w)).length)
    prose.sort((a, b) => a - b)
    expect(prose[Math.floor(prose.length / 2)]).toBeGreaterThanOrEqual(300)
    const links = files.map((f) => (f.body.match(/\]\((\/docs\/|\.\.?\/)[^)]*\)/g) ?? []).length)
    expect(links.reduce((a, b) => a + b, 0) / files.length).toBeGreaterThanOrEqual(3)
  })

  test('the extra languages and diagrams appear across the site', () => {
    const all = contentFiles().map((f) => f.body)
    for (const lang of ['csharp', 'hcl', 'kotlin', 'swift', 'java']) {
      const pages = all.filter((body) => new RegExp('```' + lang + '\\b').test(body)).length
      expect(pages, lang).toBeGreaterThanOrEqual(2)
    }
    const diagrams = all.reduce((n, body) => n + (body.match(/```mermaid/g) ?? []).length, 0)
    expect(diagrams).toBeGreaterThanOrEqual(8)
  })
})
