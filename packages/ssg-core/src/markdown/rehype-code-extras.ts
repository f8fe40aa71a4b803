import type { Element, Root } from 'hast'
import type { VFile } from 'vfile'
import { visit } from 'unist-util-visit'
import { eachElement } from './walk.js'

/**
 * Before highlighting: a fence in a language the highlighter does not have is shown as plain
 * text with a warning (instead of failing the page). `loaded` holds the highlighter's languages.
 */
export function rehypeCheckLanguages(options: { isLoaded: (lang: string) => boolean }) {
  return function (tree: Root, file: VFile) {
    visit(tree, 'element', (node, _index, parent) => {
      if (node.tagName !== 'code' || !parent || (parent as Element).tagName !== 'pre') return
      const classes = Array.isArray(node.properties.className)
        ? node.properties.className.map(String)
        : []
      const langClass = classes.find((c) => c.startsWith('language-'))
      if (!langClass) return
      const lang = langClass.slice('language-'.length)
      if (options.isLoaded(lang)) return
      file.message(`Unknown code language \`${lang}\`; the block is shown without highlighting`, {
        place: (parent as Element).position?.start,
        ruleId: 'unknown-language',
        source: 'ssg-core',
      })
      node.properties.className = classes.map((c) => (c === langClass ? 'language-text' : c))
    })
  }
}

/** After highlighting: a copy button in every code figure (the theme wires its behaviour). */
export function rehypeCopyButton() {
  return function (tree: Root) {
    eachElement(tree, (node) => {
      // rehype-pretty-code sets the attribute under its HTML name, not the camel-cased property.
      if (node.tagName !== 'figure' || !('data-rehype-pretty-code-figure' in node.properties))
        return
      node.children.push({
        type: 'element',
        tagName: 'button',
        properties: { type: 'button', className: ['ssg-copy'], ariaLabel: 'Copy code' },
        children: [{ type: 'text', value: 'Copy' }],
      })
    })
  }
}

/**
 * `rehype-raw` drops `node.data`, where remark-rehype keeps a fence's meta string (`title="x" {2}`);
 * this copies it to a property first so that rehype-pretty-code still sees it.
 */
export function rehypeKeepCodeMeta() {
  return function (tree: Root) {
    visit(tree, 'element', (node) => {
      const meta = (node.data as { meta?: string } | undefined)?.meta
      if (node.tagName === 'code' && meta) node.properties.metastring = meta
    })
  }
}
