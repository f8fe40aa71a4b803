import type { Element, ElementContent, Properties, Root } from 'hast'
import { hastToHtml, type Highlighter } from 'shiki'

type HastOptions = Parameters<Highlighter['codeToHast']>[1]

/** What `withFastDualTheme` returns: a highlighter that can also hand over its hast as parsed HTML. */
export interface FastHighlighter extends Highlighter {
  /**
   * The tree `rehype-parse` would make of `codeToHtml(code, options)`, without printing the HTML
   * and parsing it again (our patch of rehype-pretty-code calls this when it exists; the round
   * trip through parse5 was about a quarter of the highlighting step). `undefined` when shiki's
   * tree holds a property this conversion does not know: the caller then takes the HTML way.
   */
  codeToHastTree(code: string, options: HastOptions): Root | undefined
}

/**
 * Highlighting with a light and a dark theme tokenizes every block twice (2.4x the time of one
 * theme, measured on the Veilbox docs). For theme pairs whose colours correspond one to one (like
 * github-light/github-dark), the dark colours follow from the light ones: this wrapper tokenizes
 * once and rewrites each token's style from a table learned by comparing real dual output.
 *
 * Safe by construction: the first `verifyBlocks` blocks are highlighted both ways and must agree;
 * a style never seen before falls back to real dual highlighting (and is learned); a pair whose
 * colours do not correspond disables the shortcut for the rest of the process.
 */
export function withFastDualTheme(
  shiki: Highlighter,
  themes: { light: string; dark: string },
  verifyBlocks = 40,
): FastHighlighter {
  /** Light token style -> dual token style. */
  const styles = new Map<string, string>()
  /** The `<pre>` properties of a light block (as JSON) -> those of the dual block. */
  const preProps = new Map<string, Properties>()
  let verified = 0
  let disabled = false

  const isDual = (options: HastOptions) => {
    const t = (options as { themes?: Record<string, unknown> }).themes
    return (
      !!t &&
      Object.keys(t).length === 2 &&
      t.light === themes.light &&
      t.dark === themes.dark &&
      (options as { defaultColor?: unknown }).defaultColor === false
    )
  }

  /** Learns the style table from a single/dual pair; false when they do not correspond. */
  const learn = (single: Root, dual: Root): boolean => {
    const a = tokenStyles(single)
    const b = tokenStyles(dual)
    const pa = preOf(single)
    const pb = preOf(dual)
    if (a.length !== b.length || !pa || !pb) return false
    for (let i = 0; i < a.length; i++) {
      const known = styles.get(a[i]!)
      if (known !== undefined && known !== b[i]) return false
      styles.set(a[i]!, b[i]!)
    }
    const key = JSON.stringify(pa.properties)
    const knownPre = preProps.get(key)
    if (knownPre !== undefined && JSON.stringify(knownPre) !== JSON.stringify(pb.properties))
      return false
    preProps.set(key, pb.properties)
    return true
  }

  /** Turns a light tree into the dual one in place; false (tree unusable) on an unknown style. */
  const rewrite = (single: Root): boolean => {
    const pre = preOf(single)
    const dualPre = pre && preProps.get(JSON.stringify(pre.properties))
    if (!pre || !dualPre) return false
    let known = true
    eachTokenSpan(pre, (span) => {
      const mapped = styles.get(span.properties.style as string)
      if (mapped === undefined) known = false
      else span.properties.style = mapped
    })
    pre.properties = { ...dualPre }
    return known
  }

  // No time limit per line: shiki's default (500 ms) cuts tokenization short when the machine is
  // busy (a first grammar compile on a loaded CI box), silently mis-colouring the rest of a line.
  const original = (code: string, options: HastOptions): Root =>
    shiki.codeToHast(code, { ...options, tokenizeTimeLimit: 0 } as HastOptions)
  const codeToHast: Highlighter['codeToHast'] = (code, options) => {
    if (disabled || !isDual(options)) return original(code, options)
    const {
      themes: _themes,
      defaultColor: _defaultColor,
      ...rest
    } = options as HastOptions & { themes?: unknown; defaultColor?: unknown }
    const single = original(code, { ...rest, theme: themes.light } as HastOptions)
    if (verified < verifyBlocks) {
      verified++
      const dual = original(code, options)
      if (!learn(single, dual) || !rewrite(single) || !sameTree(single, dual)) disabled = true
      return dual
    }
    if (rewrite(single)) return single
    const dual = original(code, options)
    if (!learn(single, dual)) disabled = true
    return dual
  }
  // As shiki's own codeToHtml (without transformers): its hast printed.
  const codeToHtml: Highlighter['codeToHtml'] = (code, options) =>
    hastToHtml(codeToHast(code, options))
  const codeToHastTree = (code: string, options: HastOptions) =>
    asParsedHtml(codeToHast(code, options))
  return Object.assign(Object.create(shiki) as Highlighter, {
    codeToHast,
    codeToHtml,
    codeToHastTree,
  })
}

function preOf(tree: Root): Element | undefined {
  const pre = tree.children[0]
  return pre?.type === 'element' && pre.tagName === 'pre' ? pre : undefined
}

/** Calls `fn` for every styled span inside `node` (shiki's tokens), in document order. */
function eachTokenSpan(node: Element, fn: (span: Element) => void): void {
  for (const child of node.children) {
    if (child.type !== 'element') continue
    if (child.tagName === 'span' && typeof child.properties.style === 'string') fn(child)
    eachTokenSpan(child, fn)
  }
}

function tokenStyles(tree: Root): string[] {
  const out: string[] = []
  const pre = preOf(tree)
  if (pre) eachTokenSpan(pre, (span) => out.push(span.properties.style as string))
  return out
}

function sameTree(a: Root, b: Root): boolean {
  return hastToHtml(a) === hastToHtml(b)
}

/**
 * Shiki's hast names properties as HTML attributes (`class: 'a b'`, `tabindex: '0'`); a tree
 * parsed from HTML names them as hast properties (`className: ['a', 'b']`, `tabIndex: 0`), which
 * is what rehype plugins expect. Shiki (without transformers) sets only these three.
 */
function asParsedHtml(tree: Root): Root | undefined {
  let ok = true
  const convert = (node: Element) => {
    const properties: Properties = {}
    for (const [name, value] of Object.entries(node.properties)) {
      if (name === 'class') properties.className = String(value).split(/\s+/).filter(Boolean)
      else if (name === 'tabindex') properties.tabIndex = Number(value)
      else if (name === 'style') properties.style = value
      else ok = false
    }
    node.properties = properties
    for (const child of node.children) if (child.type === 'element') convert(child)
  }
  for (const child of tree.children as ElementContent[])
    if (child.type === 'element') convert(child)
  return ok ? tree : undefined
}
