import type { BlockContent, PhrasingContent } from 'mdast'
import type { LoadedSpec } from './load.js'
import {
  HTTP_METHODS,
  type OpenApiDocument,
  type Operation,
  type Parameter,
  type Schema,
} from './types.js'

/** One operation of a spec with what applies to it from its path item. */
export interface ResolvedOperation {
  id: string
  method: string
  path: string
  operation: Operation
  /** Path-item parameters merged with the operation's (the operation's win). */
  parameters: Parameter[]
}

/** Where a component schema is documented on the site (a page with `::openapi{schema}`). */
export interface SchemaHome {
  /** Site-relative Markdown file. */
  file: string
  /** `route#anchor`. */
  href: string
}

/**
 * A loaded spec seen by the generator: operations by id, the component name of each shared
 * schema object (dereferencing keeps one object per component), and where schemas are documented.
 */
export class ApiModel {
  readonly document: OpenApiDocument
  readonly operations = new Map<string, ResolvedOperation>()
  private readonly names = new Map<Schema, string>()

  constructor(
    readonly spec: LoadedSpec,
    /** Component schema name -> its home on the site. */
    readonly homes: Record<string, SchemaHome> = {},
  ) {
    if (!spec.document) throw new Error(`the spec \`${spec.file}\` was not dereferenced`)
    this.document = spec.document
    for (const [name, schema] of Object.entries(this.document.components?.schemas ?? {}))
      if (!this.names.has(schema)) this.names.set(schema, name)
    for (const [path, item] of Object.entries(this.document.paths ?? {})) {
      const shared = (item.parameters as Parameter[] | undefined) ?? []
      for (const method of HTTP_METHODS) {
        const operation = item[method] as Operation | undefined
        if (!operation?.operationId) continue
        const own = operation.parameters ?? []
        const parameters = [
          ...shared.filter((p) => !own.some((o) => o.name === p.name && o.in === p.in)),
          ...own,
        ]
        this.operations.set(operation.operationId, {
          id: operation.operationId,
          method,
          path,
          operation,
          parameters,
        })
      }
    }
  }

  /** The component name of a schema object, if it is one. */
  nameOf(schema: Schema): string | undefined {
    const copied = schema['x-component']
    return this.names.get(schema) ?? (typeof copied === 'string' ? copied : undefined)
  }

  schema(name: string): Schema | undefined {
    return this.document.components?.schemas?.[name]
  }

  /** The first server URL without a trailing slash. */
  get baseUrl(): string {
    return (this.document.servers?.[0]?.url ?? '').replace(/\/$/, '')
  }
}

/** What the renderers need besides the model: the page, and how to read Markdown. */
export interface RenderContext {
  model: ApiModel
  /** The page being compiled (site-relative), for links to schemas documented on it. */
  file: string
  /** Parses Markdown (a description) with the site's own parser. */
  markdown: (source: string) => BlockContent[]
  /** Code-sample tabs in order: `curl` and SDK languages. */
  languages: string[]
  /** Tab group of the code samples. */
  tabGroup: string
}

/** Markdown as phrasing content: paragraphs joined by a space (for a table cell). */
export function inlineMarkdown(context: RenderContext, source: string): PhrasingContent[] {
  const out: PhrasingContent[] = []
  for (const block of context.markdown(source)) {
    const phrasing: PhrasingContent[] =
      block.type === 'paragraph' || block.type === 'heading'
        ? block.children
        : block.type === 'list'
          ? block.children.flatMap((item) =>
              item.children.flatMap((c) => (c.type === 'paragraph' ? c.children : [])),
            )
          : []
    if (phrasing.length === 0) continue
    if (out.length) out.push({ type: 'text', value: ' ' })
    out.push(...phrasing)
  }
  return out
}

/** An `allOf` of objects as one object schema (properties and `required` merged). */
export function mergeAllOf(schema: Schema): Schema {
  if (!schema.allOf?.length) return schema
  const parts = schema.allOf.map(mergeAllOf)
  const { allOf: _allOf, ...rest } = schema
  const merged: Schema = { ...rest }
  for (const part of [...parts, rest]) {
    for (const [key, value] of Object.entries(part)) {
      if (key === 'properties')
        merged.properties = { ...merged.properties, ...(value as Record<string, Schema>) }
      else if (key === 'required')
        merged.required = [...new Set([...(merged.required ?? []), ...(value as string[])])]
      else if (merged[key] === undefined) merged[key] = value
    }
  }
  return merged
}

/** The types of a schema besides `null`, and whether `null` is allowed. */
export function typesOf(schema: Schema): { types: string[]; nullable: boolean } {
  const all = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []
  const types = all.filter((t) => t !== 'null')
  let nullable = all.includes('null')
  if (!types.length && (schema.properties || schema.additionalProperties)) types.push('object')
  if (!types.length && schema.items) types.push('array')
  // `oneOf: [X, {type: 'null'}]` is the other way to write "X or null".
  for (const alt of [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])])
    if (alt.type === 'null') nullable = true
  return { types, nullable }
}

/** The alternatives of a `oneOf`/`anyOf` besides `null`. */
export function alternativesOf(schema: Schema): Schema[] {
  return [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])].filter((s) => s.type !== 'null')
}

/** An object with properties: what a table shows. */
export function hasFields(schema: Schema): boolean {
  return Object.keys(mergeAllOf(schema).properties ?? {}).length > 0
}
