import type { Element, ElementContent, Root, RootContent } from 'hast'
import type { VFile } from 'vfile'
import { toString } from 'hast-util-to-string'
import { eachElement } from './walk.js'
import { HeadingIds, type HeadingIdStyle } from './heading-ids.js'
import type { TocItem } from '../theme/contract.js'

export interface CollectedLink {
  href: string
  line: number
  column: number
}

export interface CollectedSection {
  anchor: string | null
  heading: string
  text: string
  code: string
}

const HEADING = /^h[1-6]$/

/**
 * One pass after the Markdown became HTML: the first `<h1>` becomes the page title (and leaves
 * the article: the theme shows the title), headings get GitHub-style ids (see `heading-ids.ts`) and anchor links, and
 * the table of contents (h2-h3), links and search sections are collected into `file.data`.
 */
export function rehypeCollect(options: { headingIds?: HeadingIdStyle } = {}) {
  const style = options.headingIds ?? 'github'
  return function (tree: Root, file: VFile) {
    const ids = new HeadingIds(style)
    // Ids the author wrote (raw HTML, `{#id}`) are kept as written, and never handed out again.
    eachElement(tree, (node) => {
      if (typeof node.properties.id === 'string') ids.reserve(node.properties.id)
    })
    const first = tree.children.find((c): c is Element => c.type === 'element')
    if (first && first.tagName === 'h1') {
      file.data.h1 = toString(first).trim()
      tree.children.splice(tree.children.indexOf(first), 1)
    }
    const toc: TocItem[] = []
    const links: CollectedLink[] = []
    const headingIds: string[] = []
    // Document order matters for the toc: walk depth-first, left to right.
    const ordered: Element[] = []
    const collect = (parent: Root | Element) => {
      for (const child of parent.children) {
        if (child.type !== 'element') continue
        ordered.push(child)
        if (child.tagName !== 'pre' && child.tagName !== 'svg') collect(child)
      }
    }
    collect(tree)
    for (const node of ordered) {
      if (HEADING.test(node.tagName)) {
        const text = toString(node).trim()
        if (typeof node.properties.id !== 'string' || !node.properties.id)
          node.properties.id = ids.slug(text)
        const id = String(node.properties.id)
        headingIds.push(id)
        const depth = Number(node.tagName[1])
        if (depth === 2 || depth === 3) toc.push({ depth, id, text })
        continue
      }
      // MDN gives each term of a definition list an id, and links to it (`#fallback`).
      if (style === 'mdn' && node.tagName === 'dt' && typeof node.properties.id !== 'string')
        node.properties.id = ids.slug(toString(node).trim())
      // Any element's id is a target (`<a id="ERR_X">`, footnotes), and so is an `<a name>`.
      if (typeof node.properties.id === 'string' && node.properties.id)
        headingIds.push(node.properties.id)
      if (node.tagName === 'a' && typeof node.properties.name === 'string' && node.properties.name)
        headingIds.push(node.properties.name)
      if (
        node.tagName === 'a' &&
        typeof node.properties.href === 'string' &&
        !(node.data as { asset?: boolean } | undefined)?.asset
      )
        links.push({
          href: node.properties.href,
          line: node.position?.start.line ?? 1,
          column: node.position?.start.column ?? 1,
        })
    }
    file.data.toc = toc
    file.data.links = links
    file.data.anchors = headingIds
    file.data.sections = collectSections(tree)
    // Anchor links last, so that neither the toc nor the search text contains the `#`.
    eachElement(tree, (node) => {
      if (!/^h[2-4]$/.test(node.tagName)) return
      node.children.push({
        type: 'element',
        tagName: 'a',
        properties: {
          className: ['ssg-anchor'],
          href: `#${String(node.properties.id)}`,
          ariaLabel: `Link to this section: ${toString(node).trim()}`,
        },
        children: [{ type: 'text', value: '#' }],
      })
    })
  }
}

function collectSections(tree: Root): CollectedSection[] {
  const sections: CollectedSection[] = [{ anchor: null, heading: '', text: '', code: '' }]
  const add = (node: RootContent | ElementContent) => {
    const current = sections[sections.length - 1]!
    if (node.type === 'element' && (node.tagName === 'h2' || node.tagName === 'h3')) {
      sections.push({
        anchor: String(node.properties.id ?? ''),
        heading: toString(node).trim(),
        text: '',
        code: '',
      })
      return
    }
    // The copy button and tab labels are interface, not content ("Copy", "curl Node Python").
    if (
      node.type === 'element' &&
      (node.tagName === 'button' || node.properties.role === 'tablist')
    )
      return
    if (node.type === 'element' && node.tagName === 'pre') {
      current.code += ' ' + identifiers(toString(node))
      return
    }
    if (
      node.type === 'element' &&
      (node.tagName === 'div' || node.tagName === 'figure' || node.tagName === 'section')
    ) {
      for (const child of node.children) add(child)
      return
    }
    if (node.type === 'element') {
      eachElement(node, (inner) => {
        if (inner.tagName === 'code') current.code += ' ' + toString(inner)
      })
      current.text += ' ' + toString(node)
    } else if (node.type === 'text') current.text += node.value
  }
  for (const child of tree.children) add(child)
  return sections
    .map((s) => ({
      ...s,
      text: s.text.replace(/\s+/g, ' ').trim(),
      code: s.code.replace(/\s+/g, ' ').trim(),
    }))
    .filter((s) => s.anchor !== null || s.text || s.code)
}

/** Distinct identifier-like words of a code block (API names, fields, headers), in order. */
function identifiers(code: string): string {
  const seen = new Set<string>()
  for (const match of code.matchAll(/[A-Za-z_$][\w$-]*(?:\.[A-Za-z_$][\w$]*)*/g)) {
    const word = match[0]
    if (word.length >= 3 && !seen.has(word)) seen.add(word)
    if (seen.size > 200) break
  }
  return [...seen].join(' ')
}

declare module 'vfile' {
  interface DataMap {
    h1: string
    toc: TocItem[]
    links: CollectedLink[]
    anchors: string[]
    sections: CollectedSection[]
  }
}
