import type { Root, Paragraph, Parent, RootContent } from 'mdast'
import type { ContainerDirective, LeafDirective, TextDirective } from 'mdast-util-directive'
import type { VFile } from 'vfile'
import { visit, SKIP } from 'unist-util-visit'

export const ADMONITION_KINDS = ['note', 'tip', 'info', 'warning', 'danger'] as const
const KNOWN = new Set<string>([...ADMONITION_KINDS, 'tabs', 'tab'])

/**
 * Turns container directives into admonitions (`:::note[Title]`) and tabs (`::::tabs{group}` with
 * `:::tab{label}` children); reports unclosed and unknown directives; turns text and leaf
 * directives back into the text they came from (`10:30`, `type:card` are prose, not directives).
 */
export function remarkDirectives() {
  return function (tree: Root, file: VFile) {
    const source = String(file.value)
    const lines = source.split(/\r?\n/)
    visit(tree, (node, index, parent) => {
      if (node.type === 'textDirective' || node.type === 'leafDirective') {
        const directive = node as TextDirective | LeafDirective
        const start = directive.position?.start.offset
        const end = directive.position?.end.offset
        if (parent && index !== undefined && start !== undefined && end !== undefined) {
          const text = { type: 'text', value: source.slice(start, end) } as const
          parent.children.splice(
            index,
            1,
            (directive.type === 'leafDirective'
              ? { type: 'paragraph', children: [text] }
              : text) as never,
          )
          return SKIP
        }
        return
      }
      if (node.type !== 'containerDirective') return
      const directive = node as ContainerDirective
      const place = directive.position?.start
      const endLine = directive.position?.end.line
      const closing = endLine ? (lines[endLine - 1] ?? '').trim() : ''
      if (!/^:{3,}$/.test(closing) || endLine === place?.line) {
        const message = file.message(
          `Unclosed directive \`:::${directive.name}\`: add a line \`:::\` where it ends`,
          { place, ruleId: 'unclosed-directive', source: 'ssg-core' },
        )
        message.fatal = true
        return
      }
      if (!KNOWN.has(directive.name)) {
        file.message(
          `Unknown directive \`:::${directive.name}\`; expected one of ${[...KNOWN].map((k) => '`' + k + '`').join(', ')}`,
          { place, ruleId: 'unknown-directive', source: 'ssg-core' },
        )
        directive.data = { hName: 'div', hProperties: { className: ['ssg-directive'] } }
        return
      }
      if (directive.name === 'tabs') {
        const tabs = directive.children.filter(
          (child): child is ContainerDirective =>
            child.type === 'containerDirective' && child.name === 'tab',
        )
        if (tabs.length === 0)
          file.message('`::::tabs` holds no `:::tab{label="..."}` directive', {
            place,
            ruleId: 'empty-tabs',
            source: 'ssg-core',
          })
        directive.data = {
          hName: 'div',
          hProperties: {
            className: ['ssg-tabs-source'],
            dataGroup: directive.attributes?.group ?? '',
          },
        }
        return
      }
      if (directive.name === 'tab') {
        const label = directive.attributes?.label
        if (!label)
          file.message('A `:::tab` needs a label: `:::tab{label="curl"}`', {
            place,
            ruleId: 'tab-label',
            source: 'ssg-core',
          })
        if (!parent || (parent as ContainerDirective).name !== 'tabs')
          file.message(
            'A `:::tab` must sit directly inside a `::::tabs` directive (with more colons)',
            {
              place,
              ruleId: 'tab-outside-tabs',
              source: 'ssg-core',
            },
          )
        directive.data = {
          hName: 'div',
          hProperties: { className: ['ssg-tab-source'], dataLabel: label ?? 'Tab' },
        }
        return
      }
      // An admonition.
      const first = directive.children[0]
      let title: Paragraph
      if (
        first &&
        first.type === 'paragraph' &&
        first.data &&
        'directiveLabel' in first.data &&
        first.data.directiveLabel
      ) {
        title = first
      } else {
        title = {
          type: 'paragraph',
          children: [
            { type: 'text', value: directive.name[0]!.toUpperCase() + directive.name.slice(1) },
          ],
        }
        directive.children.unshift(title as never)
      }
      title.data = { hName: 'p', hProperties: { className: ['ssg-admonition__title'] } }
      directive.data = {
        hName: 'div',
        hProperties: {
          className: ['ssg-admonition', `ssg-admonition--${directive.name}`],
          role: 'note',
          ariaLabel: directive.name[0]!.toUpperCase() + directive.name.slice(1),
        },
      }
    })
  }
}

export type { Parent, RootContent }
