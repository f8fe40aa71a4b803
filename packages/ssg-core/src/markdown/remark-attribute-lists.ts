import type {
  Delete,
  Emphasis,
  Heading,
  Image,
  InlineCode,
  Link,
  Paragraph,
  Root,
  Strong,
  Text,
} from 'mdast'
import type { Point } from 'unist'
import type { VFile } from 'vfile'
import { visit } from 'unist-util-visit'

/** One attribute of a list: `#id`, `.class`, `key=value`, `key="value"`, `data-x` (no value). */
const TOKEN = String.raw`(?:#[^\s{}#]+|\.[\w-]+|[\w:-]+=(?:"[^"]*"|'[^']*'|[^\s{}"']+)|data-[\w-]+)`
const LIST = String.raw`\{:?[ \t]*(${TOKEN}(?:[ \t]+${TOKEN})*)[ \t]*\}`
/** At the end of a heading: `## Install {#setup}`, `{ #id }`, `{#opts .wide}`. */
const AT_END = new RegExp(String.raw`[ \t]*${LIST}[ \t]*$`)
/** At the start of the text after a link or an image: `[a](b){target="_self"}`. */
const AT_START = new RegExp(String.raw`^${LIST}`)
/** A line of its own ending a paragraph (kramdown `{: .note}`, MkDocs `{ .annotate }`). */
const OWN_LINE = new RegExp(String.raw`(?:^|\n)[ \t]*${LIST}[ \t]*$`)

/** The attributes applied, by element; others are warned about (`attribute-list`). */
const APPLIED: Record<'heading' | 'link' | 'image' | 'inline', Set<string>> = {
  heading: new Set(['id', 'class']),
  inline: new Set(['id', 'class']),
  link: new Set(['id', 'class', 'target', 'rel', 'title', 'download', 'hreflang']),
  image: new Set(['id', 'class', 'width', 'height', 'loading', 'decoding', 'title']),
}

/** Inline elements a list can follow: `**`locale`**{ #mkdocs-locale }` (MkDocs) is an anchor. */
const INLINE = new Set(['link', 'image', 'strong', 'emphasis', 'inlineCode', 'delete'])

/**
 * The text node at `at` of `siblings`, joined with the text directives and texts right after it
 * as written in `source` when it opens a list they end (`{ style="radius:5%" }` parses `:5` as a
 * directive: prose, made text again later, see `restoreInlineDirectives`): those nodes become one.
 */
function joinedText(siblings: Array<{ type: string }>, at: number, source: string): Text {
  const first = siblings[at] as Text
  if (!first.value.startsWith('{') || first.value.includes('}')) return first
  let end = at
  while (
    siblings[end + 1]?.type === 'textDirective' ||
    (end > at && siblings[end]?.type === 'textDirective' && siblings[end + 1]?.type === 'text')
  ) {
    end++
    if (siblings[end]!.type === 'text' && (siblings[end] as Text).value.includes('}')) break
  }
  const last = siblings[end] as Text
  const from = first.position?.start.offset
  const to = last.position?.end.offset
  if (end === at || from === undefined || to === undefined) return first
  const joined: Text = {
    type: 'text',
    value: source.slice(from, to),
    position: { start: first.position!.start, end: last.position!.end },
  }
  siblings.splice(at, end - at + 1, joined)
  return joined
}

/** The attributes of a list's text (between the braces). */
export function parseAttributes(list: string): Array<[name: string, value: string]> {
  const out: Array<[string, string]> = []
  for (const [token] of list.matchAll(new RegExp(TOKEN, 'g'))) {
    if (token.startsWith('#')) out.push(['id', token.slice(1)])
    else if (token.startsWith('.')) out.push(['class', token.slice(1)])
    else {
      const at = token.indexOf('=')
      if (at === -1) out.push([token, ''])
      else out.push([token.slice(0, at), token.slice(at + 1).replace(/^(["'])(.*)\1$/, '$2')])
    }
  }
  return out
}

/**
 * Attribute lists, as VitePress (markdown-it-attrs), kramdown, MkDocs (attr_list), Pandoc and
 * Docusaurus write them: `## Install {#setup}` sets the heading's id (kept as written) and
 * classes; `[text](url){target="_blank" rel=noopener}` and `![alt](pic.png){width=300}` set a
 * link's or an image's common attributes; `**`locale`**{ #mkdocs-locale }` an id (and classes) on
 * any inline element. The list never shows as text: what is not applied (an
 * unknown attribute, a list on a line of its own for the block before it) is named in one
 * `attribute-list` warning per page, at the first.
 */
export function remarkAttributeLists() {
  return function (tree: Root, file: VFile) {
    const skipped = new Map<string, { count: number; place: Point | undefined }>()
    const apply = (
      node: Heading | Link | Image | Strong | Emphasis | InlineCode | Delete,
      kind: keyof typeof APPLIED,
      list: string,
      at: Text,
    ) => {
      const properties: Record<string, string | string[]> = {}
      const classes: string[] = []
      for (const [name, value] of parseAttributes(list)) {
        if (!APPLIED[kind].has(name)) skip(`${name}${value ? `=${value}` : ''}`, at)
        else if (name === 'class') classes.push(value)
        else properties[name] = value
      }
      if (classes.length) properties.className = classes
      if (!Object.keys(properties).length) return
      node.data = { ...node.data, hProperties: { ...node.data?.hProperties, ...properties } }
    }
    const skip = (what: string, at: Text, place: Point | undefined = at.position?.start) => {
      const seen = skipped.get(what)
      if (seen) seen.count++
      else skipped.set(what, { count: 1, place })
    }
    visit(tree, (node, index, parent) => {
      if (node.type === 'heading') {
        const last = node.children[node.children.length - 1]
        if (!last || last.type !== 'text') return
        const match = AT_END.exec(last.value)
        if (!match) return
        last.value = last.value.slice(0, match.index)
        if (last.value === '') node.children.pop()
        apply(node, 'heading', match[1]!, last)
        return
      }
      if (INLINE.has(node.type) && parent && index !== undefined) {
        if (parent.children[index + 1]?.type !== 'text') return
        const next = joinedText(parent.children, index + 1, String(file.value))
        const match = AT_START.exec(next.value)
        if (!match) return
        next.value = next.value.slice(match[0].length)
        if (next.value === '') parent.children.splice(index + 1, 1)
        const kind = node.type === 'link' || node.type === 'image' ? node.type : 'inline'
        apply(node as Link, kind, match[1]!, next)
        return
      }
      if (node.type === 'paragraph' && parent && index !== undefined) {
        const last = node.children[node.children.length - 1]
        if (!last || last.type !== 'text') return
        const match = OWN_LINE.exec(last.value)
        // On a line of its own: after a line break, or the paragraph's only text.
        if (!match || (!match[0].startsWith('\n') && node.children.length > 1)) return
        // The paragraph itself, or a line of its own at its end: for the block before it.
        const start = last.position?.start
        const lines = last.value.slice(0, match.index).split('\n').length
        // The list's own line (a continuation line's indent is not in the text: the source's).
        const line = start && match[0].startsWith('\n') ? start.line + lines : undefined
        const column = line ? String(file.value).split('\n')[line - 1]?.indexOf('{') : -1
        const place = line ? { line, column: (column ?? -1) + 1 || 1 } : start
        skip(`${match[0].trim()} on a line of its own`, last, place)
        last.value = last.value.slice(0, match.index)
        if (last.value === '') node.children.pop()
        if (!(node as Paragraph).children.length) {
          parent.children.splice(index, 1)
          return index
        }
      }
    })
    if (!skipped.size) return
    const names = [...skipped].map(
      ([what, { count }]) => '`' + what + '`' + (count > 1 ? ` (${count})` : ''),
    )
    file.message(
      `Attribute lists not applied: ${names.join(', ')}; headings take \`{#id .class}\`, links \`target\`, \`rel\`, \`title\`, \`download\`, \`hreflang\`, images \`width\`, \`height\`, \`loading\`, \`title\` (the lists are left out of the page)`,
      {
        place: [...skipped.values()][0]!.place,
        ruleId: 'attribute-list',
        source: 'ssg-core',
      },
    )
  }
}
