import type { Element, Root } from 'hast'
import type { BundledLanguage, Highlighter } from 'shiki'
import { bundledLanguages } from 'shiki/langs'
import { visit } from 'unist-util-visit'
import { eachElement } from './walk.js'

/** The language of a `<pre><code class="language-x">` block, or null. */
export function fenceLanguage(node: Element, parent: unknown): string | null {
  if (node.tagName !== 'code' || !parent || (parent as Element).tagName !== 'pre') return null
  const classes = Array.isArray(node.properties.className) ? node.properties.className : []
  const langClass = classes.map(String).find((c) => c.startsWith('language-'))
  return langClass ? langClass.slice('language-'.length) : null
}

/**
 * Before highlighting: loads the grammars of the page's languages that the highlighter does not
 * have yet (rehype-pretty-code highlights synchronously, with what is loaded).
 */
export function rehypeLoadLanguages(options: { shiki: Highlighter }) {
  return async function (tree: Root) {
    const loaded = new Set(options.shiki.getLoadedLanguages())
    const missing = new Set<BundledLanguage>()
    visit(tree, 'element', (node, _index, parent) => {
      const lang = fenceLanguage(node, parent)
      if (lang && !loaded.has(lang) && lang in bundledLanguages)
        missing.add(lang as BundledLanguage)
    })
    if (missing.size) await options.shiki.loadLanguage(...missing)
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
