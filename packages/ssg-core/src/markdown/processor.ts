import type { Processor } from 'unified'
import { markdownToHast } from './to-hast.js'
import rehypePrettyCode, { type Options as PrettyCodeOptions } from 'rehype-pretty-code'
import rehypeStringify from 'rehype-stringify'
import { bundledLanguages, createHighlighter, createOnigurumaEngine, type Highlighter } from 'shiki'
import type { ApiSet } from '../openapi/apis.js'
import { rehypeTabs } from './rehype-tabs.js'
import { rehypeCheckUnsafe } from './rehype-check-unsafe.js'
import { rehypeMermaid } from './rehype-mermaid.js'
import { rehypeCodeLanguage } from './rehype-code-language.js'
import { rehypeCopyButton, rehypeLoadLanguages } from './rehype-code-extras.js'
import { rehypeCollect } from './rehype-collect.js'
import { rehypeAssets } from './rehype-assets.js'
import type { MarkdownOptions } from './markdown-options.js'
import { withHastTree } from './hast-tree.js'
import { memoizeLineTokens } from './line-memo.js'
import { withSharedScanners } from './shared-scanners.js'
import { onigurumaFrom } from './oniguruma-wasm.js'
import { rehypeSectionCopy } from './rehype-section-copy.js'
import {
  type HighlightFailure,
  recordingFailures,
  rehypeHighlightFailures,
} from './highlight-failures.js'

function lowerKeys(record: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k.toLowerCase(), v]))
}

let highlighter: Promise<Highlighter> | undefined
let highlighterThemes = ''
let oniguruma: WebAssembly.Module | undefined

/**
 * The oniguruma module the highlighter of this thread is to run (see `compileOniguruma`), given
 * before the first highlighter is made; without it, shiki's own is loaded.
 */
export function useOniguruma(module: WebAssembly.Module | undefined): void {
  oniguruma ??= module
}

/**
 * The one highlighter of this process (worker), created on first use with the themes and reused
 * for every page; `extraLanguages` are loaded into it, other languages as pages use them. Made
 * again only for other themes: a worker that made it before its options were known (with the
 * default themes, see `compile-worker-main.ts`) keeps it and what it has compiled.
 */
export function getHighlighter(options: MarkdownOptions): Promise<Highlighter> {
  const themes = JSON.stringify(options.themes)
  if (!highlighter || themes !== highlighterThemes) {
    highlighterThemes = themes
    highlighter = createHighlighter({
      themes: [options.themes.light, options.themes.dark],
      langs: [],
      engine: createOnigurumaEngine(
        oniguruma ? onigurumaFrom(oniguruma) : import('shiki/wasm'),
      ).then(withSharedScanners),
    }).then((shiki) => {
      memoizeLineTokens(shiki)
      return shiki
    })
  }
  const made = highlighter
  const extra = [...new Set(options.extraLanguages)]
  if (extra.length === 0) return made
  return made.then(async (shiki) => {
    const loaded = new Set(shiki.getLoadedLanguages())
    const missing = extra.filter((lang) => !loaded.has(lang))
    if (missing.length)
      await shiki.loadLanguage(...(missing as Parameters<Highlighter['loadLanguage']>))
    return shiki
  })
}

/** Languages shown as plain text (and `mermaid`, rendered as a diagram). */
export const PLAIN_LANGUAGES = new Set(['text', 'txt', 'plain', 'plaintext', 'mermaid'])

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
  const failures: HighlightFailure[] = []
  const prettyCode: PrettyCodeOptions = {
    theme: options.themes as unknown as NonNullable<PrettyCodeOptions['theme']>,
    keepBackground: false,
    defaultLang: { block: 'text' },
    getHighlighter: () =>
      Promise.resolve(withHastTree(recordingFailures(shiki, failures))) as never,
  }
  return markdownToHast(apis, {
    twins: options.twins ?? false,
    append: options.snippets?.append ?? [],
  })
    .use(rehypeCheckUnsafe)
    .use(rehypeTabs)
    .use(rehypeMermaid)
    .use(rehypeCodeLanguage, { isLoaded, aliases: lowerKeys(options.languageAliases ?? {}) })
    .use(rehypeLoadLanguages, { shiki })
    .use(rehypePrettyCode, prettyCode)
    .use(rehypeHighlightFailures, { failures })
    .use(rehypeCopyButton)
    .use(rehypeAssets, options.assets ?? { baseUrl: '/', docsBasePath: '/docs' })
    .use(rehypeCollect, { headingIds: options.headingIds ?? 'github' })
    .use(rehypeSectionCopy)
    .use(rehypeStringify, { allowDangerousHtml: true }) as unknown as Processor
}
