import type { Element, ElementContent, Root } from 'hast'
import type { Highlighter } from 'shiki'
import { INITIAL } from 'shiki/textmate'

type HastOptions = Parameters<Highlighter['codeToHast']>[1]

interface Grammar {
  tokenizeLine2(
    line: string,
    state: unknown,
    timeLimit?: number,
  ): { tokens: Uint32Array; ruleStack: unknown }
}

interface ThemeRegistration {
  name: string
  fg: string
  bg: string
  colorReplacements?: Record<string, string>
}

interface Internal {
  getLanguage(name: string): Grammar
  setTheme(name: string): { theme: ThemeRegistration; colorMap: string[] }
  getTheme(name: string): ThemeRegistration
}

/** The options this tree is made for (what rehype-pretty-code passes, and our time limit). */
const KNOWN_OPTIONS = new Set([
  'lang',
  'themes',
  'defaultColor',
  'meta',
  'transformers',
  'tokenizeTimeLimit',
])
/** Shiki's plain languages: tokens without colours (shiki's own path makes them). */
const PLAIN = new Set(['plaintext', 'txt', 'text', 'plain', 'ansi'])

/** A theme's tokens of one line: where each ends, and its style (as `getTokenStyleObject`). */
interface LineTokens {
  ends: number[]
  styles: Array<Record<string, string>>
}

/**
 * Shiki's light/dark hast (`codeToHast` with `themes` and `defaultColor: false`, no
 * transformers), as `withHastTree` hands it over (properties as parsed from HTML), made from each
 * theme's tokens without shiki's token objects: shiki tokenizes every block twice per theme (the
 * second time for its last grammar state, which rehype-pretty-code does not read), makes an
 * object per token and theme, splits them to common boundaries, flattens their styles into CSS
 * variables, merges whitespace into the next token and builds the tree, a third of the cost of
 * highlighting. Here each theme's lines are tokenized once (through the line memo, so the second
 * theme's tokens are already known), and each span's style string is made once per distinct
 * pair of styles. `undefined` for options this does not make (the caller then asks shiki).
 * The tests hold it equal to shiki's tree, block for block.
 */
export function dualThemeHast(
  shiki: Highlighter,
  code: string,
  options: HastOptions,
): Root | undefined {
  if (!fits(options)) return undefined
  const { lang, themes } = options as { lang: string; themes: Record<string, string> }
  const internal = shiki.getInternalContext() as unknown as Internal
  const timeLimit = (options as { tokenizeTimeLimit?: number }).tokenizeTimeLimit ?? 500
  const variants = Object.entries(themes).filter(([, theme]) => theme)
  if (variants.length === 0) return undefined
  const lines = code.split(/\r?\n/)
  const tokens = variants.map(([, theme]) => themeTokens(internal, theme, lang, lines, timeLimit))
  const registrations = variants.map(([, theme]) => internal.getTheme(theme))
  const rootStyle = ['fg', 'bg']
    .map((key) =>
      variants
        .map(([color], i) => {
          const value = registrations[i]![key as 'fg' | 'bg'] || 'inherit'
          return `--shiki-${color}${key === 'bg' ? '-bg' : ''}:${value}`
        })
        .join(';'),
    )
    .join(';')
  const styleOf = styleMaker(variants.map(([color]) => color))
  const children: ElementContent[] = []
  lines.forEach((line, index) => {
    if (index) children.push({ type: 'text', value: '\n' })
    children.push({
      type: 'element',
      tagName: 'span',
      properties: { className: ['line'] },
      children: lineSpans(line, index, tokens, styleOf),
    })
  })
  const code_: Element = { type: 'element', tagName: 'code', properties: {}, children }
  const themeName = `shiki-themes ${registrations.map((r) => r.name).join(' ')}`
  const pre: Element = {
    type: 'element',
    tagName: 'pre',
    properties: {
      className: `shiki ${themeName}`.split(/\s+/).filter(Boolean),
      style: rootStyle,
      tabIndex: 0,
    },
    children: [code_],
  }
  return { type: 'root', children: [pre] }
}

function fits(options: HastOptions): boolean {
  const o = options as unknown as Record<string, unknown>
  for (const key of Object.keys(o)) if (!KNOWN_OPTIONS.has(key)) return false
  if (o.defaultColor !== false) return false
  if (typeof o.lang !== 'string' || !o.lang || PLAIN.has(o.lang)) return false
  if (o.transformers !== undefined && !(Array.isArray(o.transformers) && !o.transformers.length))
    return false
  const meta = o.meta as Record<string, unknown> | undefined
  if (meta !== undefined && Object.keys(meta).some((key) => !key.startsWith('_'))) return false
  const themes = o.themes as Record<string, unknown> | undefined
  if (!themes || typeof themes !== 'object') return false
  return Object.values(themes).every((t) => !t || (typeof t === 'string' && t !== 'none'))
}

/** A theme's tokens of each line, as shiki's `_tokenizeWithTheme` finds them. */
function themeTokens(
  internal: Internal,
  theme: string,
  lang: string,
  lines: string[],
  timeLimit: number,
): Array<LineTokens | null> {
  const { theme: registration, colorMap } = internal.setTheme(theme)
  const grammar = internal.getLanguage(lang)
  const replacements = { ...registration.colorReplacements }
  const styles = new Map<number, Record<string, string>>()
  let state: unknown = INITIAL
  return lines.map((line) => {
    // As shiki: an empty line is not tokenized and leaves the grammar state as it was.
    if (line === '') return null
    const result = grammar.tokenizeLine2(line, state, timeLimit)
    state = result.ruleStack
    const raw = result.tokens
    const count = raw.length / 2
    const out: LineTokens = { ends: [], styles: [] }
    for (let j = 0; j < count; j++) {
      const start = raw[2 * j]!
      const end = j + 1 < count ? raw[2 * j + 2]! : line.length
      if (start === end) continue
      // Foreground (bits 15-23) and font style (bits 11-14) are all a token's style reads.
      const metadata = raw[2 * j + 1]! & 0xfff800
      let style = styles.get(metadata)
      if (!style) styles.set(metadata, (style = styleObject(metadata, colorMap, replacements)))
      out.ends.push(end)
      out.styles.push(style)
    }
    return out
  })
}

/** Shiki's `getTokenStyleObject` of a token with this metadata (colour replaced as shiki does). */
function styleObject(
  metadata: number,
  colorMap: string[],
  replacements: Record<string, string>,
): Record<string, string> {
  const found = colorMap[(metadata >>> 15) & 0x1ff]
  const color = found ? replacements[found.toLowerCase()] || found : found
  const fontStyle = (metadata >>> 11) & 0xf
  const styles: Record<string, string> = {}
  if (color) styles.color = color
  if (fontStyle & 1) styles['font-style'] = 'italic'
  if (fontStyle & 2) styles['font-weight'] = 'bold'
  const decorations: string[] = []
  if (fontStyle & 4) decorations.push('underline')
  if (fontStyle & 8) decorations.push('line-through')
  if (decorations.length) styles['text-decoration'] = decorations.join(' ')
  return styles
}

/** The `style` of a span with these themes' styles (shiki's `flatTokenVariants`, CSS variables). */
function styleMaker(colors: string[]): (styles: Array<Record<string, string>>) => string {
  const made = new Map<unknown, unknown>()
  return (styles) => {
    // One cache level per theme, keyed by the (shared) style objects themselves.
    let level = made
    for (let i = 0; i < styles.length - 1; i++) {
      let next = level.get(styles[i]) as Map<unknown, unknown> | undefined
      if (!next) level.set(styles[i], (next = new Map()))
      level = next
    }
    let style = level.get(styles[styles.length - 1]) as string | undefined
    if (style === undefined) {
      const keys = new Set(styles.flatMap((s) => Object.keys(s)))
      const parts: string[] = []
      styles.forEach((s, i) => {
        for (const key of keys) {
          const name = key === 'color' ? '' : key === 'background-color' ? '-bg' : `-${key}`
          parts.push(`--shiki-${colors[i]}${name}:${s[key] || 'inherit'}`)
        }
      })
      style = parts.join(';')
      level.set(styles[styles.length - 1], style)
    }
    return style
  }
}

const WHITESPACE = /^\s+$/

/**
 * One line's spans: the themes' tokens split where any of them ends (`syncThemesTokenization`),
 * a whitespace span followed by another span joined to it (`mergeWhitespaceTokens`).
 */
function lineSpans(
  line: string,
  index: number,
  tokens: Array<Array<LineTokens | null>>,
  styleOf: (styles: Array<Record<string, string>>) => string,
): ElementContent[] {
  const spans: ElementContent[] = []
  const lines = tokens.map((theme) => theme[index])
  if (lines.some((l) => !l || l.ends.length === 0)) return spans
  const at = lines.map(() => 0)
  const current: Array<Record<string, string>> = lines.map((l) => l!.styles[0]!)
  let start = 0
  let carried = ''
  while (start < line.length) {
    let end = Infinity
    for (let i = 0; i < lines.length; i++) end = Math.min(end, lines[i]!.ends[at[i]!]!)
    const content = line.slice(start, end)
    const style = styleOf(current)
    for (let i = 0; i < lines.length; i++)
      if (lines[i]!.ends[at[i]!] === end) current[i] = lines[i]!.styles[++at[i]!]!
    start = end
    if (start < line.length && WHITESPACE.test(content)) {
      carried += content
      continue
    }
    spans.push({
      type: 'element',
      tagName: 'span',
      properties: style ? { style } : {},
      children: [{ type: 'text', value: carried + content }],
    })
    carried = ''
  }
  return spans
}
