import type { Root } from 'hast'
import type { VFile } from 'vfile'
import { visit } from 'unist-util-visit'

const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'action',
  'formAction',
  'xLinkHref',
  'poster',
  'data',
])

/**
 * Raw HTML is allowed in content, but not script: `<script>`, `on*=` handlers and `javascript:`
 * URLs fail the build at their place (the site serves third-party scripts only from config).
 */
export function rehypeCheckUnsafe() {
  return function (tree: Root, file: VFile) {
    visit(tree, 'element', (node) => {
      const place = node.position?.start
      const fail = (reason: string) => {
        const message = file.message(reason, { place, ruleId: 'unsafe-html', source: 'ssg-core' })
        message.fatal = true
      }
      if (node.tagName === 'script')
        fail('`<script>` is not allowed in content; add scripts through `headTags` in the config')
      for (const [name, value] of Object.entries(node.properties)) {
        if (/^on[A-Z]/.test(name) || /^on[a-z]+$/.test(name))
          fail(`Event handler attribute \`${name.toLowerCase()}\` is not allowed in content`)
        if (
          URL_ATTRIBUTES.has(name) &&
          /^\s*(javascript|vbscript):/i.test(String(value).replace(/[\u0000-\u001f]/g, ''))
        )
          fail(`\`javascript:\` URL in \`${name.toLowerCase()}\` is not allowed in content`)
      }
    })
  }
}
