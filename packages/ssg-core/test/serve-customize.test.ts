// `ssg serve` with a customised theme: the site's override module and custom CSS are watched;
// an edit rebuilds the server bundle and the client bundle, and every page shows it.
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { makeSite } from './helpers.js'
import { get, startQuietServer } from './serve-helpers.js'

const customTheme = fileURLToPath(new URL('./fixture-theme-custom', import.meta.url))
const banner = path.join(customTheme, 'components', 'Banner.js')
const override = (label: string) =>
  `import { Banner as Original } from ${JSON.stringify(banner)}\n` +
  `export function Banner(props) {\n  return \`<div class="${label}">\${Original(props)}</div>\`\n}\n`

let root: string
let server: Awaited<ReturnType<typeof startQuietServer>>
const entry = (html: string) => /<script type="module" src="([^"]+)"/.exec(html)![1]!
const css = (html: string) => /<link rel="stylesheet" href="([^"]+)"/.exec(html)?.[1]

beforeAll(async () => {
  root = await makeSite({
    files: {
      'content/docs/index.md': '# Home\n\nText.\n',
      'theme/overrides.js': override('first'),
      'theme/brand.css': 'body { color: #abcdef; }\n',
    },
    config: {
      theme: {
        package: customTheme,
        components: ['./theme/overrides.js'],
        customCss: ['./theme/brand.css'],
      },
    },
  })
  server = await startQuietServer(root)
})
afterAll(() => server?.close())

test('serves the override from the first build', async () => {
  const html = (await get(server.url, '/docs/')).body
  expect(html).toContain('<div class="first"><header class="theme-banner">Fixture</header></div>')
  expect((await get(server.url, entry(html))).body).toContain('first')
})

test('an edit of the override module re-renders the pages and re-bundles the client', async () => {
  await writeFile(path.join(root, 'theme/overrides.js'), override('second'))
  await server.events.next((e) => e.reload === 'all')
  const html = (await get(server.url, '/docs/')).body
  expect(html).toContain('<div class="second"><header class="theme-banner">Fixture</header></div>')
  const js = (await get(server.url, entry(html))).body
  expect(js).toContain('second')
  expect(js).not.toContain('"first"')
})

test('an edit of the custom CSS reaches the stylesheet', async () => {
  const file = path.join(root, 'theme/brand.css')
  await writeFile(file, (await readFile(file, 'utf8')).replace('#abcdef', '#fedcba'))
  await server.events.next((e) => e.reload === 'all')
  const href = css((await get(server.url, '/docs/')).body)
  expect(href).toBeDefined()
  expect((await get(server.url, href!)).body).toContain('#fedcba')
})
