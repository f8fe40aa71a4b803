import path from 'node:path'
import type { Html, Paragraph, Parent, Root, RootContent } from 'mdast'
import type { Node, Position } from 'unist'
import type { VFile } from 'vfile'
import { visit } from 'unist-util-visit'
import {
  includeKey,
  type Includes,
  MAX_PARTIAL_DEPTH,
  partialImports,
  type PartialImport,
} from './mdx-partials.js'

/** `<Name />` or `<Name></Name>` (props allowed, not passed), alone: where a partial goes. */
const USAGE = /^<([A-Za-z_$][\w$]*)(\s[^>]*?)?\s*(?:\/>|>\s*<\/\1\s*>)$/

/** What a page's tree needs to show its partials. */
export interface PartialContext {
  file: VFile
  includes: Includes
  /** A partial's tree: parsed as the page is, its statements and comments left out. */
  parse: (text: string) => Root
}

/**
 * Puts each partial's content where the page uses it (`<Intro />`), as MDX does: parsed with the
 * page's Markdown dialects, its own partials in place too, its links read from its own folder.
 * What the partial's content reports is placed at the usage. A partial that cannot be read leaves
 * its usage out with an `mdx-partial` warning.
 */
export function inlinePartials(tree: Root, imports: PartialImport[], context: PartialContext) {
  inline(tree, '', imports, context, [])
}

function inline(
  tree: Root,
  from: string,
  imports: PartialImport[],
  context: PartialContext,
  stack: string[],
) {
  if (imports.length === 0) return
  const pageDir = path.posix.dirname(context.file.path ?? '')
  const byName = new Map(imports.map((i) => [i.name, includeKey(from, i.specifier, pageDir)]))
  visit(tree, (node, index, parent) => {
    if (!parent || index === undefined) return
    const usage = usageOf(node as RootContent, byName)
    if (!usage) return
    const key = byName.get(usage)!
    const text = context.includes[key]
    const place = (node as Node).position
    if (
      text === undefined ||
      text === null ||
      stack.includes(key) ||
      stack.length >= MAX_PARTIAL_DEPTH
    ) {
      const why =
        text === null || text === undefined
          ? `cannot be read (no file \`${path.posix.join(pageDir, key)}\`)`
          : `imports itself (through ${[...stack, key].map((k) => `\`${k}\``).join(' -> ')})`
      context.file.message(`The partial \`<${usage} />\` ${why}: left out`, {
        place: place?.start,
        ruleId: 'mdx-partial',
        source: 'ssg-core',
      })
      ;(parent as Parent).children.splice(index, 1)
      return index
    }
    const partial = context.parse(text)
    const dir = path.posix.dirname(key)
    if (place) placeAt(partial, place)
    // Before its own partials are in: theirs are read from their folders.
    if (dir !== '.') rebaseLinks(partial, dir)
    inline(partial, dir, partialImports(text), context, [...stack, key])
    ;(parent as Parent).children.splice(index, 1, ...(partial.children as RootContent[]))
    return index + partial.children.length
  })
}

/** The partial a node shows: a block `<Name />`, or a paragraph of only that. */
function usageOf(node: RootContent, byName: Map<string, string>): string | null {
  let html: string | undefined
  if (node.type === 'html') html = node.value
  else if (node.type === 'paragraph') {
    // `<Intro></Intro>` on one line is a paragraph of two tags.
    const all = (node as Paragraph).children
    if (all.every((child) => child.type === 'html'))
      html = all.map((child) => (child as Html).value).join('')
  }
  const name = html && USAGE.exec(html.trim())?.[1]
  return name && byName.has(name) ? name : null
}

/** A relative URL: no scheme, not absolute, not an anchor. */
const RELATIVE = /^(?![a-z][a-z\d+.-]*:|\/|#)/i

/** Links and images of a partial in another folder, made relative to the page's folder. */
function rebaseLinks(tree: Root, dir: string) {
  visit(tree, (node) => {
    if (node.type !== 'link' && node.type !== 'image' && node.type !== 'definition') return
    const target = node as { url: string }
    if (target.url && RELATIVE.test(target.url))
      target.url = path.posix.normalize(path.posix.join(dir, target.url))
  })
}

/** Every node of a partial placed at its usage: what it reports points at the page's line. */
function placeAt(tree: Root, place: Position) {
  visit(tree, (node) => {
    node.position = { start: { ...place.start }, end: { ...place.end } }
  })
}
