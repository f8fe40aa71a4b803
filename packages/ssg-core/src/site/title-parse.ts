import type { Element, Root } from 'hast'
import { toString } from 'hast-util-to-string'
import { VFile } from 'vfile'
import { markdownToHast } from '../markdown/to-hast.js'

/** The compile's Markdown -> HTML steps, without highlighting, diagrams or the rest. */
const processor = markdownToHast()

/** Link and footnote definitions (`[x]: /url`, `[^1]: text`): a heading may use them. */
const DEFINITION = /^ {0,3}\[[^\]\r\n]+\]:.*$/gm

/** The first element of a Markdown text, or null when it has none. */
async function firstElement(markdown: string): Promise<Element | null> {
  const file = new VFile({ value: markdown })
  const tree = (await processor.run(processor.parse(file), file)) as Root
  return tree.children.find((c): c is Element => c.type === 'element') ?? null
}

/**
 * The text of a page's first element when it is an `<h1>` (the compile's rule in
 * `rehype-collect.ts`), or null. `body`: where the Markdown starts after the front matter.
 * Parses the start of the page, one blank-line separated chunk
 * more at a time until an element appears (a long page's title costs its first lines, not the
 * page), with the page's definitions appended (a heading may link through them).
 */
export async function firstH1Parsed(source: string, body: number): Promise<string | null> {
  const definitions = (source.match(DEFINITION) ?? []).join('\n')
  const chunk = /\r?\n[ \t]*\r?\n/g
  // The front matter is always whole (it may hold blank lines).
  chunk.lastIndex = body
  let end = body
  for (;;) {
    // The next blank line after some content.
    let match: RegExpExecArray | null
    do match = chunk.exec(source)
    while (match && source.slice(end, match.index).trim() === '')
    end = match ? match.index : source.length
    const element = await firstElement(
      end === source.length ? source : source.slice(0, end) + '\n\n' + definitions + '\n',
    )
    if (element) return element.tagName === 'h1' ? toString(element).trim() : null
    if (end === source.length) return null
  }
}
