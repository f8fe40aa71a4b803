import type { Root, Paragraph, Parent, RootContent } from 'mdast'
import type { ContainerDirective, LeafDirective, TextDirective } from 'mdast-util-directive'
import type { VFile } from 'vfile'
import { visit, SKIP } from 'unist-util-visit'
import { toString } from 'mdast-util-to-string'

/**
 * Admonition kinds -> the theme's style of each: the five of the theme, the names Docusaurus,
 * VitePress and GitHub alerts add (`important` looks like info, `caution` like danger), and the
 * types of MkDocs and Material for MkDocs with their aliases (`success` like tip, `bug` like
 * danger, `example` like note, ...).
 */
export const ADMONITION_STYLES: Readonly<Record<string, string>> = {
  note: 'note',
  tip: 'tip',
  info: 'info',
  warning: 'warning',
  danger: 'danger',
  important: 'info',
  caution: 'danger',
  ...Object.fromEntries(
    Object.entries({
      info: 'abstract summary tldr todo question help faq',
      tip: 'hint success check done',
      warning: 'attention',
      danger: 'failure fail missing error bug',
      note: 'example quote cite',
    }).flatMap(([style, names]) => names.split(' ').map((name) => [name, style])),
  ),
}
/** VitePress containers that only stop Vue from reading the content: here they just hold it. */
const PASS_THROUGH = new Set(['v-pre', 'raw'])
/** The directives named in the unknown-directive message (MkDocs' extra types are left out). */
const LISTED = [
  ...['note', 'tip', 'info', 'warning', 'danger', 'important', 'caution'],
  ...['tabs', 'tab', 'details', 'code-group', ...PASS_THROUGH],
]
/** The directives this toolkit renders. */
export const KNOWN_DIRECTIVES: ReadonlySet<string> = new Set<string>([
  ...Object.keys(ADMONITION_STYLES),
  'tabs',
  'tab',
  'details',
  'code-group',
  ...PASS_THROUGH,
])

/**
 * Turns container directives into admonitions (`:::note[Title]`), tabs (`::::tabs{group}` with
 * `:::tab{label}` children), VitePress's `:::details[Title]` (a `<details>`) and `:::code-group`
 * (tabs labelled by each fence's `[title]`); `:::v-pre` and `:::raw` only hold their content.
 * Reports unclosed directives, and unknown ones once per name and page (their content is kept);
 * turns text and leaf directives back into the text they came from (`10:30`, `type:card` are
 * prose, not directives).
 */
export function remarkDirectives() {
  return function (tree: Root, file: VFile) {
    const source = String(file.value)
    const lines = source.split(/\r?\n/)
    const unknown = new Map<string, { place: ContainerDirective['position']; count: number }>()
    const autodocs: Array<{
      name: string
      place: NonNullable<ContainerDirective['position']>['start'] | undefined
    }> = []
    restoreInlineDirectives(tree, source)
    visit(tree, (node, index, parent) => {
      if (node.type !== 'containerDirective') return
      const directive = node as ContainerDirective
      const place = directive.position?.start
      const endLine = directive.position?.end.line
      const closing = endLine ? (lines[endLine - 1] ?? '').trim() : ''
      // Written as a directive (not made by another plugin, like a GitHub alert, nor generated
      // without a position, like an API reference's tabs): it must close.
      const written =
        directive.position !== undefined && /^[\s>]*:{3}/.test(lines[(place?.line ?? 1) - 1] ?? '')
      if (written && (!/^:{3,}$/.test(closing) || endLine === place?.line)) {
        const message = file.message(
          `Unclosed directive \`:::${directive.name}\`: add a line \`:::\` where it ends`,
          { place, ruleId: 'unclosed-directive', source: 'ssg-core' },
        )
        message.fatal = true
        return
      }
      if (directive.name === 'autodoc') {
        // MkDocs' `::: mkdocs-click` / `::: package.module` (see mkdocs-blocks.ts).
        const label = takeLabel(directive)
        const name = label ? toString(label) : 'autodoc'
        if (label) directive.children.shift()
        autodocs.push({ name, place })
        directive.data = { hName: 'div', hProperties: { className: ['ssg-directive'] } }
        return
      }
      if (!KNOWN_DIRECTIVES.has(directive.name)) {
        const seen = unknown.get(directive.name)
        if (seen) seen.count++
        else unknown.set(directive.name, { place: directive.position, count: 1 })
        directive.data = { hName: 'div', hProperties: { className: ['ssg-directive'] } }
        return
      }
      if (PASS_THROUGH.has(directive.name) && parent && index !== undefined) {
        parent.children.splice(index, 1, ...(directive.children as RootContent[]))
        return index
      }
      if (directive.name === 'details') {
        const label = takeLabel(directive)
        if (label) label.data = { hName: 'summary' }
        else
          directive.children.unshift({
            type: 'paragraph',
            data: { hName: 'summary' },
            children: [{ type: 'text', value: 'Details' }],
          })
        directive.data = { hName: 'details', hProperties: { className: ['ssg-details'] } }
        return
      }
      if (directive.name === 'code-group') {
        codeGroupToTabs(directive)
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
      // An admonition; `{collapsible}` (MkDocs' `??? note`) makes it a <details>, `{open}` open.
      const kind = directive.name[0]!.toUpperCase() + directive.name.slice(1)
      const collapsible = directive.attributes?.collapsible != null
      let title = takeLabel(directive)
      if (title && title.children.length === 0 && !collapsible) {
        // `!!! note ""` (MkDocs): no title.
        directive.children.shift()
        title = null
      } else if (!title || title.children.length === 0) {
        if (title) directive.children.shift()
        title = { type: 'paragraph', children: [{ type: 'text', value: kind }] }
        directive.children.unshift(title as never)
      }
      if (title)
        title.data = {
          hName: collapsible ? 'summary' : 'p',
          hProperties: { className: ['ssg-admonition__title'] },
        }
      const className = ['ssg-admonition', `ssg-admonition--${ADMONITION_STYLES[directive.name]}`]
      directive.data = collapsible
        ? {
            hName: 'details',
            hProperties: {
              className,
              ...(directive.attributes?.open != null ? { open: true } : {}),
            },
          }
        : { hName: 'div', hProperties: { className, role: 'note', ariaLabel: kind } }
    })
    // One message per page for the blocks of MkDocs plugins (an API page holds dozens).
    if (autodocs.length)
      file.message(
        `\`::: ${autodocs[0]!.name}\`${autodocs.length > 1 ? ` and ${autodocs.length - 1} more \`:::\` blocks` : ''} ${autodocs.length > 1 ? 'are' : 'is'} generated by a MkDocs plugin (mkdocstrings, mkdocs-click), which this toolkit does not run; their options are shown as code`,
        { place: autodocs[0]!.place, ruleId: 'unknown-directive', source: 'ssg-core' },
      )
    for (const [name, { place, count }] of unknown)
      file.message(
        `Unknown directive \`:::${name}\`${count > 1 ? ` (${count} times on this page)` : ''}; its content is shown as it is. Known: ${LISTED.map((k) => '`' + k + '`').join(', ')}`,
        { place: place?.start, ruleId: 'unknown-directive', source: 'ssg-core' },
      )
  }
}

/** The directive's `[label]` paragraph, if it has one. */
function takeLabel(directive: ContainerDirective): Paragraph | null {
  const first = directive.children[0]
  const isLabel =
    first?.type === 'paragraph' && (first.data as { directiveLabel?: boolean })?.directiveLabel
  return isLabel ? first : null
}

/**
 * VitePress's `:::code-group`: each fence becomes a tab labelled by its `[title]` (`sh [npm]`),
 * else its language; anything else in the group stays with the tab before it.
 */
function codeGroupToTabs(directive: ContainerDirective): void {
  const tabs: ContainerDirective[] = []
  for (const child of directive.children) {
    if (child.type === 'code' || tabs.length === 0) {
      const title = child.type === 'code' ? /\[([^\]]+)\]/.exec(child.meta ?? '') : null
      // The label says it: no title bar inside the tab too.
      if (child.type === 'code' && title)
        child.meta = child.meta!.replace(title[0], '').trim() || null
      const label = title?.[1]?.trim() || (child.type === 'code' && child.lang) || 'Code'
      tabs.push({
        type: 'containerDirective',
        name: 'tab',
        attributes: { label },
        children: [],
        data: { hName: 'div', hProperties: { className: ['ssg-tab-source'], dataLabel: label } },
      })
    }
    tabs[tabs.length - 1]!.children.push(child)
  }
  directive.children = tabs
  directive.name = 'tabs'
  directive.data = { hName: 'div', hProperties: { className: ['ssg-tabs-source'], dataGroup: '' } }
}

export type { Parent, RootContent }

/**
 * Text and leaf directives back into the text they came from (`10:30`, `type:card` are prose):
 * `source` is the text `tree` was parsed from (a partial's own, for a partial's tree).
 */
export function restoreInlineDirectives(tree: Root, source: string): void {
  if (!source.includes(':')) return
  visit(tree, (node, index, parent) => {
    if (node.type !== 'textDirective' && node.type !== 'leafDirective') return
    const directive = node as TextDirective | LeafDirective
    const start = directive.position?.start.offset
    const end = directive.position?.end.offset
    if (!parent || index === undefined || start === undefined || end === undefined) return
    const text = { type: 'text', value: source.slice(start, end) } as const
    parent.children.splice(
      index,
      1,
      (directive.type === 'leafDirective'
        ? { type: 'paragraph', children: [text] }
        : text) as never,
    )
    return SKIP
  })
}
