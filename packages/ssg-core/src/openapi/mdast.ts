import type {
  BlockContent,
  Code,
  Heading,
  Html,
  InlineCode,
  Link,
  Paragraph,
  PhrasingContent,
  Strong,
  Table,
  TableCell,
  Text,
} from 'mdast'
import type { ContainerDirective } from 'mdast-util-directive'

/**
 * Builders for the standard mdast the reference generator emits (and the site's own directives
 * for tabs): anything that turns the tree back into Markdown understands it.
 */
export const text = (value: string): Text => ({ type: 'text', value })
export const code = (value: string): InlineCode => ({ type: 'inlineCode', value })
export const strong = (children: PhrasingContent[]): Strong => ({ type: 'strong', children })
export const link = (url: string, children: PhrasingContent[]): Link => ({
  type: 'link',
  url,
  children,
})
export const paragraph = (children: PhrasingContent[]): Paragraph => ({
  type: 'paragraph',
  children,
})
export const heading = (depth: Heading['depth'], children: PhrasingContent[]): Heading => ({
  type: 'heading',
  depth,
  children,
})
export const html = (value: string): Html => ({ type: 'html', value })

export function codeBlock(lang: string, value: string, title?: string): Code {
  return {
    type: 'code',
    lang,
    meta: title === undefined ? null : `title="${title.replace(/"/g, "'")}"`,
    value,
  }
}

/** A GFM table: the first row is the header. */
export function table(header: string[], rows: PhrasingContent[][][]): Table {
  const cell = (children: PhrasingContent[]): TableCell => ({ type: 'tableCell', children })
  return {
    type: 'table',
    align: header.map(() => null),
    children: [
      { type: 'tableRow', children: header.map((h) => cell(inlineMarkdown(h))) },
      ...rows.map((row) => ({ type: 'tableRow' as const, children: row.map(cell) })),
    ],
  }
}

/** `a`, `` `b` `` in a header: the only inline Markdown the generator writes in headers. */
function inlineMarkdown(value: string): PhrasingContent[] {
  return value
    .split(/(`[^`]+`)/)
    .filter(Boolean)
    .map((part) => (part.startsWith('`') ? code(part.slice(1, -1)) : text(part)))
}

/** `::::tabs{group}` with one `:::tab{label}` per entry: the site's synced tabs. */
export function tabs(group: string, entries: Array<{ label: string; children: BlockContent[] }>) {
  return {
    type: 'containerDirective',
    name: 'tabs',
    attributes: { group },
    children: entries.map((entry): ContainerDirective => ({
      type: 'containerDirective',
      name: 'tab',
      attributes: { label: entry.label },
      children: entry.children,
    })),
  } as ContainerDirective
}

/** `a`, `a or b`, `a, b or c`. */
export function joinOr(parts: PhrasingContent[][], word = 'or'): PhrasingContent[] {
  const out: PhrasingContent[] = []
  parts.forEach((part, i) => {
    if (i > 0) out.push(text(i === parts.length - 1 ? ` ${word} ` : ', '))
    out.push(...part)
  })
  return out
}

/** Escapes text for raw HTML (the `<summary>` of a `<details>`). */
export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!,
  )
}
