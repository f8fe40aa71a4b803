import type {
  BlockContent,
  Blockquote,
  Code,
  Heading,
  List,
  ListItem,
  Nodes,
  Paragraph,
  PhrasingContent,
  RootContent,
} from 'mdast'
import type { ContainerDirective } from 'mdast-util-directive'
import { phrasing as isPhrasing } from 'mdast-util-phrasing'
import { unknownScheme } from '../pipeline/link-check.js'
import { ADMONITION_STYLES } from './remark-directives.js'
import { superfencesInfo } from './code-language.js'

/**
 * The page's tree made of CommonMark + GFM nodes only, for its Markdown twin: what the site's own
 * constructs become where Markdown has no syntax for them (tabs, admonitions, details, definition
 * lists, raw HTML, another plugin's nodes), chosen to read as the page reads. Every link and
 * image destination relative to the site becomes a placeholder (see `MarkdownTwin`).
 */

/** Start and end of a URL placeholder (private-use characters: never in a real URL). */
export const URL_START = '\uE000'
export const URL_END = '\uE001'

/** The raw-HTML reducer (`markdown-twin-html.ts`), loaded only by pages with raw HTML. */
export type HtmlReducer = typeof import('./markdown-twin-html.js')

interface State {
  /** Depth of the last heading written (the title is 1): tabs become headings one level down. */
  depth: number
  urls: string[]
  html: HtmlReducer | null
  /**
   * Whether a link or image reference uses an identifier (a definition no reference uses is left
   * out); the tree is walked for them on the first definition only: most pages have none.
   */
  referenced: (identifier: string) => boolean
}

/**
 * The content of a page (its front matter and leading `# h1` dropped: the twin's head says the
 * title) as plain Markdown nodes, and the destinations its placeholders stand for, in order.
 */
export function plainContent(
  children: RootContent[],
  html: HtmlReducer | null,
): { nodes: RootContent[]; urls: string[] } {
  let ids: Set<string> | undefined
  const referenced = (id: string) => (ids ??= referencedIds(children)).has(id)
  const state: State = { depth: 1, urls: [], html, referenced }
  return { nodes: wrapPhrasing(blocks(leadingContent(children), state)), urls: state.urls }
}

/** The identifiers the link and image references of `nodes` use. */
function referencedIds(nodes: readonly Nodes[], found = new Set<string>()): Set<string> {
  for (const node of nodes) {
    if (node.type === 'linkReference' || node.type === 'imageReference') found.add(node.identifier)
    if ('children' in node) referencedIds(node.children as Nodes[], found)
  }
  return found
}

/** Whether a tree holds raw HTML (outside code): the reducer is loaded for it. */
export function hasHtml(node: Nodes): boolean {
  if (node.type === 'html') return true
  if (node.type === 'code' || node.type === 'inlineCode') return false
  return 'children' in node && node.children.some((child) => hasHtml(child as Nodes))
}

function leadingContent(children: RootContent[]): RootContent[] {
  const content = children.filter((node) => node.type !== 'yaml')
  const first = content.findIndex((node) => !(node.type === 'html' && isComment(node.value)))
  const node = content[first]
  if (node && node.type === 'heading' && node.depth === 1) content.splice(first, 1)
  return content
}

/**
 * Inline nodes at block level (raw `<img>` alone becomes an image, `<summary>` text) go in
 * paragraphs: one inline node in a root makes the serializer write all of it as one line.
 */
function wrapPhrasing(nodes: RootContent[]): RootContent[] {
  const out: RootContent[] = []
  let run: PhrasingContent[] | null = null
  for (const node of nodes) {
    if (!isPhrasing(node)) {
      run = null
      out.push(node)
    } else if (!run && node.type === 'text' && !node.value.trim()) continue
    else {
      if (!run) out.push({ type: 'paragraph', children: (run = []) })
      run.push(node)
    }
  }
  return out
}

function blocks(nodes: RootContent[], state: State): RootContent[] {
  const out: RootContent[] = []
  for (const node of nodes) out.push(...block(node, state))
  return out
}

/** One node of the tree, made plain: zero, one or several nodes. */
function block(node: RootContent, state: State): RootContent[] {
  switch (node.type) {
    case 'containerDirective':
      return directive(node, state)
    case 'heading':
      state.depth = node.depth
      return [{ ...node, children: trimStart(inline(node.children, state)) }]
    case 'paragraph':
      // Inline HTML may hold blocks (`<div>`, `<table>`): the paragraph may become several.
      if (state.html && node.children.some((child) => child.type === 'html'))
        return reduced([node], state)
      return paragraphOf(phrasing(node.children, state))
    case 'tableCell':
      return [{ ...node, children: inline(node.children, state) }]
    case 'html':
      if (isComment(node.value)) return []
      return state.html ? reduced([node], state) : []
    case 'code':
      return [code(node)]
    case 'definition':
      // Unused: a site's shared definitions appended to every page (`markdown.snippets.append`).
      if (!state.referenced(node.identifier)) return []
      return [{ ...node, url: placeholder(node.url, state) }]
    case 'yaml':
      return []
    default: {
      const type: string = node.type
      if (type === 'defList') return [definitionList(node as unknown as Parent, state)]
      if (!KNOWN.has(type)) return unknown(node, state)
      if ('children' in node) return [{ ...node, children: blocks(node.children, state) } as never]
      return [node]
    }
  }
}

interface Parent {
  type: string
  children: RootContent[]
}

/** The node types the serializer writes (CommonMark and GFM); others are made of these first. */
const KNOWN = new Set([
  'blockquote',
  'code',
  'definition',
  'footnoteDefinition',
  'heading',
  'html',
  'list',
  'listItem',
  'paragraph',
  'table',
  'tableCell',
  'tableRow',
  'thematicBreak',
])
const KNOWN_INLINE = new Set([
  'break',
  'delete',
  'emphasis',
  'footnoteReference',
  'image',
  'imageReference',
  'inlineCode',
  'link',
  'linkReference',
  'strong',
  'text',
])

/**
 * A node of another plugin that Markdown has no syntax for: its content, as the HTML shows it;
 * its text when it has only a value.
 */
function unknown(node: RootContent, state: State): RootContent[] {
  if ('children' in node) return wrapPhrasing(blocks(node.children as RootContent[], state))
  if ('value' in node && typeof node.value === 'string' && node.value.trim())
    return [{ type: 'paragraph', children: [{ type: 'text', value: node.value }] }]
  return []
}

/** A paragraph of these, or nothing when a link left no text (`[](xref:X)`). */
function paragraphOf(children: PhrasingContent[]): Paragraph[] {
  children = trimStart(children)
  return children.length ? [{ type: 'paragraph', children }] : []
}

/**
 * Without the white space a left-out node leaves at the start (an icon before a heading's
 * text): Markdown would have to escape it (`&#x20;`).
 */
function trimStart(children: PhrasingContent[]): PhrasingContent[] {
  const first = children[0]
  if (first?.type !== 'text' || !/^\s/.test(first.value)) return children
  const value = first.value.trimStart()
  return value ? [{ ...first, value }, ...children.slice(1)] : trimStart(children.slice(1))
}

function phrasing(nodes: PhrasingContent[], state: State): PhrasingContent[] {
  const out: PhrasingContent[] = []
  for (const node of nodes) {
    if (node.type === 'link') {
      // A scheme no browser follows (`xref:`): the page shows the text, so does the twin.
      if (unknownScheme(node.url) || /^javascript:/i.test(node.url))
        out.push(...phrasing(node.children, state))
      else {
        const children = phrasing(node.children, state)
        out.push({
          ...node,
          url: placeholder(node.url, state),
          // A link with no text (a `<video>` reduced to its source): the file's name.
          children: children.length ? children : [{ type: 'text', value: linkText(node.url) }],
        })
      }
    } else if (node.type === 'image') {
      out.push({ ...node, url: placeholder(node.url, state) })
    } else if (node.type === 'html') {
      // Only reached without the reducer (a tree built by hand): keep the text, not the tags.
      continue
    } else if (!KNOWN_INLINE.has(node.type)) {
      if ('children' in node) out.push(...phrasing(node.children as PhrasingContent[], state))
      else if ('value' in node && typeof node.value === 'string')
        out.push({ type: 'text', value: node.value })
    } else if ('children' in node) {
      out.push({ ...node, children: phrasing(node.children as PhrasingContent[], state) } as never)
    } else out.push(node)
  }
  return out
}

/** Nodes holding raw HTML, as Markdown: through HTML and back, then made plain (once). */
function reduced(nodes: RootContent[], state: State): RootContent[] {
  const reducer = state.html!
  state.html = null
  try {
    return blocks(wrapPhrasing(reducer.htmlToMdast(nodes)), state)
  } finally {
    state.html = reducer
  }
}

/** Inline content holding raw HTML tags (`<kbd>Ctrl</kbd>` is three nodes) goes through HTML. */
function inline(nodes: PhrasingContent[], state: State): PhrasingContent[] {
  const html = state.html && nodes.some((child) => child.type === 'html')
  return phrasing(html ? state.html!.inlineHtmlToMdast(nodes) : nodes, state)
}

/**
 * Admonitions (GitHub alerts are admonitions by now), tabs (VitePress code groups are tabs by
 * now), details, and unknown directives (their content, as the HTML shows it).
 */
function directive(node: ContainerDirective, state: State): RootContent[] {
  if (Object.hasOwn(ADMONITION_STYLES, node.name)) return [labelled(node, state, true)]
  if (node.name === 'details') return [labelled(node, state, false)]
  if (node.name === 'tabs') {
    const before = state.depth
    // Never `##`: those are the page's sections (the section copy buttons count them).
    const depth = Math.min(6, Math.max(3, before + 1)) as Heading['depth']
    const out: RootContent[] = []
    for (const child of node.children) {
      if (child.type === 'containerDirective' && child.name === 'tab') {
        const label = String(child.attributes?.label || 'Tab')
        out.push({ type: 'heading', depth, children: [{ type: 'text', value: label }] })
        state.depth = depth
        out.push(...blocks(child.children, state))
        state.depth = before
      } else out.push(...block(child, state))
    }
    state.depth = before
    return out
  }
  return blocks(node.children, state)
}

/**
 * An admonition or a `:::details`: one blockquote led by its label in bold. An admonition's label
 * names its kind (`**Warning: Keep keys server side**`, `**Important**`); a details block's is
 * its summary (`**Details**` when it has none).
 */
function labelled(node: ContainerDirective, state: State, admonition: boolean): Blockquote {
  const kind = node.name[0]!.toUpperCase() + node.name.slice(1)
  const [title, ...rest] = node.children
  // `remarkDirectives` made the first child the title (the `[label]`, or the kind's name).
  let label: PhrasingContent[] = [{ type: 'text', value: kind }]
  let content = node.children
  if (title && title.type === 'paragraph' && isTitle(title)) {
    content = rest
    const text = title.children.map((c) => ('value' in c ? c.value : '')).join('')
    const own = phrasing(title.children, state)
    if (!admonition) label = own
    else if (text.trim().toLowerCase() !== node.name)
      label = [{ type: 'text', value: kind + ': ' }, ...own]
  }
  return {
    type: 'blockquote',
    children: [
      { type: 'paragraph', children: [{ type: 'strong', children: label }] },
      ...(blocks(content, state) as Blockquote['children']),
    ],
  }
}

function isTitle(paragraph: Paragraph): boolean {
  const data = paragraph.data as
    { directiveLabel?: boolean; hProperties?: unknown; hName?: string } | undefined
  return Boolean(data?.directiveLabel || data?.hProperties || data?.hName === 'summary')
}

/**
 * A definition list (`Term` / `: Definition`, MDN's `- term` / `- : definition`) as a bullet list
 * with one item per term: `**Term**: the definition` when the definition is one paragraph, else
 * the term in bold and the definition's blocks below it. CommonMark has no definition list, and
 * the `: ` lines of the extension read as stray colons wherever it is not supported.
 */
function definitionList(node: Parent, state: State): List {
  const items: ListItem[] = []
  let terms: PhrasingContent[][] = []
  let definitions: BlockContent[][] = []
  const flush = () => {
    if (!terms.length && !definitions.length) return
    const term: PhrasingContent[] = []
    terms.forEach((t, i) => {
      if (i > 0) term.push({ type: 'text', value: ', ' })
      term.push({ type: 'strong', children: t })
    })
    const [first, ...more] = definitions
    const children: BlockContent[] = []
    if (first?.length === 1 && first[0]!.type === 'paragraph' && term.length) {
      const lead = term.concat({ type: 'text', value: ': ' }, first[0].children)
      children.push({ type: 'paragraph', children: lead })
    } else {
      if (term.length) children.push({ type: 'paragraph', children: term })
      if (first) children.push(...first)
    }
    for (const definition of more) children.push(...definition)
    items.push({ type: 'listItem', spread: children.length > 1, children })
    terms = []
    definitions = []
  }
  for (const child of node.children) {
    const type: string = child.type
    if (type === 'defListTerm') {
      if (definitions.length) flush()
      terms.push(inline((child as unknown as { children: PhrasingContent[] }).children, state))
    } else if (type === 'defListDescription') {
      const content = blocks((child as unknown as Parent).children, state)
      definitions.push(wrapPhrasing(content) as BlockContent[])
    }
  }
  flush()
  return { type: 'list', ordered: false, spread: items.some((i) => i.spread), children: items }
}

/** A fence keeps its language and its `title="..."`; line highlights are for the eyes only. */
function code(node: Code): Code {
  // ```` ``` { .sh } ```` and ```` ``` title="x" ```` (MkDocs): the language as the HTML has it.
  const fence = node.lang ? superfencesInfo(node.lang, node.meta ?? '') : null
  const meta = fence ? fence.meta : node.meta
  const title = meta ? /(?:^|\s)title=("[^"]*"|'[^']*')/.exec(meta) : null
  return {
    ...node,
    ...(fence ? { lang: fence.lang || (title ? 'text' : null) } : {}),
    meta: title ? `title=${title[1]!}` : null,
  }
}

/** A destination the writer resolves; an absolute URL stays (an autolink stays `<https://…>`). */
function placeholder(url: string, state: State): string {
  if (/^[a-z][a-z\d+.-]*:/i.test(url) || url.startsWith('//')) return url
  state.urls.push(url)
  return URL_START + (state.urls.length - 1) + URL_END
}

/** A name for a link that has no text: its file's name (`clip.mp4`), else the URL. */
function linkText(url: string): string {
  const name = url
    .replace(/[?#].*$/, '')
    .split('/')
    .pop()
  try {
    return (name && decodeURIComponent(name)) || url
  } catch {
    return name || url
  }
}

function isComment(value: string): boolean {
  return /^\s*<!--[\s\S]*-->\s*$/.test(value)
}
