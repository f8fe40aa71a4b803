import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { runInNewContext } from 'node:vm'
import type { PhrasingContent, Root, Text } from 'mdast'
import type { VFile } from 'vfile'
import { SKIP, visit } from 'unist-util-visit'

/**
 * Emoji and icon shortcodes in a page's text (not in code):
 * - `:tada:`, `:+1:` (GitHub's names, as GitHub, VitePress and Material for MkDocs show them):
 *   the emoji itself; a `:name:` that names no emoji is text;
 * - `:material-download:` (Material for MkDocs' icons of Material Design Icons): the icon, an
 *   inline SVG in the text's color and size, hidden from screen readers (it decorates the text
 *   beside it; a heading's id is made of that text, as MkDocs makes it);
 * - the other icon sets of Material for MkDocs (`:octicons-…:`, `:fontawesome-…:`, `:simple-…:`)
 *   are left out, with an `unknown-icon` warning naming them.
 */
const SHORTCODE = /:([a-z0-9_+-]+):/g
/** The icon sets of Material for MkDocs (a shortcode of one of them is an icon, not text). */
const ICON_SETS = /^(material|octicons|fontawesome|simple)-[a-z0-9-]+$/

/** The icon's node: `<svg>` in the HTML, nothing in the Markdown twin. */
interface IconNode {
  type: 'icon'
  data: {
    hName: 'svg'
    hProperties: Record<string, string>
    hChildren: Array<{ type: 'element'; tagName: 'path'; properties: { d: string }; children: [] }>
  }
}

let emojiByName: Map<string, string> | undefined
/**
 * GitHub's emoji names (gemoji), read on first use from the package as it is installed: its one
 * module is a list of literals, run here as a script (the compile worker's bundle, CommonJS, can
 * neither bundle it cheaply nor require an ES module).
 */
function emojiNames(): Map<string, string> {
  if (!emojiByName) {
    const file = createRequire(import.meta.url).resolve('gemoji')
    const text = readFileSync(file, 'utf8').replace(/^export const (\w+) =/gm, '$1 =')
    const sandbox: { nameToEmoji?: Record<string, string> } = {}
    runInNewContext(text, sandbox)
    emojiByName = new Map(Object.entries(sandbox.nameToEmoji ?? {}))
  }
  return emojiByName
}

let mdiPaths: Record<string, string> | undefined
/**
 * Material Design Icons' paths by export name (`mdiDownload`), read on first use from the
 * package as it is installed (3 MB: no part of the compile worker's bundle).
 */
function materialPaths(): Record<string, string> {
  mdiPaths ??= createRequire(import.meta.url)('@mdi/js') as Record<string, string>
  return mdiPaths
}

/** `download-outline` -> `mdiDownloadOutline`. */
function mdiName(name: string): string {
  return 'mdi' + name.replace(/(^|-)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase())
}

function iconNode(path: string): IconNode {
  return {
    type: 'icon',
    data: {
      hName: 'svg',
      hProperties: {
        className: 'ssg-md-icon',
        viewBox: '0 0 24 24',
        width: '1.2em',
        height: '1.2em',
        fill: 'currentColor',
        style: 'vertical-align:-0.2em',
        ariaHidden: 'true',
        focusable: 'false',
      },
      hChildren: [{ type: 'element', tagName: 'path', properties: { d: path }, children: [] }],
    },
  }
}

export function remarkShortcodes() {
  return function (tree: Root, file: VFile) {
    // Most pages have none: one scan of the text, no walk.
    if (!/:[a-z0-9_+-]+:/.test(String(file.value))) return
    const emoji = emojiNames()
    const unknown = new Map<string, { count: number; line?: number; column?: number }>()
    visit(tree, 'text', (node: Text, index, parent) => {
      if (!parent || index === undefined || !node.value.includes(':')) return
      const parts: Array<Text | IconNode> = []
      let last = 0
      let changed = false
      const keep = (end: number) => {
        if (end > last) parts.push({ type: 'text', value: node.value.slice(last, end) })
      }
      for (const match of node.value.matchAll(SHORTCODE)) {
        const name = match[1]!
        const found = emoji.get(name)
        let dropped = false
        if (found !== undefined) {
          keep(match.index)
          parts.push({ type: 'text', value: found })
        } else if (ICON_SETS.test(name)) {
          keep(match.index)
          const path = name.startsWith('material-')
            ? materialPaths()[mdiName(name.slice('material-'.length))]
            : undefined
          if (path) parts.push(iconNode(path))
          else {
            dropped = true
            const seen = unknown.get(name)
            if (seen) seen.count++
            else unknown.set(name, { count: 1, ...node.position?.start })
          }
        } else continue
        changed = true
        last = match.index + match[0].length
        // A left-out icon between two spaces (or first): one of them goes with it.
        const spaced = match.index === 0 || /\s/.test(node.value[match.index - 1]!)
        if (dropped && spaced && node.value[last] === ' ') last++
      }
      if (!changed) return
      keep(node.value.length)
      ;(parent.children as PhrasingContent[]).splice(index, 1, ...(parts as PhrasingContent[]))
      return [SKIP, index + parts.length]
    })
    if (!unknown.size) return
    const first = [...unknown.values()][0]!
    const names = [...unknown].map(
      ([name, { count }]) => `\`:${name}:\`` + (count > 1 ? ` (${count})` : ''),
    )
    file.message(
      `Icons not shown (Material Design Icons, \`:material-…:\`, are, by their names there): ${names.join(', ')}; they are left out`,
      {
        ...(first.line !== undefined && { place: { line: first.line, column: first.column! } }),
        ruleId: 'unknown-icon',
        source: 'ssg-core',
      },
    )
  }
}
