import type { Highlighter } from 'shiki'

type HtmlOptions = Parameters<Highlighter['codeToHtml']>[1]

const SPAN_STYLE = /<span style="([^"]*)"/g
const PRE_TAG = /^<pre [^>]*>/

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
): Highlighter {
  const styles = new Map<string, string>()
  const preTags = new Map<string, string>()
  let verified = 0
  let disabled = false

  const isDual = (options: HtmlOptions) => {
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
  const learn = (single: string, dual: string): boolean => {
    const a = [...single.matchAll(SPAN_STYLE)].map((m) => m[1]!)
    const b = [...dual.matchAll(SPAN_STYLE)].map((m) => m[1]!)
    const pa = PRE_TAG.exec(single)?.[0]
    const pb = PRE_TAG.exec(dual)?.[0]
    if (a.length !== b.length || !pa || !pb) return false
    for (let i = 0; i < a.length; i++) {
      const known = styles.get(a[i]!)
      if (known !== undefined && known !== b[i]) return false
      styles.set(a[i]!, b[i]!)
    }
    const knownPre = preTags.get(pa)
    if (knownPre !== undefined && knownPre !== pb) return false
    preTags.set(pa, pb)
    return true
  }

  const rewrite = (single: string): string | null => {
    const pre = PRE_TAG.exec(single)?.[0]
    const dualPre = pre && preTags.get(pre)
    if (!pre || !dualPre) return null
    let unknown = false
    const out = single.replace(SPAN_STYLE, (whole, style: string) => {
      const mapped = styles.get(style)
      if (mapped === undefined) unknown = true
      return mapped === undefined ? whole : `<span style="${mapped}"`
    })
    return unknown ? null : dualPre + out.slice(pre.length)
  }

  // No time limit per line: shiki's default (500 ms) cuts tokenization short when the machine is
  // busy (a first grammar compile on a loaded CI box), silently mis-colouring the rest of a line.
  const original: Highlighter['codeToHtml'] = (code, options) =>
    shiki.codeToHtml(code, { ...options, tokenizeTimeLimit: 0 } as HtmlOptions)
  const codeToHtml: Highlighter['codeToHtml'] = (code, options) => {
    if (disabled || !isDual(options)) return original(code, options)
    const {
      themes: _themes,
      defaultColor: _defaultColor,
      ...rest
    } = options as HtmlOptions & { themes?: unknown; defaultColor?: unknown }
    const single = original(code, { ...rest, theme: themes.light } as HtmlOptions)
    if (verified < verifyBlocks) {
      verified++
      const dual = original(code, options)
      if (!learn(single, dual) || rewrite(single) !== dual) disabled = true
      return dual
    }
    const fast = rewrite(single)
    if (fast !== null) return fast
    const dual = original(code, options)
    if (!learn(single, dual)) disabled = true
    return dual
  }
  return Object.assign(Object.create(shiki) as Highlighter, { codeToHtml })
}
