import { unified, type Processor } from 'unified'
import remarkParse from 'remark-parse'
import remarkFrontmatter from 'remark-frontmatter'
import remarkGfm from 'remark-gfm'
import remarkDirective from 'remark-directive'
import remarkRehype from 'remark-rehype'
import { rehypeRawIfNeeded } from './rehype-raw-if-needed.js'
import rehypePrettyCode, { type Options as PrettyCodeOptions } from 'rehype-pretty-code'
import rehypeStringify from 'rehype-stringify'
import { bundledLanguages, createHighlighter, type Highlighter } from 'shiki'
import { remarkFrontMatter } from './remark-front-matter.js'
import { remarkDirectives } from './remark-directives.js'
import { remarkAttributeLists } from './remark-attribute-lists.js'
import { remarkContainerTitles } from './container-titles.js'
import { remarkGithubAlerts } from './remark-github-alerts.js'
import { remarkMdnDefinitionList } from './remark-mdn-definition-list.js'
import { remarkMacros } from './remark-macros.js'
import { remarkDocfxTabs } from './remark-docfx-tabs.js'
import { defListHastHandlers, remarkDefinitionList } from 'remark-definition-list'
import { remarkOpenapi } from './remark-openapi.js'
import type { ApiSet } from '../openapi/apis.js'
import { rehypeTabs } from './rehype-tabs.js'
import { rehypeCheckUnsafe } from './rehype-check-unsafe.js'
import { rehypeMermaid } from './rehype-mermaid.js'
import { rehypeCodeLanguage } from './rehype-code-language.js'
import { rehypeCopyButton, rehypeKeepCodeMeta, rehypeLoadLanguages } from './rehype-code-extras.js'
import { rehypeCollect } from './rehype-collect.js'
import type { HeadingIdStyle } from './heading-ids.js'
import { rehypeAssets, type AssetLayout } from './rehype-assets.js'
import { withFastDualTheme } from './dual-theme.js'
import { memoizeLineTokens } from './line-memo.js'
import { remarkMarkdownTwin } from './markdown-twin.js'
import { rehypeSectionCopy } from './rehype-section-copy.js'

/**
 * Languages a site is expected to use (`ssg serve` warms them up). Every language shiki bundles
 * highlights: its grammar loads on first use, so a build pays only for the languages its pages
 * use (loading all of these up front cost 0.55 s per worker). `code.extraLanguages` are loaded
 * up front.
 */
export const DEFAULT_LANGUAGES = [
  'bash',
  'shell',
  'json',
  'jsonc',
  'javascript',
  'typescript',
  'jsx',
  'tsx',
  'python',
  'yaml',
  'http',
  'html',
  'css',
  'diff',
  'sql',
  'markdown',
  'go',
  'ruby',
  'php',
  'xml',
  'toml',
  'ini',
  'dockerfile',
  'graphql',
]

/** The names of the unified plugins, part of every cache key. */
export const PLUGIN_FINGERPRINT =
  'parse,mkdocs-admonitions,containers,frontmatter,gfm,deflist,mdn-deflist,heading-id,directive,openapi,alerts,macros,docfx-tabs,directives,rehype,meta,raw,unsafe,tabs,mermaid,code-language,load-langs,pretty-code,dual,copy,assets,collect,twin,section-copy,v6'

export interface MarkdownOptions {
  themes: { light: string; dark: string }
  extraLanguages: string[]
  /** `markdown.languageAliases`: fence language -> a language shiki knows. */
  languageAliases?: Record<string, string>
  /** `markdown.headingIds`: how heading ids are made. @default 'github' */
  headingIds?: HeadingIdStyle
  /** Where files beside the Markdown go. @default baseUrl `/`, docs under `/docs` */
  assets?: AssetLayout
  /**
   * Make each page's Markdown twin (`markdownOutput.enabled`), and its section copy buttons.
   * @default false
   */
  twins?: boolean
}

function lowerKeys(record: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k.toLowerCase(), v]))
}

let highlighter: Promise<Highlighter> | undefined
let highlighterKey = ''

/**
 * The one highlighter of this process (worker), created on first use and reused for every page,
 * with the themes and `extraLanguages`; other languages load as pages use them.
 */
export function getHighlighter(options: MarkdownOptions): Promise<Highlighter> {
  const key = JSON.stringify([options.themes, options.extraLanguages])
  if (!highlighter || key !== highlighterKey) {
    highlighterKey = key
    highlighter = createHighlighter({
      themes: [options.themes.light, options.themes.dark],
      langs: [...new Set(options.extraLanguages)],
    }).then((shiki) => {
      memoizeLineTokens(shiki)
      return shiki
    })
  }
  return highlighter
}

/** Languages shown as plain text (and `mermaid`, rendered as a diagram). */
export const PLAIN_LANGUAGES = new Set(['text', 'txt', 'plain', 'plaintext', 'mermaid'])

/**
 * The processor's first steps: Markdown (with its dialects) to an HTML tree, raw HTML parsed.
 * The compile goes on from here; the page heads' title scan (`site/title-parse.ts`) stops here
 * to find a page's first element, so the two read a page's first heading the same way.
 */
export function markdownToHast(apis?: ApiSet | null, options: { twins?: boolean } = {}) {
  // The twin is made last of the remark plugins: from the tree as the HTML will show it.
  return unified()
    .use(remarkParse)
    .use(remarkContainerTitles)
    .use(remarkFrontmatter, ['yaml'])
    .use(remarkFrontMatter)
    .use(remarkGfm)
    .use(remarkDefinitionList)
    .use(remarkMdnDefinitionList)
    .use(remarkAttributeLists)
    .use(remarkDirective)
    .use(remarkOpenapi, { apis })
    .use(remarkGithubAlerts)
    .use(remarkMacros)
    .use(remarkDocfxTabs)
    .use(remarkDirectives)
    .use(remarkMarkdownTwin, { enabled: options.twins ?? false })
    .use(remarkRehype, { allowDangerousHtml: true, handlers: defListHastHandlers })
    .use(rehypeKeepCodeMeta)
    .use(rehypeRawIfNeeded)
}

/**
 * The unified processor: Markdown in, sanitised-by-check HTML out, with page data in `file.data`.
 * `apis`: the site's OpenAPI specs, for pages that place parts of them (`::openapi{...}`).
 */
export async function createProcessor(
  options: MarkdownOptions,
  apis: ApiSet | null = null,
): Promise<Processor> {
  const shiki = await getHighlighter(options)
  const isLoaded = (lang: string) =>
    PLAIN_LANGUAGES.has(lang) ||
    lang in bundledLanguages ||
    shiki.getLoadedLanguages().includes(lang)
  const prettyCode: PrettyCodeOptions = {
    theme: options.themes as unknown as NonNullable<PrettyCodeOptions['theme']>,
    keepBackground: false,
    defaultLang: { block: 'text' },
    getHighlighter: () => Promise.resolve(withFastDualTheme(shiki, options.themes)) as never,
  }
  return markdownToHast(apis, { twins: options.twins ?? false })
    .use(rehypeCheckUnsafe)
    .use(rehypeTabs)
    .use(rehypeMermaid)
    .use(rehypeCodeLanguage, { isLoaded, aliases: lowerKeys(options.languageAliases ?? {}) })
    .use(rehypeLoadLanguages, { shiki })
    .use(rehypePrettyCode, prettyCode)
    .use(rehypeCopyButton)
    .use(rehypeAssets, options.assets ?? { baseUrl: '/', docsBasePath: '/docs' })
    .use(rehypeCollect, { headingIds: options.headingIds ?? 'github' })
    .use(rehypeSectionCopy)
    .use(rehypeStringify, { allowDangerousHtml: true }) as unknown as Processor
}
