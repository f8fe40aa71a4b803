import type { Heading, Parent, Root, RootContent } from 'mdast'
import type { ContainerDirective } from 'mdast-util-directive'
import { toString } from 'mdast-util-to-string'
import { visit } from 'unist-util-visit'

/** A DocFX tab heading: `# [Linux](#tab/linux)`, `## [.NET](#tab/dotnet/linux)`. */
function tabOf(node: RootContent): { label: string; depth: number } | null {
  if (node.type !== 'heading') return null
  const parts = (node as Heading).children.filter(
    (child) => !(child.type === 'text' && child.value.trim() === ''),
  )
  const link = parts[0]
  if (parts.length !== 1 || link?.type !== 'link' || !link.url.startsWith('#tab/')) return null
  // A dependent tab (`#tab/dotnet/linux`) shows its condition in its label: `.NET (linux)`.
  const [, , condition] = link.url.split('/')
  const text = toString(link).trim() || link.url.slice('#tab/'.length)
  return { label: condition ? `${text} (${condition})` : text, depth: (node as Heading).depth }
}

/**
 * DocFX tab groups become the tabs `remarkDirectives` renders: a run of headings whose only
 * content is a `#tab/<id>` link (`# [Linux](#tab/linux)`), each followed by its content, ends at a
 * `---` line (dropped) or at a heading as high as the tabs that is no tab. Tabs of one label
 * switch together across the page, as DocFX's ids do. A dependent tab (`#tab/<id>/<condition>`)
 * is a tab of its own, its condition in its label.
 */
export function remarkDocfxTabs() {
  return function (tree: Root) {
    visit(tree, (node) => {
      if (!('children' in node)) return
      const parent = node as Parent
      if (!parent.children.some((child) => tabOf(child as RootContent))) return
      const out: RootContent[] = []
      const children = parent.children as RootContent[]
      let i = 0
      while (i < children.length) {
        const first = tabOf(children[i]!)
        if (!first) {
          out.push(children[i++]!)
          continue
        }
        const tabs: ContainerDirective[] = []
        while (i < children.length) {
          const child = children[i]!
          const tab = tabOf(child)
          if (tab && tab.depth === first.depth) {
            tabs.push({
              type: 'containerDirective',
              name: 'tab',
              attributes: { label: tab.label },
              children: [],
            })
            i++
          } else if (child.type === 'thematicBreak') {
            i++
            break
          } else if (child.type === 'heading' && child.depth <= first.depth) break
          else {
            tabs[tabs.length - 1]!.children.push(child as ContainerDirective['children'][number])
            i++
          }
        }
        out.push({
          type: 'containerDirective',
          name: 'tabs',
          attributes: { group: 'docfx' },
          children: tabs,
        })
      }
      parent.children = out as Parent['children']
    })
  }
}
