import type { BlockContent, Root, RootContent } from 'mdast'
import type { LeafDirective } from 'mdast-util-directive'
import type { Processor } from 'unified'
import type { Node } from 'unist'
import { SKIP, visit } from 'unist-util-visit'
import { VFile } from 'vfile'
import type { ApiSet } from '../openapi/apis.js'
import { ApiModel, type RenderContext } from '../openapi/model.js'
import {
  OPERATION_PARTS,
  renderOperation,
  type OperationPart,
} from '../openapi/render-operation.js'
import { fieldsTable } from '../openapi/render-schema.js'
import { closest } from '../util/errors.js'

/** Most description texts kept parsed per processor (a spec's own are a few thousand at most). */
const PARSED_KEPT = 10_000

/**
 * `::openapi{operation="createToken"}` and `::openapi{schema="Token"}`: replaced by the
 * reference generated from the site's OpenAPI spec, as ordinary Markdown nodes (headings,
 * tables, code, the site's tabs), so that heading ids, the table of contents, search, the link
 * check and Markdown output treat them like hand-written content. Attributes:
 * - `operation`: an operationId; `parts="request,samples"` for only some parts, without headings
 *   (`description`, `endpoint`, `request`, `responses`, `samples`, `examples`, `errors`);
 *   `level="3"` for the heading of a whole section (default 2).
 * - `schema`: a component schema's field table; `required` adds the Required column.
 * - `spec`: the spec id, when the config has several.
 */
export function remarkOpenapi(this: Processor, options: { apis?: ApiSet | null | undefined }) {
  const processor = this
  // No specs given at all (a processor that only reads pages' headings): directives stay.
  if (options.apis === undefined) return () => {}
  const models = new Map<string, ApiModel>()
  // A spec's descriptions are placed again and again (a shared schema's fields on every page of
  // its operations): each text is parsed once, and each use gets its own copy of the blocks (the
  // caller places them in its page).
  const parsed = new Map<string, BlockContent[]>()
  const markdown = (source: string): BlockContent[] => {
    if (!source.trim()) return []
    let blocks = parsed.get(source)
    if (!blocks) {
      if (parsed.size >= PARSED_KEPT) parsed.clear()
      blocks = (processor.parse(new VFile({ value: source, data: { fragment: true } })) as Root)
        .children as BlockContent[]
      parsed.set(source, blocks)
    }
    return structuredClone(blocks)
  }
  return function (tree: Root, file: VFile) {
    const page = String(file.path ?? '')
    visit(tree, 'leafDirective', (node: LeafDirective, index, parent) => {
      if (node.name !== 'openapi' || !parent || index === undefined) return
      const fail = (reason: string): [typeof SKIP, number] => {
        const message = file.message(reason, {
          place: node.position,
          ruleId: 'openapi-directive',
          source: 'ssg-core',
        })
        message.fatal = true
        parent.children.splice(index, 1)
        return [SKIP, index]
      }
      const attributes = (node.attributes ?? {}) as Record<string, string | null | undefined>
      const apis = options.apis
      if (!apis)
        return fail('`::openapi` needs a spec: add `openapi: {id: {file: "..."}}` to the config')
      const ids = Object.keys(apis.specs)
      const id = attributes.spec ?? (ids.length === 1 ? ids[0]! : undefined)
      if (!id || !apis.specs[id]) {
        const hint = attributes.spec ? closest(attributes.spec, ids) : undefined
        return fail(
          attributes.spec
            ? `Unknown spec \`${attributes.spec}\`${hint ? `; did you mean \`${hint}\`?` : ''} (the config has ${ids.map((i) => '`' + i + '`').join(', ')})`
            : `\`::openapi\` needs \`spec="..."\`: the config has several specs (${ids.map((i) => '`' + i + '`').join(', ')})`,
        )
      }
      const entry = apis.specs[id]!
      if (!entry.spec) {
        // The spec's own errors are reported at their place (the build fails on them): the page
        // is not built from it, and `ssg serve` keeps its last good version.
        file.data.waitsForSpec = entry.file
        parent.children.splice(index, 1)
        return [SKIP, index]
      }
      let model = models.get(id)
      if (!model) models.set(id, (model = new ApiModel(entry.spec, entry.homes)))
      const context: RenderContext = {
        model,
        file: page,
        markdown,
        languages: entry.languages,
        tabGroup: entry.tabGroup,
      }
      let blocks: BlockContent[]
      try {
        const made = generate(attributes, { ...context, model }, entry.file)
        if (typeof made === 'string') return fail(made)
        blocks = made
      } catch (error) {
        return fail(`Cannot generate the reference: ${(error as Error).message}`)
      }
      for (const block of blocks) place(block, node, apis.siteUrl)
      parent.children.splice(index, 1, ...(blocks as RootContent[]))
      return [SKIP, index + blocks.length]
    })
  }
}

/** The blocks a directive stands for, or why it cannot be generated. */
function generate(
  attributes: Record<string, string | null | undefined>,
  context: RenderContext,
  file: string,
): BlockContent[] | string {
  const { model } = context
  const unknown = (kind: string, name: string, names: Iterable<string>) => {
    const hint = closest(name, names)
    return `Unknown ${kind} \`${name}\` in \`${file}\`${hint ? `; did you mean \`${hint}\`?` : ''}`
  }
  if (attributes.operation) {
    const resolved = model.operations.get(attributes.operation)
    if (!resolved) return unknown('operation', attributes.operation, model.operations.keys())
    const parts = attributes.parts?.split(/[\s,]+/).filter(Boolean)
    const bad = parts?.find((p) => !OPERATION_PARTS.includes(p as OperationPart))
    if (bad)
      return `Unknown part \`${bad}\`; expected ${OPERATION_PARTS.map((p) => '`' + p + '`').join(', ')}`
    const level = Number(attributes.level ?? 2)
    if (![2, 3, 4].includes(level)) return '`level` must be 2, 3 or 4'
    return renderOperation(resolved, context, {
      ...(parts ? { parts: parts as OperationPart[] } : {}),
      depth: level as 2 | 3 | 4,
    })
  }
  if (attributes.schema) {
    const schema = model.schema(attributes.schema)
    if (!schema)
      return unknown(
        'schema',
        attributes.schema,
        Object.keys(model.document.components?.schemas ?? {}),
      )
    return [
      ...context.markdown(attributes.description !== undefined ? (schema.description ?? '') : ''),
      ...fieldsTable(schema, context, { required: attributes.required !== undefined }),
    ]
  }
  return '`::openapi` needs `operation="<operationId>"` or `schema="<name>"`'
}

/**
 * Gives generated nodes the directive's position (messages about them, such as a broken link in
 * a description, point at the directive), and makes links to the site's own URL site paths, so
 * that a spec can link its docs absolutely and the links are still checked.
 */
function place(node: Node, directive: LeafDirective, siteUrl: string): void {
  const n = node as Node & { children?: Node[]; url?: string; type: string }
  if (n.type === 'containerDirective') delete n.position
  else if (directive.position) n.position = directive.position
  if (n.type === 'link' && n.url && siteUrl && n.url.startsWith(siteUrl + '/'))
    n.url = n.url.slice(siteUrl.length)
  for (const child of n.children ?? []) place(child, directive, siteUrl)
}

declare module 'vfile' {
  interface DataMap {
    /** The spec a directive of the page uses has errors: the page cannot be built as written. */
    waitsForSpec: string
  }
}
