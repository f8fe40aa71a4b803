import type { Paragraph, PhrasingContent, Root, RootContent, Text } from 'mdast'
import type { VFile } from 'vfile'
import { SKIP, visit } from 'unist-util-visit'

/**
 * Abbreviations as Python-Markdown's `abbr` (MkDocs, Material's `includes/abbreviations.md`
 * snippet) and PHP Markdown Extra write them: a line `*[HTML]: Hyper Text Markup Language`
 * anywhere in the page defines one, and every `HTML` of the page's text (a whole word, case as
 * written; not in code) becomes `<abbr title="Hyper Text Markup Language">HTML</abbr>`.
 * `*[HTML]: ""` takes back an earlier definition. A paragraph made only of such lines is the
 * definitions and is not shown; a definition line inside another paragraph is shown as written,
 * with an `abbreviation` warning (a blank line before it makes it one).
 */
const DEFINITION = /^[ \t]{0,3}\*\[([^\]\n]+)\][ \t]?:[ \t]*(.*?)[ \t]*$/

/** The node a used abbreviation becomes (`<abbr title>` in the HTML; its text in the twin). */
interface AbbrNode {
  type: 'abbr'
  data: { hName: 'abbr'; hProperties: { title: string } }
  children: Text[]
}

export function remarkAbbreviations() {
  return function (tree: Root, file: VFile) {
    const source = String(file.value)
    // Most pages define none: one scan of the text, no walk.
    if (!source.includes('*[')) return
    const titles = definitions(tree, source, file)
    if (titles.size) useAbbreviations(tree, titles)
  }
}

/** Takes the definition paragraphs out of the tree: the titles by abbreviation, in page order. */
function definitions(tree: Root, source: string, file: VFile): Map<string, string> {
  const titles = new Map<string, string>()
  visit(tree, 'paragraph', (node: Paragraph, index, parent) => {
    const start = node.position?.start.offset
    const end = node.position?.end.offset
    if (start === undefined || end === undefined || !parent || index === undefined) return
    const text = source.slice(start, end)
    if (!text.includes('*[')) return SKIP
    const lines = text.split(/\r?\n/).map((line) => DEFINITION.exec(line))
    if (!lines.some(Boolean)) return SKIP
    if (!lines.every(Boolean)) {
      const line = node.position!.start.line + lines.findIndex(Boolean)
      file.message(
        'An abbreviation definition (`*[ABBR]: title`) inside a paragraph is shown as written; put a blank line before it to make it a definition',
        { place: { line, column: 1 }, ruleId: 'abbreviation', source: 'ssg-core' },
      )
      return SKIP
    }
    for (const match of lines) {
      const abbr = match![1]!.trim()
      const title = unquote(match![2]!)
      if (title) titles.set(abbr, title)
      else titles.delete(abbr)
    }
    ;(parent.children as RootContent[]).splice(index, 1)
    return [SKIP, index]
  })
  return titles
}

/** `"Title"` or `'Title'` as Python-Markdown reads them: without the quotes. */
function unquote(title: string): string {
  const quoted = /^(["'])(.*)\1$/.exec(title)
  return quoted ? quoted[2]! : title
}

/** Wraps each whole-word use of an abbreviation in the page's text (not in code or HTML). */
function useAbbreviations(tree: Root, titles: Map<string, string>): void {
  const escaped = [...titles.keys()]
    .sort((a, b) => b.length - a.length)
    .map((abbr) => abbr.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}_])(?:${escaped.join('|')})(?![\\p{L}\\p{N}_])`,
    'gu',
  )
  visit(tree, 'text', (node: Text, index, parent) => {
    if (!parent || index === undefined || (parent as { type: string }).type === 'abbr') return
    const matches = [...node.value.matchAll(pattern)]
    if (!matches.length) return
    const parts: Array<Text | AbbrNode> = []
    let last = 0
    for (const match of matches) {
      if (match.index > last)
        parts.push({ type: 'text', value: node.value.slice(last, match.index) })
      parts.push({
        type: 'abbr',
        data: { hName: 'abbr', hProperties: { title: titles.get(match[0])! } },
        children: [{ type: 'text', value: match[0] }],
      })
      last = match.index + match[0].length
    }
    if (last < node.value.length) parts.push({ type: 'text', value: node.value.slice(last) })
    ;(parent.children as PhrasingContent[]).splice(index, 1, ...(parts as PhrasingContent[]))
    return [SKIP, index + parts.length]
  })
}
