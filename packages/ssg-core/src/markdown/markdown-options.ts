import type { ResolvedConfig } from '../config/load-config.js'
import type { HeadingIdStyle } from './heading-ids.js'
import type { AssetLayout } from './rehype-assets.js'
import type { CompileRequest } from '../pipeline/compile-source.js'
import type { SnippetOptions } from './snippets.js'

// The compile's options and constants, apart from the processor (`processor.ts`): the server's
// thread reads them without loading the highlighter and the rest of the compile stack.

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

/** `markdown.code.themes` by default (the config's schema says so too). */
export const DEFAULT_THEMES = { light: 'github-light', dark: 'github-dark' }

/**
 * A page with the Markdown features most pages use, without code blocks: what a compile thread
 * runs while its options are on their way (`compile-worker-main.ts`). Code blocks would compile
 * their grammars (a quarter of a second of the highlighter's engine) on the first page's path,
 * for nothing when that page shows other languages or none.
 */
export const WARM_UP_PROSE = [
  '---',
  'title: Warm-up',
  '---',
  '',
  '# Warm-up',
  '',
  'A paragraph with *emphasis*, `code` and [a link](#warm-up).',
  '',
  ':::note',
  'A note.',
  ':::',
  '',
  '| a | b |',
  '| - | - |',
  '| 1 | 2 |',
  '',
  '- an item',
  '',
].join('\n')

/**
 * The prose page with a `ts` and a `bash` block: what `ssg serve`'s warm-up compiles first (after
 * a page asked for, see `serve/warm-up.ts`), so that the first edit does not pay for the stack's
 * first use; and part of what the compile worker's code cache is made from.
 */
export const WARM_UP_PAGE = [
  WARM_UP_PROSE,
  '```ts',
  'const x: number = f(1)',
  '```',
  '',
  '```bash',
  'curl -H "A: b" https://x.example',
  '```',
  '',
].join('\n')

/** A page with one diagram: the diagram renderer loads and lays out for the first time (0.5-0.8 s). */
export const WARM_UP_DIAGRAM = '```mermaid\nflowchart LR\n  A[A] --> B(B)\n```\n'

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
  /** `markdown.snippets`, when the site sets it. */
  snippets?: SnippetOptions
}

/** The Markdown options of a config: what the processor (and its cache key) depends on. */
export function markdownOptions(config: ResolvedConfig): MarkdownOptions {
  return {
    themes: config.code.themes,
    extraLanguages: config.code.extraLanguages,
    languageAliases: config.markdown.languageAliases,
    headingIds: config.markdown.headingIds,
    assets: { baseUrl: config.baseUrl, docsBasePath: config.docs.basePath },
    twins: config.markdownOutput.enabled,
    ...snippetOptions(config),
  }
}

/** `markdown.snippets` as the compile takes it, when the site sets any (else nothing). */
export function snippetOptions(config: ResolvedConfig): { snippets?: SnippetOptions } {
  const { paths, append } = config.markdown.snippets
  return paths.length || append.length ? { snippets: { paths, append } } : {}
}

/**
 * The compile request of a warm-up page written to `absolute` (not a page of the site): a docs
 * page named by `id`, as `ssg serve`'s warm-up and the compile worker's code cache compile them.
 * Here, beside the warm-up pages: the server thread's warm-up must not import the compile stack.
 */
export function warmUpRequest(id: string, absolute: string): CompileRequest {
  return {
    file: `content/docs/${id}.md`,
    kind: 'docs',
    id,
    dir: '',
    route: `/docs/${id}`,
    absolute,
  }
}
