import { VFile } from 'vfile'
import type { Processor } from 'unified'
import type { SourcePage } from './discover.js'
import type { FrontMatter } from '../markdown/front-matter.js'
import type { CollectedLink, CollectedSection } from '../markdown/rehype-collect.js'
import type { TocItem } from '../theme/contract.js'
import type { AssetReference } from '../markdown/rehype-assets.js'
import { codeFrame, type BuildMessage } from '../report/messages.js'
import { ruleOf, type RuleId } from '../report/rules.js'
import { composeTwin, type MarkdownTwin } from '../markdown/markdown-twin.js'
import { routeOf } from '../site/page-head.js'

/** A page after parse + transform: everything later stages need, serialisable (cached on disk). */
export interface CompiledPage {
  file: string
  kind: SourcePage['kind']
  id: string
  dir: string
  hash: string
  /** Route after front matter `slug`. */
  route: string
  frontMatter: FrontMatter
  title: string
  description: string
  html: string
  toc: TocItem[]
  links: CollectedLink[]
  /** Every id in the page (headings and raw HTML), for `#anchor` checks. */
  anchors: string[]
  sections: CollectedSection[]
  needsMermaid: boolean
  /** Files the page refers to (images, downloads), to check and copy. */
  assets: AssetReference[]
  /**
   * The page's Markdown twin (links still placeholders), or null: none for a page with
   * `search: false` or `draft: true`, a page that failed, or a site with `markdownOutput` off.
   */
  markdown: MarkdownTwin | null
  messages: BuildMessage[]
  /** True when the page could not be built (a fatal message). */
  failed: boolean
}

function humanize(id: string): string {
  const last =
    id
      .split('/')
      .filter((p) => p !== 'index')
      .pop() ?? id
  const words = last.replace(/[-_]+/g, ' ').trim()
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'Home'
}

/** Runs one page through the processor. Never throws for content problems: they become messages. */
export async function compilePage(page: SourcePage, processor: Processor): Promise<CompiledPage> {
  const file = new VFile({ path: page.file, value: page.source })
  if (page.includes) file.data.includes = page.includes
  let html = ''
  try {
    html = String(await processor.process(file))
  } catch (error) {
    // A fatal `file.message` set by a plugin is not thrown; this is an unexpected failure.
    const reason = error instanceof Error ? error.message : String(error)
    if (!file.messages.some((m) => m.fatal))
      file.message(`Cannot compile the page: ${reason}`, {
        ruleId: 'compile-failed',
        source: 'ssg-core',
      }).fatal = true
  }
  const frontMatter = file.data.frontMatter ?? {}
  const messages: BuildMessage[] = file.messages.map((m) => {
    // A plugin's own rule id (third-party plugins) is kept in the text; the rule is ours.
    const known = m.ruleId && ruleOf(m.ruleId) ? (m.ruleId as RuleId) : null
    const message: BuildMessage = {
      file: page.file,
      severity: m.fatal ? 'error' : 'warning',
      message: known
        ? m.reason
        : `${m.reason} (${[m.source, m.ruleId].filter(Boolean).join(':') || 'no rule id'})`,
      ruleId: known ?? 'markdown-plugin',
    }
    if (m.line != null) {
      // A line of the text with its snippets in place: the page's line it came from.
      const line = (m.ruleId !== 'snippet' && file.data.pageLines?.[m.line - 1]) || m.line
      message.line = line
      message.column = m.column ?? 1
      message.frame = codeFrame(page.source, line, m.column ?? 1)
    }
    return message
  })
  const failed = file.messages.some((m) => m.fatal) || file.data.waitsForSpec !== undefined
  const title = frontMatter.title ?? file.data.h1 ?? humanize(page.id)
  const twin = file.data.markdownTwin
  return {
    file: page.file,
    kind: page.kind,
    id: page.id,
    dir: page.dir,
    hash: page.hash,
    route: routeOf(page, frontMatter),
    frontMatter,
    title,
    description: frontMatter.description ?? firstSentence(file.data.sections?.[0]?.text ?? ''),
    html,
    toc: file.data.toc ?? [],
    links: file.data.links ?? [],
    anchors: file.data.anchors ?? [],
    sections: file.data.sections ?? [],
    needsMermaid: file.data.needsMermaid ?? false,
    assets: file.data.assets ?? [],
    markdown:
      twin && !failed
        ? composeTwin({
            title,
            description: frontMatter.description,
            body: twin,
            assets: file.data.assets ?? [],
          })
        : null,
    messages,
    failed,
  }
}

function firstSentence(text: string): string {
  const match = /^(.{20,200}?[.!?])(\s|$)/.exec(text)
  return (match ? match[1]! : text.slice(0, 160)).trim()
}
