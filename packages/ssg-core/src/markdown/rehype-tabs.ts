import type { Element, ElementContent, Root } from 'hast'
import { visit } from 'unist-util-visit'

/**
 * Builds accessible tabs from the `div.ssg-tabs-source` made by `remarkDirectives`: a tablist of
 * buttons and one tabpanel per tab; the first tab is selected. Ids are unique within the page.
 */
export function rehypeTabs() {
  return function (tree: Root) {
    let count = 0
    visit(tree, 'element', (node) => {
      const classes = node.properties.className
      if (!Array.isArray(classes) || !classes.includes('ssg-tabs-source')) return
      const n = count++
      const group = String(node.properties.dataGroup ?? '')
      const tabs = node.children.filter(
        (child): child is Element =>
          child.type === 'element' &&
          Array.isArray(child.properties.className) &&
          child.properties.className.includes('ssg-tab-source'),
      )
      const buttons: ElementContent[] = []
      const panels: ElementContent[] = []
      tabs.forEach((tab, i) => {
        const label = String(tab.properties.dataLabel ?? `Tab ${i + 1}`)
        const tabId = `tabs-${n}-tab-${i}`
        const panelId = `tabs-${n}-panel-${i}`
        buttons.push({
          type: 'element',
          tagName: 'button',
          properties: {
            type: 'button',
            role: 'tab',
            id: tabId,
            ariaSelected: i === 0 ? 'true' : 'false',
            ariaControls: panelId,
            tabIndex: i === 0 ? 0 : -1,
            dataValue: label,
            className: ['ssg-tabs__tab'],
          },
          children: [{ type: 'text', value: label }],
        })
        panels.push({
          type: 'element',
          tagName: 'div',
          properties: {
            role: 'tabpanel',
            id: panelId,
            ariaLabelledBy: tabId,
            tabIndex: 0,
            dataValue: label,
            className: ['ssg-tabs__panel'],
            hidden: i !== 0,
          },
          children: tab.children,
        })
      })
      node.properties = { className: ['ssg-tabs'], ...(group ? { dataGroup: group } : {}) }
      node.children = [
        {
          type: 'element',
          tagName: 'div',
          properties: { role: 'tablist', className: ['ssg-tabs__list'] },
          children: buttons,
        },
        ...panels,
      ]
    })
  }
}
