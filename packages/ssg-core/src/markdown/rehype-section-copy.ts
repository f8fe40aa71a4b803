import type { Root } from 'hast'
import { toString } from 'hast-util-to-string'
import type { VFile } from 'vfile'

/**
 * After `rehypeCollect`: a copy button in each top-level `<h2>` of a page that has a Markdown
 * twin; the theme copies that section of the twin (`markdownSections`). Each
 * button names its section by number, found by the heading's text in the twin's `## ` headings,
 * in order: raw HTML can make more of them (a `<div><h2>` becomes a `## `), and a heading found
 * nowhere gets no button rather than one that copies the wrong text.
 */
export function rehypeSectionCopy() {
  return function (tree: Root, file: VFile) {
    const twin = file.data.markdownTwin
    if (!twin) return
    let next = 0
    for (const heading of tree.children) {
      if (heading.type !== 'element' || heading.tagName !== 'h2') continue
      const text = toString(heading).replace(/#$/, '').replace(/\s+/g, ' ').trim()
      const index = twin.sections.indexOf(text, next)
      if (index === -1) continue
      next = index + 1
      heading.children.push({
        type: 'element',
        tagName: 'button',
        properties: {
          type: 'button',
          className: ['ssg-copy-section'],
          ariaLabel: `Copy the section “${text}” as Markdown`,
          dataSection: String(index),
        },
        children: [],
      })
    }
  }
}
