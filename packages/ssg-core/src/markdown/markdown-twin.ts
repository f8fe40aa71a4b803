import type { Root } from 'mdast'
import { gfmToMarkdown } from 'mdast-util-gfm'
import {
  defaultHandlers,
  toMarkdown,
  type Options as ToMarkdownOptions,
  type State,
} from 'mdast-util-to-markdown'
import { toString } from 'mdast-util-to-string'
import type { VFile } from 'vfile'
import type { FrontMatter } from './front-matter.js'
import { hasHtml, plainContent, URL_END, URL_START } from './markdown-twin-plain.js'
import type { AssetReference } from './rehype-assets.js'
import { wantsTwin } from './twin-files.js'

export { wantsTwin }

export { URL_END, URL_START }

/**
 * A page's Markdown twin as the compile step leaves it: plain CommonMark + GFM with every link
 * and image destination relative to the site replaced by a placeholder (`\uE000<n>\uE001`),
 * because where a link points is only known once every page is compiled (the link check rewrites
 * `./x.md` and `/x` -> `/x/`); the writer puts absolute URLs in (`pipeline/markdown-output.ts`).
 */
export interface MarkdownTwin {
  /** `# Title`, the description as a blockquote, then the body. */
  text: string
  /** The destinations as written (files beside the page: their output URL), by placeholder. */
  urls: string[]
  /** The text of each top-level `## ` heading, in order (`markdownSections` splits at them). */
  sections: string[]
}

/** The twin's body as the remark plugin leaves it in `file.data.markdownTwin`. */
export type TwinBody = Omit<MarkdownTwin, 'text'> & { body: string }

const PLACEHOLDER = /\uE000(\d+)\uE001/g

/** How twins are written (exported for the test of `twinMarkdown`'s escapes). */
export const TWIN_MARKDOWN: ToMarkdownOptions = {
  // Unpadded tables: padding is for eyes, costs tokens, and URLs are put in after.
  extensions: [gfmToMarkdown({ tablePipeAlign: false })],
  bullet: '-',
  emphasis: '_',
  strong: '*',
  fence: '`',
  fences: true,
  rule: '-',
  listItemIndent: 'one',
  tightDefinitions: true,
  handlers: {
    // `### C#`: a `#` right after a character is text, not a closing sequence (CommonMark
    // wants a space before one); the default escapes it anyway (`C\#`, in every SDK tab).
    heading: (node, parent, state, info) =>
      defaultHandlers.heading(node, parent, state, info).replace(/([^\s\\])\\#$/, '$1#'),
  },
}

const OPTIONS: ToMarkdownOptions = {
  ...TWIN_MARKDOWN,
  handlers: {
    ...TWIN_MARKDOWN.handlers,
    root: (node, parent, state, info) => {
      tryFewerPatterns(state)
      return defaultHandlers.root(node, parent, state, info)
    },
  },
}

/** Markdown of a tree as twins are written: `toMarkdown` with `TWIN_MARKDOWN`, the same text. */
export function twinMarkdown(tree: Root): string {
  return toMarkdown(tree, OPTIONS)
}

/**
 * `state.safe` (escaping each text) runs every unsafe pattern of the state (91 with GFM, a
 * regular expression each) over the text with the characters around it; a pattern matches only
 * where its character is. The same `safe`, given only the patterns whose character is there:
 * the same escapes, a fraction of the work (all patterns: half the time of writing a twin, 6% of
 * compiling a page of the generated corpus). Each call restores the list (`inlineCode` and
 * `break` read it too).
 */
function tryFewerPatterns(state: State): void {
  const all = state.unsafe
  const safe = state.safe
  state.safe = (value, config) => {
    const text = (config.before ?? '') + (value ?? '') + (config.after ?? '')
    state.unsafe = all.filter((pattern) => text.includes(pattern.character))
    try {
      return safe.call(state, value, config)
    } finally {
      state.unsafe = all
    }
  }
}

/**
 * The body of a page's twin, in `file.data.markdownTwin`: the tree after every dialect and
 * directive was read, made plain (see `markdown-twin-plain.ts`). Runs last of the remark plugins,
 * on a copy: the tree goes on to become the page's HTML unchanged.
 */
export function remarkMarkdownTwin(options: { enabled: boolean }) {
  return async function (tree: Root, file: VFile) {
    if (!options.enabled || !wantsTwin(file.data.frontMatter ?? {})) return
    const html = hasHtml(tree) ? await import('./markdown-twin-html.js') : null
    try {
      const { nodes, urls } = plainContent(tree.children, html)
      file.data.markdownTwin = {
        body: twinMarkdown({ type: 'root', children: nodes }).trimEnd(),
        urls,
        sections: nodes
          .filter((node) => node.type === 'heading' && node.depth === 2)
          .map((node) => toString(node).replace(/\s+/g, ' ').trim()),
      }
    } catch (error) {
      // The page itself is fine: it is built, without a twin, and the author is told.
      file.message(
        `Cannot make the Markdown twin of this page (${(error as Error).message}); the page is built without one`,
        { ruleId: 'markdown-twin', source: 'ssg-core' },
      )
    }
  }
}

/**
 * The whole twin: title and description (when the page sets one) above the body. Destinations
 * of files beside the page (`./pic.png`) become the URL the page's HTML has for them.
 */
export function composeTwin(options: {
  title: string
  description: string | undefined
  body: TwinBody
  assets?: AssetReference[]
}): MarkdownTwin {
  const head: Root = {
    type: 'root',
    children: [{ type: 'heading', depth: 1, children: [{ type: 'text', value: options.title }] }],
  }
  if (options.description)
    head.children.push({
      type: 'blockquote',
      children: [{ type: 'paragraph', children: [{ type: 'text', value: options.description }] }],
    })
  const top = twinMarkdown(head).trimEnd()
  const { body, sections } = options.body
  const copied = new Map<string, string>()
  for (const asset of options.assets ?? []) if (asset.url) copied.set(asset.written, asset.url)
  const urls = options.body.urls.map((url) => copied.get(url) ?? url)
  return { text: top + (body ? '\n\n' + body : '') + '\n', urls, sections }
}

/** The twin with its placeholders replaced: `resolve` gets each destination. */
export function resolveTwin(twin: MarkdownTwin, resolve: (url: string) => string): string {
  return twin.text.replace(PLACEHOLDER, (_, n: string) => markdownUrl(resolve(twin.urls[+n]!)))
}

/** A URL safe as a Markdown link destination without angle brackets. */
function markdownUrl(url: string): string {
  return url.replace(
    /[\s()<>]/g,
    (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0'),
  )
}

declare module 'vfile' {
  interface DataMap {
    markdownTwin: TwinBody
  }
}
