import type { Root, RootContent } from 'mdast'
import type { Processor } from 'unified'
import type { VFile } from 'vfile'

/**
 * GFM's literal autolinks (`www.x.com`, `https://x.com`, `a@b.co` written as plain text) are the
 * costliest part of parsing prose: micromark tries the email autolink at every letter and digit
 * of every text (a third of the parse of a page of the generated corpus). A page can only hold
 * one where its text holds `@`, `www.` or `http:`/`https:` (also as escapes, `\@`, or character
 * references, `&#64;`, which text decodes): what `TRIGGER` finds. The rest are parsed without
 * them (`lean`), to the same tree:
 *
 * - a page with no trigger at all;
 * - a page whose triggers all lie in fenced or indented code, front matter or code spans, found
 *   so by its lean tree. Code and front matter are blocks, which literal autolinks (a construct
 *   of text) do not change. A code span is parsed alike by both: text is read from left to
 *   right, and the first literal the full parse would find holds a trigger; one that starts at a
 *   trigger (`www.`, `http:`) starts outside code, and an email's letters before its `@` cannot
 *   hold the backtick that opens the span around the `@`, so none is found, and the text
 *   outside code (what GFM's find-and-replace of text nodes reads) is free of triggers.
 *
 * A page whose triggers look like they are in text (outside ``` fences and backtick spans on
 * their line, a guess) is parsed with autolinks at once; one whose lean tree shows a trigger
 * elsewhere is parsed again with them. `counts` tells the tests which way each page went.
 */
const TRIGGER = /[@\\&]|www\.|https?:/gi

/** Pages parsed each way (by the tests). */
export const counts = { lean: 0, leanChecked: 0, full: 0, fullAfterLean: 0 }

/** The constructs of `micromark-extension-gfm-autolink-literal` (GFM's literal autolinks). */
const AUTOLINK_CONSTRUCTS = new Set(['emailAutolink', 'wwwAutolink', 'protocolAutolink'])

interface Construct {
  name?: string
}
type Hooks = Record<string, Construct | Construct[] | undefined>
type MicromarkExtension = Record<string, Hooks | undefined>
interface MdastExtension {
  enter?: Record<string, unknown>
}
type MdastExtensions = Array<MdastExtension | MdastExtension[]>

/** Remark plugin, right after `remark-parse`: see `TRIGGER`. */
export function remarkLeanAutolinks(this: Processor): void {
  const self = this as unknown as Processor<Root>
  const parse = self.parser
  if (!parse) throw new Error('remarkLeanAutolinks must come after remark-parse')
  const data = self.data()
  let lean: { micromark: MicromarkExtension[]; mdast: MdastExtensions } | undefined

  const parseLean = (doc: string, file: VFile): Root => {
    const full = {
      micromark: data.micromarkExtensions as MicromarkExtension[] | undefined,
      mdast: data.fromMarkdownExtensions as MdastExtensions | undefined,
    }
    // Made at the first page: every plugin has added its extensions by then.
    lean ??= {
      micromark: (full.micromark ?? []).map(withoutAutolinkConstructs),
      mdast: (full.mdast ?? []).map((extension) =>
        Array.isArray(extension) ? extension.filter((e) => !isAutolinkMdast(e)) : extension,
      ),
    }
    Object.assign(data, { micromarkExtensions: lean.micromark, fromMarkdownExtensions: lean.mdast })
    try {
      return parse(doc, file)
    } finally {
      Object.assign(data, {
        micromarkExtensions: full.micromark,
        fromMarkdownExtensions: full.mdast,
      })
    }
  }

  self.parser = (doc, file) => {
    const found = triggers(doc)
    if (found.length === 0) {
      counts.lean++
      return parseLean(doc, file)
    }
    if (!looksInsideCode(doc, found)) {
      counts.full++
      return parse(doc, file)
    }
    const tree = parseLean(doc, file)
    if (insideCode(tree, found)) {
      counts.leanChecked++
      return tree
    }
    counts.fullAfterLean++
    return parse(doc, file)
  }
}

/** Where `TRIGGER` matches in `doc`: [start, end) of each match. */
function triggers(doc: string): Array<[number, number]> {
  const found: Array<[number, number]> = []
  TRIGGER.lastIndex = 0
  for (let m = TRIGGER.exec(doc); m; m = TRIGGER.exec(doc))
    found.push([m.index, m.index + m[0].length])
  return found
}

/**
 * A guess: whether every trigger lies between a line opening with ``` (after spaces or `>`) and
 * the next such line, or in a code span on its line (only which parse is tried first depends on
 * it).
 */
function looksInsideCode(doc: string, found: Array<[number, number]>): boolean {
  const fences: number[] = []
  const fence = /^[\t >]*```/gm
  for (let m = fence.exec(doc); m; m = fence.exec(doc)) fences.push(m.index)
  return found.every(([start, end]) => {
    let before = 0
    while (before < fences.length && fences[before]! < start) before++
    return (before % 2 === 1 && before < fences.length) || inCodeSpanOfLine(doc, start, end)
  })
}

/** Whether [start, end) lies between a run of backticks and the next run as long on its line. */
function inCodeSpanOfLine(doc: string, start: number, end: number): boolean {
  const from = doc.lastIndexOf('\n', start - 1) + 1
  let to = doc.indexOf('\n', end)
  if (to === -1) to = doc.length
  const runs = /`+/g
  runs.lastIndex = from
  for (let open = runs.exec(doc); open && open.index < to; open = runs.exec(doc)) {
    if (open.index >= start) return false
    let close = runs.exec(doc)
    while (close && close.index < to && close[0].length !== open[0].length) close = runs.exec(doc)
    if (!close || close.index >= to) return false
    if (close.index >= end) return true
  }
  return false
}

/** Whether every trigger lies within a code block, the front matter or a code span of `tree`. */
function insideCode(tree: Root, found: Array<[number, number]>): boolean {
  const ranges: Array<[number, number]> = []
  const collect = (nodes: RootContent[]) => {
    for (const node of nodes) {
      if (node.type === 'code' || node.type === 'yaml' || node.type === 'inlineCode') {
        const start = node.position?.start.offset
        const end = node.position?.end.offset
        if (start !== undefined && end !== undefined) ranges.push([start, end])
      } else if ('children' in node) collect(node.children as RootContent[])
    }
  }
  collect(tree.children)
  // The ranges do not overlap, and the triggers come in order: one pass over both.
  ranges.sort((a, b) => a[0] - b[0])
  let at = 0
  return found.every(([start, end]) => {
    while (at < ranges.length && ranges[at]![1] < end) at++
    const range = ranges[at]
    return range !== undefined && range[0] <= start
  })
}

/** A micromark extension without GFM's literal autolink constructs. */
function withoutAutolinkConstructs(extension: MicromarkExtension): MicromarkExtension {
  const text = extension.text
  if (!text) return extension
  const kept: Hooks = {}
  let changed = false
  for (const [code, hooks] of Object.entries(text)) {
    const list = hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]
    const rest = list.filter((c) => !AUTOLINK_CONSTRUCTS.has(c.name ?? ''))
    if (rest.length !== list.length) changed = true
    if (rest.length) kept[code] = rest
  }
  return changed ? { ...extension, text: kept } : extension
}

/** `mdast-util-gfm-autolink-literal`'s part of GFM's mdast extensions (and its transform). */
function isAutolinkMdast(extension: MdastExtension): boolean {
  return extension.enter !== undefined && 'literalAutolink' in extension.enter
}
