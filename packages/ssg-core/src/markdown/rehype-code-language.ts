import type { Element, Root } from 'hast'
import type { VFile } from 'vfile'
import { visit } from 'unist-util-visit'
import {
  bracketTitleToMeta,
  resolveLanguage,
  splitFenceLanguage,
  superfencesInfo,
} from './code-language.js'
import { fenceLanguage } from './rehype-code-extras.js'

export interface CodeLanguageOptions {
  /** True for a language the highlighter has or can load (`text` and friends included). */
  isLoaded: (lang: string) => boolean
  /** `markdown.languageAliases`, keys in lower case. */
  aliases?: Readonly<Record<string, string>>
}

/**
 * Before highlighting: gives every code block (a fence, or raw `<pre><code class="language-x">`)
 * the language name shiki knows (`PowerShell` -> `powershell`, `mjs` -> `javascript`,
 * `js-nolint` -> `js`, a site alias), moves what other tools glue to the language into the meta
 * (`js{12-15}`, `[.env]`), and shows a block in a language nothing knows as plain text, with a
 * warning (instead of failing the page).
 */
export function rehypeCodeLanguage(options: CodeLanguageOptions) {
  return function (tree: Root, file: VFile) {
    visit(tree, 'element', (node, _index, parent) => {
      let written = fenceLanguage(node, parent)
      if (written === null) return
      const data = node.data as { meta?: string | null } | undefined
      const ownMeta = String(data?.meta ?? node.properties.metastring ?? '')
      let meta = bracketTitleToMeta(ownMeta)
      const superfences = superfencesInfo(written, meta)
      if (superfences) {
        const lang = superfences.lang || 'text'
        const classes = (node.properties.className as unknown[]).map(String)
        node.properties.className = classes.map((c) =>
          c === 'language-' + written ? 'language-' + lang : c,
        )
        written = lang
        meta = superfences.meta
      }
      if (!options.isLoaded(written)) {
        const split = splitFenceLanguage(written)
        let resolved = split.lang === '' ? 'text' : resolveLanguage(split.lang, options)
        if (resolved === null) {
          file.message(
            `Unknown code language \`${split.lang}\`; the block is shown without highlighting` +
              ' (map it to a known language with `markdown.languageAliases` in the config)',
            {
              place: (parent as Element).position?.start,
              ruleId: 'unknown-language',
              source: 'ssg-core',
            },
          )
          resolved = 'text'
        }
        const classes = (node.properties.className as unknown[]).map(String)
        node.properties.className = classes.map((c) =>
          c === 'language-' + written ? 'language-' + resolved : c,
        )
        if (split.meta) meta = meta ? `${split.meta} ${meta}` : split.meta
      }
      if (meta === ownMeta) return
      // rehype-pretty-code reads `data.meta` first, then this property.
      if (data) delete data.meta
      node.properties.metastring = meta
    })
  }
}
