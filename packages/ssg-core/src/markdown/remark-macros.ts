import type { InlineCode, Node, Paragraph, Parent, Root, Text } from 'mdast'
import type { VFile } from 'vfile'
import { visit, SKIP } from 'unist-util-visit'

/** `{{name}}` or `{{name(args)}}`: a KumaScript macro call as MDN writes them. */
const CALL = /\{\{\s*([A-Za-z][\w-]*)\s*(?:\(([^{}]*)\))?\s*\}\}/g
/** Any other `{{ ... }}` in prose: a template expression (Vue, Jinja, Hugo) nothing evaluates. */
const EXPRESSION = /\{\{[^{}\n]*\}\}/g
/** A template statement (Jinja, Liquid: `{% include 'x.md' %}`, `{% if %}`) nothing runs either. */
const STATEMENT = /\{%-?[ \t]*[A-Za-z][^%\n]*?-?%\}/g

/** Raw HTML that opens an element with VitePress's `v-pre` (`<code v-pre>`): its name. */
const V_PRE_OPEN = /^<([A-Za-z][\w-]*)\b[^>]*\sv-pre(?:[\s=>/]|$)/

/**
 * The text nodes inside inline raw HTML elements marked `v-pre` (`<code v-pre>{{ }}</code>`):
 * VitePress shows their `{{ }}` as written, and so does this toolkit, without a warning.
 */
function textsInVPre(tree: Root): Set<Node> {
  const inside = new Set<Node>()
  visit(tree, (node) => {
    if (!('children' in node)) return
    let open: string | null = null
    for (const child of (node as Parent).children) {
      if (child.type === 'html') {
        if (open === null) open = V_PRE_OPEN.exec(child.value)?.[1]?.toLowerCase() ?? null
        else if (child.value.toLowerCase().startsWith(`</${open}`)) open = null
      } else if (open !== null && child.type === 'text') inside.add(child)
    }
  })
  return inside
}

/** Reference macros whose first argument names what they link to (`{{cssxref("color")}}`). */
const REFERENCE =
  /xref$|^(?:htmlelement|svgelement|svgattr|mathmlelement|httpheader|httpmethod|httpstatus|cssxref|glossary)$/i

/**
 * Template calls left in prose by other tools, which this toolkit does not run. MDN's macros
 * (`{{cssxref("color")}}`, `{{Compat}}`) are replaced: a reference by its name as code (or, for
 * `Glossary`, its text), any other macro by nothing. Other `{{ expressions }}` (Vue, Jinja) stay
 * as written (and without a warning inside VitePress's `:::v-pre`). Either way the page gets one warning naming each macro, not one per call.
 */
export function remarkMacros() {
  return function (tree: Root, file: VFile) {
    const found = new Map<string, { count: number; place: Text['position'] }>()
    const note = (name: string, node: Text) => {
      const seen = found.get(name)
      if (seen) seen.count++
      else found.set(name, { count: 1, place: node.position })
    }
    const literal = tree.children.length && hasVPre(file) ? textsInVPre(tree) : null
    visit(tree, (any, index, parent) => {
      // VitePress's `:::v-pre` and `:::raw` say: show `{{ }}` as written.
      if (any.type === 'containerDirective' && /^(v-pre|raw)$/.test(any.name)) return SKIP
      if (any.type !== 'text' || literal?.has(any)) return
      const node = any
      if (!parent || index === undefined) return
      if (node.value.includes('{%'))
        for (const match of node.value.matchAll(STATEMENT)) note(match[0], node)
      if (!node.value.includes('{{')) return
      const parts: Array<Text | InlineCode> = []
      let last = 0
      for (const match of node.value.matchAll(CALL)) {
        const [all, name, args] = match
        note(name!, node)
        if (match.index > last)
          parts.push({ type: 'text', value: node.value.slice(last, match.index) })
        last = match.index + all.length
        const values = [...(args ?? '').matchAll(/"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'/g)].map(
          (m) => m[1] ?? m[2] ?? '',
        )
        if (!REFERENCE.test(name!) || values.length === 0) continue
        if (/^glossary$/i.test(name!)) parts.push({ type: 'text', value: values[1] ?? values[0]! })
        else parts.push({ type: 'inlineCode', value: displayName(name!, values) })
      }
      for (const match of node.value.slice(last).matchAll(EXPRESSION)) note(match[0], node)
      if (last === 0) return
      if (last < node.value.length) parts.push({ type: 'text', value: node.value.slice(last) })
      parent.children.splice(index, 1, ...(parts as Paragraph['children']))
      return [SKIP, index + parts.length]
    })
    // A paragraph that held only macros (`{{CSSRef}}`) is gone with them.
    visit(tree, 'paragraph', (node, index, parent) => {
      if (!parent || index === undefined || !found.size) return
      if (node.children.every((c) => c.type === 'text' && c.value.trim() === '')) {
        parent.children.splice(index, 1)
        return index
      }
    })
    if (!found.size) return
    const first = [...found.values()][0]!.place
    const names = [...found].map(
      ([name, { count }]) =>
        '`' +
        (name.startsWith('{') ? name : `{{${name}}}`) +
        '`' +
        (count > 1 ? ` (${count})` : ''),
    )
    file.message(
      `Template macros are not run by this toolkit: ${names.join(', ')}; MDN references show their name as code, other MDN macros are left out, other \`{{ }}\` and \`{% %}\` text is shown as written`,
      { place: first?.start, ruleId: 'unknown-macro', source: 'ssg-core' },
    )
  }
}

/** Whether the page's source has `v-pre` at all (most pages do not: no second walk for them). */
function hasVPre(file: VFile): boolean {
  return String(file.value).includes('v-pre')
}

/** What a reference macro shows: its display argument when given, else the name it links to. */
function displayName(name: string, values: string[]): string {
  if (/^(?:htmlelement|svgelement|mathmlelement)$/i.test(name)) return `<${values[0]}>`
  return values[1] && !/^(?:httpstatus)$/i.test(name) ? values[1] : values[0]!
}
