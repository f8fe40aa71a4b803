import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { build } from '../src/pipeline/build.js'
import { formatMessages } from '../src/report/format.js'
import { BuildFailedError } from '../src/util/errors.js'
import { makeSite, fixtureTheme } from './helpers.js'

/** Help links as a relative path: the real one is this machine's path of ERRORS.md. */
const reference = (ruleId: string) => `ERRORS.md#${ruleId}`

async function failure(root: string): Promise<string> {
  try {
    await build({ root, cache: false, workers: 0 })
  } catch (error) {
    if (error instanceof BuildFailedError) {
      const report = (
        error as BuildFailedError & { report: { messages: Parameters<typeof formatMessages>[0] } }
      ).report
      return formatMessages(report.messages, { reference })
    }
    return (error as Error).message
  }
  throw new Error('expected the build to fail')
}

describe('bad input fails with file, place and what to do', () => {
  test('malformed YAML front matter', async () => {
    const root = await makeSite({
      files: { 'content/docs/index.md': '---\ntitle: Home\ndescription: [unclosed\n---\n\nText\n' },
    })
    expect(await failure(root)).toMatchInlineSnapshot(`
      "error  content/docs/index.md:3:23  Front matter is not valid YAML: Flow sequence in block collection must be sufficiently indented and end with a ]  [front-matter-yaml]
          2 | title: Home
        > 3 | description: [unclosed
            |                       ^
          4 | ---
        fix: correct the YAML at the position shown (quote values holding \`: \`, \`#\` or starting with \`[\`, \`{\`, \`*\`)
        see ERRORS.md#front-matter-yaml

      1 error (front-matter-yaml 1), 0 warnings"
    `)
  })

  test('front matter of the wrong type', async () => {
    const root = await makeSite({
      files: { 'content/docs/index.md': '---\ntitle: Home\nsidebar_position: "2"\n---\nText\n' },
    })
    expect(await failure(root)).toContain(
      'error  content/docs/index.md:3:1  sidebar_position: expected number, received "2" (string)',
    )
  })

  test('unknown config key, with a suggestion', async () => {
    const root = await makeSite({
      files: { 'content/docs/index.md': '# Home\n' },
      config: { navbar: { itms: [] } },
    })
    const message = await failure(root)
    expect(message).toMatch(/^invalid config in .*ssg\.config\.ts\n/)
    expect(message).toContain('navbar.itms: unknown key; did you mean `items`?')
  })

  test('wrong config type', async () => {
    const root = await makeSite({
      files: { 'content/docs/index.md': '# Home\n' },
      config: { search: { maxResults: '20' } },
    })
    const message = await failure(root)
    expect(message).toContain('search.maxResults: expected number, received "20" (string)')
    expect(message).toContain('hint: write the number without quotes: maxResults: 20')
  })

  test('a language alias to a language the highlighter does not know', async () => {
    const root = await makeSite({
      files: { 'content/docs/index.md': '# Home\n' },
      config: { markdown: { languageAliases: { Output: 'text', gql: 'graphqll' } } },
    })
    const message = await failure(root)
    expect(message).toContain(
      'markdown.languageAliases.gql: expected a language the highlighter knows (like `text`, `bash`, `json`), received "graphqll"',
    )
  })

  test('snippet folders and appended files that are not there name the key and where was looked', async () => {
    const root = await makeSite({
      files: { 'content/docs/index.md': '# Home\n', 'includes/abbr.md': '*[A]: a\n' },
      config: {
        markdown: { snippets: { paths: ['includes', 'snipets'], append: ['abbr.md', 'links.md'] } },
      },
    })
    const message = (await failure(root)).replaceAll(root, '<site>')
    expect(message).toMatch(/^invalid config in .*ssg\.config\.ts\n/)
    expect(message.split('\n').slice(1)).toEqual([
      "  markdown.snippets.paths[1]: no folder `snipets` in <site>; expected a folder relative to the site's",
      "  markdown.snippets.append[1]: cannot find `links.md` (looked for `includes/links.md`, `content/docs/includes/links.md`, `snipets/links.md`, `content/docs/snipets/links.md`, `links.md`, `content/docs/links.md`); expected a file relative to the site's folder or to a folder of markdown.snippets.paths",
    ])
  })

  test('broken internal links: every one, placed, with the closest route', async () => {
    const root = await makeSite({
      files: {
        'content/docs/index.md':
          '# Home\n\nSee [install](/docs/instal) and\n[other](/docs/nope/deeper).\n',
        'content/docs/install.md': '# Install\n',
      },
    })
    expect(await failure(root)).toMatchInlineSnapshot(`
      "error  content/docs/index.md:3:5  Cannot find page \`/docs/instal\`; did you mean \`/docs/install\`?  [missing-page]
      error  content/docs/index.md:4:1  Cannot find page \`/docs/nope/deeper\`  [missing-page]
        fix: link to an existing route (the message suggests the closest), or add a redirect
        see ERRORS.md#missing-page

      2 errors (missing-page 2), 0 warnings"
    `)
  })

  test('a link read through links.prefixes names what it was read as', async () => {
    const root = await makeSite({
      config: { links: { prefixes: { '/en-US/docs/': '/docs/' } } },
      files: {
        'content/docs/index.md':
          '# Home\n\nSee [install](/en-US/docs/Instal) and [fetch](/en-US/docs/Web/API/fetch).\n',
        'content/docs/install.md': '# Install\n',
      },
    })
    expect(await failure(root)).toMatchInlineSnapshot(`
      "error  content/docs/index.md:3:5  Cannot find page \`/en-US/docs/Instal\` (read as \`/docs/Instal\` through \`links.prefixes\`); did you mean \`/docs/install\`?  [missing-page]
      error  content/docs/index.md:3:39  Cannot find page \`/en-US/docs/Web/API/fetch\` (read as \`/docs/Web/API/fetch\` through \`links.prefixes\`)  [missing-page]
        fix: link to an existing route (the message suggests the closest), or add a redirect
        see ERRORS.md#missing-page

      2 errors (missing-page 2), 0 warnings"
    `)
  })

  test('unclosed directive', async () => {
    const root = await makeSite({
      files: { 'content/docs/index.md': '# Home\n\n:::warning\nCareful.\n' },
    })
    expect(await failure(root)).toContain(
      'error  content/docs/index.md:3:1  Unclosed directive `:::warning`: add a line `:::` where it ends  [unclosed-directive]',
    )
  })

  test('script, event handlers and javascript: URLs in content', async () => {
    const root = await makeSite({
      files: {
        'content/docs/index.md':
          '# Home\n\n<script>alert(1)</script>\n\n<img src="x.png" onerror="alert(1)" alt="">\n\n<a href="javascript:alert(1)">x</a>\n',
      },
    })
    const message = await failure(root)
    expect(message).toContain(
      'error  content/docs/index.md:3:1  `<script>` is not allowed in content',
    )
    expect(message).toContain(
      'error  content/docs/index.md:5:1  Event handler attribute `onerror` is not allowed in content',
    )
    expect(message).toContain(
      'error  content/docs/index.md:7:1  `javascript:` URL in `href` is not allowed in content',
    )
  })

  test('unreadable file', async () => {
    const root = await makeSite({
      files: { 'content/docs/index.md': '# Home\n' },
      symlinks: { 'content/docs/gone.md': '/nonexistent/file.md' },
    })
    expect(await failure(root)).toContain(
      'error  content/docs/gone.md  Cannot read the file: ENOENT',
    )
  })

  test('a theme that is not installed names the package and the fix', async () => {
    const root = await makeSite({
      files: { 'content/docs/index.md': '# Home\n' },
      config: { theme: { package: '@nope/theme' } },
    })
    expect(await failure(root)).toContain('Cannot find the theme `@nope/theme`')
  })
})

describe('warnings do not fail the build', () => {
  test('duplicate route, broken .md link and missing anchor warn', async () => {
    const root = await makeSite({
      files: {
        'content/docs/a.md':
          '---\nslug: /docs/b\n---\n# A\n\n[missing file](./nope.md) [bad anchor](/docs/b#nope)\n',
        'content/docs/b.md': '# B\n',
      },
    })
    const report = await build({ root, cache: false, workers: 0 })
    expect(formatMessages(report.messages, { reference })).toMatchInlineSnapshot(`
      "warning  content/docs/a.md:6:1  Cannot find the Markdown file \`./nope.md\` (looked for \`content/docs/nope.md\`)  [missing-file]
        fix: correct the path; it is relative to the linking file
        see ERRORS.md#missing-file

      warning  content/docs/a.md:6:27  Cannot find heading \`#nope\` on \`/docs/b\` (link \`/docs/b#nope\`)  [missing-anchor]
        fix: link to a heading id that exists (the message suggests the closest), or add an id
        see ERRORS.md#missing-anchor

      warning  content/docs/b.md:1:1  Duplicate route \`/docs/b\`: \`content/docs/a.md\` has it already, this file is skipped; change one file's name or \`slug\`  [duplicate-route]
        fix: rename one file, or set \`slug\` in its front matter, or drop the redirect
        see ERRORS.md#duplicate-route

      0 errors, 3 warnings (duplicate-route 1, missing-file 1, missing-anchor 1)"
    `)
  })
})

test('a failed build leaves the previous build/ untouched', async () => {
  const root = await makeSite({ files: { 'content/docs/index.md': '# Home\n\nFirst version.\n' } })
  await build({ root, cache: false, workers: 0 })
  const before = await readFile(path.join(root, 'build/docs/index.html'), 'utf8')
  expect(before).toContain('First version.')
  await writeFile(path.join(root, 'content/docs/index.md'), '# Home\n\n[broken](/docs/missing)\n')
  await expect(build({ root, cache: false, workers: 0 })).rejects.toThrow(BuildFailedError)
  expect(await readFile(path.join(root, 'build/docs/index.html'), 'utf8')).toBe(before)
  expect(fixtureTheme).toBeTruthy()
})

test('a theme given as a relative folder is resolved through its package.json exports', async () => {
  const root = await makeSite({ files: { 'content/docs/index.md': '# Home\n' } })
  const relative = path.relative(root, fixtureTheme)
  expect(relative.startsWith('..')).toBe(true)
  await writeFile(
    path.join(root, 'ssg.config.ts'),
    `export default ${JSON.stringify({ title: 'T', url: 'https://example.com', theme: { package: relative } })}\n`,
  )
  const report = await build({ root, cache: false, workers: 0 })
  expect(report.pages).toBe(1)
  expect(await readFile(path.join(root, 'build/docs/index.html'), 'utf8')).toContain(
    '<meta name="fixture-theme" content="1">',
  )
})
