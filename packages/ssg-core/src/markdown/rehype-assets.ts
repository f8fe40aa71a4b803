import path from 'node:path'
import type { Element, Root } from 'hast'
import type { VFile } from 'vfile'
import { withBase } from '../theme/contract.js'
import { eachElement } from './walk.js'

/** Where the files beside the Markdown go in the output: see `assetOutputPath`. */
export interface AssetLayout {
  /** The site's base URL (`/`, `/docs-site/`). */
  baseUrl: string
  /** Route prefix of `content/docs` (`/docs`). */
  docsBasePath: string
}

/** A file a page refers to (an image, a download), found at compile time. */
export interface AssetReference {
  /** The file, relative to the site folder (`content/docs/guide/pic.png`), or null outside it. */
  source: string | null
  /** Its path in the output (`docs/guide/pic.png`), or null outside the site folder. */
  output: string | null
  /** As written in the page (`./pic.png`). */
  written: string
  /** Its URL as the page's HTML has it (base URL included), or null outside the site folder. */
  url: string | null
  line: number
  column: number
}

/** Attributes that load or link a file, by element. */
const URL_ATTRIBUTES: Record<string, string[]> = {
  img: ['src', 'srcSet'],
  source: ['src', 'srcSet'],
  video: ['src', 'poster'],
  audio: ['src'],
  track: ['src'],
  embed: ['src'],
  object: ['data'],
  a: ['href'],
}

/** Links to these are pages (or handled by the link check), not files to copy. */
const PAGE_EXTENSIONS = /\.(md|markdown|mdx|html?)$/i

/**
 * The output path of a file of the site folder: a file under `content/docs/` goes where that
 * folder's pages go (`<docs basePath>/...`), under `content/pages/` at the root, under `static/`
 * where `static/` is copied (the root); any other file of the site folder under `_ssg/files/`.
 * Names are kept (not content-hashed): a download's URL is what readers bookmark and share.
 */
export function assetOutputPath(source: string, layout: AssetLayout): string {
  const docs = layout.docsBasePath.replace(/^\//, '')
  if (source.startsWith('content/docs/'))
    return (docs ? `${docs}/` : '') + source.slice('content/docs/'.length)
  if (source.startsWith('content/pages/')) return source.slice('content/pages/'.length)
  if (source.startsWith('static/')) return source.slice('static/'.length)
  return `_ssg/files/${source}`
}

/** A path as a URL path: each segment percent-encoded where a URL needs it. */
export function encodePath(value: string): string {
  return value
    .split('/')
    .map((segment) =>
      encodeURIComponent(segment).replace(/%40|%3A|%2B|%2C|%3D|%24|%26/g, decodeURIComponent),
    )
    .join('/')
}

/**
 * Files beside the Markdown: every relative URL of an image (`![](./pic.png)`, raw `<img src>`,
 * `srcset`, `<source>`, `<video poster>`...) and every relative link to a file that is not a page
 * (`[guide](./guide.pdf)`) is rewritten to where the build copies that file
 * (`<baseUrl><docs>/guide/pic.png`): it then works at any route, `/x` or `/x/`, and in client-side
 * navigation. The references go to `file.data.assets`; the site checks that each file exists
 * (`missing-asset`) and copies it.
 */
export function rehypeAssets(options: AssetLayout) {
  return function (tree: Root, file: VFile) {
    const page = String(file.path ?? '')
      .split(path.sep)
      .join('/')
    const found: AssetReference[] = []
    const rewrite = (url: string, node: Element, isLink: boolean): string => {
      const match = /^([^?#]*)([?#].*)?$/.exec(url)!
      const rawPath = match[1]!
      if (!isRelative(rawPath)) return url
      if (isLink && (PAGE_EXTENSIONS.test(rawPath) || !/\.[A-Za-z0-9]{1,10}$/.test(rawPath)))
        return url
      let decoded = rawPath
      try {
        decoded = decodeURIComponent(rawPath)
      } catch {
        // A stray `%`: the path is used as written.
      }
      const joined = path.posix.normalize(path.posix.join(path.posix.dirname(page), decoded))
      const inside = !joined.startsWith('../') && joined !== '..'
      const output = inside ? assetOutputPath(joined, options) : null
      const rewritten =
        output === null
          ? null
          : withBase(options.baseUrl, '/' + encodePath(output)) + (match[2] ?? '')
      found.push({
        source: inside ? joined : null,
        output,
        written: url,
        url: rewritten,
        line: node.position?.start.line ?? 1,
        column: node.position?.start.column ?? 1,
      })
      if (rewritten === null) return url
      // Not a page link: the link check leaves it to the asset check.
      if (isLink) node.data = { ...node.data, asset: true } as Element['data']
      return rewritten
    }
    eachElement(tree, (node) => {
      const attributes = URL_ATTRIBUTES[node.tagName]
      if (!attributes) return
      for (const name of attributes) {
        const value = node.properties[name]
        if (typeof value !== 'string' || value === '') continue
        node.properties[name] =
          name === 'srcSet'
            ? value.replace(
                /(^|,)(\s*)(\S+)/g,
                (_all, comma: string, space: string, url: string) => {
                  return comma + space + rewrite(url, node, false)
                },
              )
            : rewrite(value, node, node.tagName === 'a')
      }
    })
    file.data.assets = found
  }
}

/** A path relative to the page: no scheme, not site-absolute, not only a fragment or query. */
function isRelative(value: string): boolean {
  return value !== '' && !/^[a-z][a-z0-9+.-]*:/i.test(value) && !value.startsWith('/')
}

declare module 'vfile' {
  interface DataMap {
    assets: AssetReference[]
  }
}
