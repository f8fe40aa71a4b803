import { rehypeRawIfNeeded as rehypeRaw } from './rehype-raw-if-needed.js'
import remarkParse from 'remark-parse'
import remarkRehype from 'remark-rehype'
import rehypeStringify from 'rehype-stringify'
import { unified } from 'unified'
import { VFile } from 'vfile'
import { expect, test } from 'vitest'
import { assetSourceOf } from '../pipeline/assets.js'
import { assetOutputPath, rehypeAssets } from './rehype-assets.js'

const layout = { baseUrl: '/base/', docsBasePath: '/docs' }

async function run(markdown: string, page = 'content/docs/guide/index.md') {
  const file = new VFile({ path: page, value: markdown })
  const html = String(
    await unified()
      .use(remarkParse)
      .use(remarkRehype, { allowDangerousHtml: true })
      .use(rehypeRaw)
      .use(rehypeAssets, layout)
      .use(rehypeStringify)
      .process(file),
  )
  return { html, assets: file.data.assets }
}

test('images and file links point where the build copies them, base URL included', async () => {
  const { html, assets } = await run(
    '![a](./img/a.png) <img src="img/b%20c.png" srcset="img/b.png 1x, img/b@2x.png 2x"> [pdf](../files/x.pdf#p=2)',
  )
  expect(html).toContain('src="/base/docs/guide/img/a.png"')
  expect(html).toContain('src="/base/docs/guide/img/b%20c.png"')
  expect(html).toContain('srcset="/base/docs/guide/img/b.png 1x, /base/docs/guide/img/b@2x.png 2x"')
  expect(html).toContain('href="/base/docs/files/x.pdf#p=2"')
  expect(assets!.map((a) => a.source)).toEqual([
    'content/docs/guide/img/a.png',
    'content/docs/guide/img/b c.png',
    'content/docs/guide/img/b.png',
    'content/docs/guide/img/b@2x.png',
    'content/docs/files/x.pdf',
  ])
})

test('pages, routes, site paths and URLs are not assets', async () => {
  const { html, assets } = await run(
    '[p](./setup.md) [r](setup) [h](a.html) [s](/img/x.png) [u](https://x.org/a.png) ![d](data:image/png;base64,AA==)',
  )
  expect(assets).toEqual([])
  expect(html).toContain('href="./setup.md"')
  expect(html).toContain('href="setup"')
})

test('outside the site folder: reported, not rewritten', async () => {
  const { html, assets } = await run('![x](../../../../x.png)')
  expect(html).toContain('src="../../../../x.png"')
  expect(assets).toMatchObject([{ source: null, output: null }])
})

test('output paths follow the collections', () => {
  expect(assetOutputPath('content/docs/a/b.png', layout)).toBe('docs/a/b.png')
  expect(assetOutputPath('content/pages/b.png', layout)).toBe('b.png')
  expect(assetOutputPath('static/img/b.png', layout)).toBe('img/b.png')
  expect(assetOutputPath('content/shared/b.png', layout)).toBe('_ssg/files/content/shared/b.png')
})

test('docs at the site root (docs.basePath "/"): files beside them go to the root, and back', () => {
  const layout = { baseUrl: '/', docsBasePath: '/' }
  expect(assetOutputPath('content/docs/guide/img/pic.png', layout)).toBe('guide/img/pic.png')
  expect(assetSourceOf('guide/img/pic.png', '/')).toBe('content/docs/guide/img/pic.png')
  expect(assetSourceOf('guide/setup.md', '/')).toBeNull()
  expect(assetSourceOf('docs/img/pic.png', '/docs')).toBe('content/docs/img/pic.png')
})
