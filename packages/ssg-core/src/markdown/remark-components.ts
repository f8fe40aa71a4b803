import type { Html, Root } from 'mdast'
import type { VFile } from 'vfile'
import { visit } from 'unist-util-visit'

/**
 * An opening tag named in PascalCase (`<Badge`, `<VTCodeGroup>`, `<TabItem value="a">`): a Vue,
 * MDX or React component, not an HTML element (those are lower case; an old page's `<BR>` or
 * `<TABLE>` has no lower-case letter).
 */
const COMPONENT = /<([A-Z][\w.-]*)(?=[\s/>])/g

/**
 * Components of another tool written in a page (VitePress' `<Badge />`, Docusaurus' `<Tabs>`):
 * nothing here renders them. They are kept as unknown HTML elements (their text shows, their
 * behaviour and props do not), and the page gets one `unknown-component` warning naming each.
 */
export function remarkComponents() {
  return function (tree: Root, file: VFile) {
    const found = new Map<string, { count: number; place: Html['position'] }>()
    visit(tree, 'html', (node) => {
      for (const [, name] of node.value.matchAll(COMPONENT)) {
        if (!/[a-z]/.test(name!)) continue
        const seen = found.get(name!)
        if (seen) seen.count++
        else found.set(name!, { count: 1, place: node.position })
      }
    })
    if (!found.size) return
    const names = [...found].map(
      ([name, { count }]) => '`<' + name + '>`' + (count > 1 ? ` (${count})` : ''),
    )
    file.message(
      `Components of another tool are not rendered: ${names.join(', ')}; they are kept as unknown HTML elements (their text shows, not their behaviour); write a type such as \`List<String>\` as code`,
      {
        place: [...found.values()][0]!.place?.start,
        ruleId: 'unknown-component',
        source: 'ssg-core',
      },
    )
  }
}
