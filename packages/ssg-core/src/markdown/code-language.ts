/**
 * Names that other documentation tools accept for a fence's language and that shiki does not:
 * each maps to the name shiki knows. Looked up after the exact name and its lower case.
 */
export const BUILTIN_LANGUAGE_ALIASES: Readonly<Record<string, string>> = {
  pwsh: 'powershell',
  'shell-session': 'shellsession',
  'sh-session': 'shellsession',
  terminal: 'shellsession',
  mjs: 'javascript',
  cjs: 'javascript',
  mts: 'typescript',
  cts: 'typescript',
  django: 'jinja',
  mustache: 'handlebars',
  env: 'dotenv',
  svg: 'xml',
  xhtml: 'html',
  golang: 'go',
  jsonl: 'json',
  plain: 'text',
  none: 'text',
  nohighlight: 'text',
}

/**
 * Suffixes some tools add to a language to say how to treat the block, not what it is: MDN's
 * `js-nolint` (skip the linter), VitePress's `js-vue` (interpolate Vue expressions).
 */
const MODE_SUFFIXES = /-(?:nolint|vue)$/i

/**
 * The language of a fence as shiki names it, or null when it knows none of the candidates: the
 * name as written, then the site's aliases (`markdown.languageAliases`, keys compared without
 * case), then its lower case (`PowerShell`, `XML`), then the built-in aliases, each also without
 * a mode suffix (`js-nolint` -> `js`).
 */
export function resolveLanguage(
  name: string,
  options: { isLoaded: (lang: string) => boolean; aliases?: Readonly<Record<string, string>> },
): string | null {
  const aliases = options.aliases ?? {}
  const lookup = (candidate: string): string | null => {
    if (options.isLoaded(candidate)) return candidate
    const lower = candidate.toLowerCase()
    const mapped = aliases[lower] ?? BUILTIN_LANGUAGE_ALIASES[lower]
    if (mapped !== undefined && options.isLoaded(mapped)) return mapped
    if (options.isLoaded(lower)) return lower
    return null
  }
  const found = lookup(name)
  if (found !== null) return found
  const bare = name.replace(MODE_SUFFIXES, '')
  return bare !== name && bare !== '' ? lookup(bare) : null
}

/**
 * Splits what CommonMark reads as a fence's language into the language and meta that other tools
 * glued to it: VitePress's `js{12-15}` (highlighted lines) and `ts:line-numbers`, and a tab or
 * file title in brackets (`[.env]`, `sh[npm]`). The meta parts come back in rehype-pretty-code's
 * syntax: `{12-15}` stays, a bracketed title becomes `title=".env"`, `:line-numbers` is dropped
 * (the theme has no line numbers).
 */
export function splitFenceLanguage(info: string): { lang: string; meta: string } {
  const match = /^([^{[:]*)(.*)$/.exec(info)!
  const lang = match[1]!
  let rest = match[2]!
  const meta: string[] = []
  const lines = /\{[\d,\s-]+\}/.exec(rest)
  if (lines) {
    meta.push(lines[0].replace(/\s+/g, ''))
    rest = rest.replace(lines[0], '')
  }
  const title = /\[([^\]]*)\]/.exec(rest)
  if (title && title[1]!.trim()) meta.push(`title=${JSON.stringify(title[1]!.trim())}`)
  return { lang, meta: meta.join(' ') }
}

/**
 * A fence's info as Python-Markdown's fenced_code and pymdownx.superfences write it (Material for
 * MkDocs), as the language and rehype-pretty-code's meta: ```` ``` .sh ```` and
 * ```` ``` { .sh .no-copy #id } ```` name the language by the first class (the other classes and
 * the id are dropped); ```` ``` title="x" ```` has attributes and no language (`text`);
 * `hl_lines="3 5-6"` is `{3,5-6}`; `linenums` is dropped (no line numbers in the theme). Null when
 * the info is none of these (most fences).
 */
export function superfencesInfo(lang: string, meta: string): { lang: string; meta: string } | null {
  let words: string
  let language = ''
  if (lang === '{') words = meta.replace(/\}\s*$/, '')
  else if (lang.startsWith('{')) words = `${lang.slice(1)} ${meta}`.replace(/\}\s*$/, '')
  else if (/^\.[\w+#-]+$/.test(lang)) {
    language = lang.slice(1)
    words = meta
  } else if (/^[\w-]+=/.test(lang)) words = `${lang} ${meta}`
  else if (/(^|\s)(hl_lines|linenums)=/.test(meta)) {
    language = lang
    words = meta
  } else return null
  const kept: string[] = []
  for (const [word] of words.matchAll(/[^\s"'=]+(?:=(?:"[^"]*"?|'[^']*'?|\S*))?/g)) {
    if (word.startsWith('.')) {
      if (!language) language = word.slice(1)
    } else if (word.startsWith('#')) continue
    else if (word.startsWith('hl_lines=')) {
      const lines = word.slice(9).replace(/["']/g, '').trim().split(/\s+/).filter(Boolean)
      if (lines.length) kept.push(`{${lines.join(',')}}`)
    } else if (!/^linenums=/.test(word)) kept.push(word)
  }
  return { lang: language, meta: kept.join(' ') }
}

/**
 * A bracketed title in a fence's meta (`[config.js]`, VitePress's tab and file titles) as
 * rehype-pretty-code's `title="config.js"`; other meta is kept as written.
 */
export function bracketTitleToMeta(meta: string): string {
  if (/(^|\s)title=/.test(meta)) return meta
  return meta.replace(/(^|\s)\[([^\]]+)\](?=\s|$)/, (_all, space: string, title: string) =>
    title.trim() ? `${space}title=${JSON.stringify(title.trim())}` : space,
  )
}
