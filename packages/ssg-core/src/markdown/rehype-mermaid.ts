import type { Element, Root } from 'hast'
import type { VFile } from 'vfile'
import { toString } from 'hast-util-to-string'
import { visit } from 'unist-util-visit'

type Renderer = typeof import('beautiful-mermaid').renderMermaidSVG

/**
 * The diagram renderer, imported on the first page with a diagram: with its layout engine it is
 * 3.5 MB of JavaScript that a site (or a worker) without diagrams does not load.
 */
let renderer: Promise<Renderer> | undefined
const loadRenderer = () =>
  (renderer ??= import('beautiful-mermaid').then((m) => m.renderMermaidSVG))

/** Colours as CSS variables: the theme sets them per colour mode (neutral light, dark). */
const COLORS = {
  bg: 'var(--ssg-mermaid-bg, #ffffff)',
  fg: 'var(--ssg-mermaid-fg, #27272a)',
  line: 'var(--ssg-mermaid-line, #71717a)',
  accent: 'var(--ssg-mermaid-accent, #3f3f46)',
  muted: 'var(--ssg-mermaid-muted, #52525b)',
  surface: 'var(--ssg-mermaid-surface, #f4f4f5)',
  border: 'var(--ssg-mermaid-border, #a1a1aa)',
}

/** Makes a rendered SVG safe to inline several times in one page, with no remote font. */
export function cleanSvg(svg: string, prefix: string, label: string): string {
  return svg
    .replace(/@import url\([^)]*\);?/g, '')
    .replace(/font-family:[^;}]*/g, 'font-family: inherit')
    .replace(/(^|\n)(\s*)svg \{/g, '$1$2.ssg-mermaid svg {')
    .replace(/(^|\n)(\s*)text \{/g, '$1$2.ssg-mermaid text {')
    .replace(/\bid="([^"]+)"/g, `id="${prefix}-$1"`)
    .replace(/url\(#([^)]+)\)/g, `url(#${prefix}-$1)`)
    .replace(/href="#([^"]+)"/g, `href="#${prefix}-$1"`)
    .replace(/<svg /, `<svg role="img" aria-label="${label.replace(/"/g, '&quot;')}" `)
}

/** Widest a diagram is shown at its natural size: the theme's content column. */
const COLUMN_WIDTH = 800
/** Smallest scale a wide diagram is shown at; below it, its labels get too small to read. */
const MIN_SCALE = 0.75

/**
 * For a diagram wider than the content column: the least width (px) that keeps its text at
 * `MIN_SCALE` or more; the figure scrolls sideways below it. Null for diagrams that fit.
 */
export function wideDiagramMinWidth(svg: string): number | null {
  const width = Number(/<svg [^>]*?\bwidth="([\d.]+)"/.exec(svg)?.[1])
  if (!(width > COLUMN_WIDTH)) return null
  return Math.max(COLUMN_WIDTH, Math.round(width * MIN_SCALE))
}

/**
 * Rendered diagrams by source (a few hundred kept): laying a diagram out costs tens of
 * milliseconds, and `ssg serve` compiles a page again on each save, mostly with its diagrams
 * unchanged. Failures are not kept: they throw again, with their message.
 */
const rendered = new Map<string, string>()

function renderDiagram(renderMermaidSVG: Renderer, source: string): string {
  let svg = rendered.get(source)
  if (svg === undefined) {
    svg = renderMermaidSVG(source, { ...COLORS, transparent: true, font: 'inherit' })
    if (rendered.size >= 500) rendered.delete(rendered.keys().next().value!)
    rendered.set(source, svg)
  }
  return svg
}

/**
 * Renders ```` ```mermaid ```` fences to inline SVG at build time, themed by CSS variables, so
 * readers download no diagram runtime. Diagram types the renderer does not know stay as source
 * in `<pre class="ssg-mermaid ssg-mermaid--client">` and set `file.data.needsMermaid`.
 */
export function rehypeMermaid() {
  return async function (tree: Root, file: VFile) {
    const fences: [Element, Element, number, Element][] = []
    visit(tree, 'element', (node, index, parent) => {
      if (node.tagName !== 'pre' || !parent || index === undefined) return
      const code = node.children[0]
      if (!code || code.type !== 'element' || code.tagName !== 'code') return
      const classes = code.properties.className
      if (Array.isArray(classes) && classes.includes('language-mermaid'))
        fences.push([node, code, index, parent as Element])
    })
    if (fences.length === 0) return
    const renderMermaidSVG = await loadRenderer()
    let count = 0
    for (const [node, code, index, parent] of fences) {
      const source = toString(code).trim()
      const kind = source.split(/\s/)[0] ?? 'diagram'
      let svg: string | null = null
      try {
        svg = renderDiagram(renderMermaidSVG, source)
      } catch (error) {
        if (!/Invalid mermaid header/i.test((error as Error).message))
          file.message(`Cannot render the mermaid diagram: ${(error as Error).message}`, {
            place: node.position?.start,
            ruleId: 'mermaid-syntax',
            source: 'ssg-core',
          })
      }
      const label = `Diagram (${kind})`
      let replacement: Element
      if (svg) {
        let html = cleanSvg(svg, `m${count++}`, label)
        const minWidth = wideDiagramMinWidth(html)
        if (minWidth)
          html = html.replace(/<svg ([^>]*?)style="/, `<svg $1style="min-width:${minWidth}px;`)
        replacement = {
          type: 'element',
          tagName: 'figure',
          // A wide diagram scrolls sideways instead of shrinking its text: keyboard users
          // reach the scrolling box with Tab.
          properties: minWidth
            ? { className: ['ssg-mermaid', 'ssg-mermaid--wide'], tabIndex: 0, ariaLabel: label }
            : { className: ['ssg-mermaid'] },
          children: [{ type: 'raw', value: html } as never],
        }
      } else {
        file.data.needsMermaid = true
        replacement = {
          type: 'element',
          tagName: 'pre',
          properties: { className: ['ssg-mermaid', 'ssg-mermaid--client'], ariaLabel: label },
          children: [{ type: 'text', value: source }],
        }
      }
      parent.children[index] = replacement
    }
  }
}

declare module 'vfile' {
  interface DataMap {
    needsMermaid: boolean
  }
}
