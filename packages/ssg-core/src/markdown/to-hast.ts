import { unified } from 'unified'
import remarkParse from 'remark-parse'
import remarkFrontmatter from 'remark-frontmatter'
import remarkGfm from 'remark-gfm'
import remarkDirective from 'remark-directive'
import remarkRehype from 'remark-rehype'
import { rehypeRawIfNeeded } from './rehype-raw-if-needed.js'
import { remarkFrontMatter } from './remark-front-matter.js'
import { remarkMdxEsm } from './remark-mdx-esm.js'
import { remarkDirectives } from './remark-directives.js'
import { remarkAttributeLists } from './remark-attribute-lists.js'
import { remarkContainerTitles } from './container-titles.js'
import { remarkSnippets } from './snippets.js'
import { remarkGithubAlerts } from './remark-github-alerts.js'
import { remarkMdnDefinitionList } from './remark-mdn-definition-list.js'
import { remarkMacros } from './remark-macros.js'
import { remarkComponents } from './remark-components.js'
import { remarkDocfxTabs } from './remark-docfx-tabs.js'
import { defListHastHandlers, remarkDefinitionList } from 'remark-definition-list'
import { remarkOpenapi } from './remark-openapi.js'
import type { ApiSet } from '../openapi/apis.js'
import { rehypeKeepCodeMeta } from './rehype-code-extras.js'
import { remarkMarkdownTwin } from './markdown-twin.js'
import { remarkLeanAutolinks } from './lean-autolinks.js'
import { remarkAbbreviations } from './remark-abbreviations.js'
import { remarkShortcodes } from './remark-shortcodes.js'

/**
 * The processor's first steps: Markdown (with its dialects) to an HTML tree, raw HTML parsed.
 * The compile goes on from here; the page heads' title scan (`site/title-parse.ts`) stops here
 * to find a page's first element, so the two read a page's first heading the same way.
 */
export function markdownToHast(
  apis?: ApiSet | null,
  options: { twins?: boolean; append?: string[] } = {},
) {
  // The twin is made last of the remark plugins: from the tree as the HTML will show it.
  return unified()
    .use(remarkParse)
    .use(remarkLeanAutolinks)
    .use(remarkContainerTitles)
    .use(remarkSnippets, { append: options.append ?? [] })
    .use(remarkFrontmatter, ['yaml'])
    .use(remarkFrontMatter)
    .use(remarkMdxEsm)
    .use(remarkGfm)
    .use(remarkDefinitionList)
    .use(remarkMdnDefinitionList)
    .use(remarkAttributeLists)
    .use(remarkDirective)
    .use(remarkOpenapi, { apis })
    .use(remarkGithubAlerts)
    .use(remarkMacros)
    .use(remarkComponents)
    .use(remarkDocfxTabs)
    .use(remarkDirectives)
    .use(remarkAbbreviations)
    .use(remarkShortcodes)
    .use(remarkMarkdownTwin, { enabled: options.twins ?? false })
    .use(remarkRehype, { allowDangerousHtml: true, handlers: defListHastHandlers })
    .use(rehypeKeepCodeMeta)
    .use(rehypeRawIfNeeded)
}
