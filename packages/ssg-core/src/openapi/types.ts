/**
 * The parts of an OpenAPI 3.1 document the reference generator reads, after dereferencing (no
 * `$ref` left; a schema used in several places is one shared object). Loose on purpose: the
 * document was validated against the OpenAPI 3.1 schema before it gets here.
 */

/** A JSON Schema 2020-12 object as OpenAPI 3.1 writes it. */
export interface Schema {
  type?: string | string[]
  format?: string
  title?: string
  description?: string
  enum?: unknown[]
  const?: unknown
  default?: unknown
  examples?: unknown[]
  example?: unknown
  properties?: Record<string, Schema>
  required?: string[]
  additionalProperties?: boolean | Schema
  items?: Schema
  oneOf?: Schema[]
  anyOf?: Schema[]
  allOf?: Schema[]
  deprecated?: boolean
  readOnly?: boolean
  writeOnly?: boolean
  minimum?: number
  maximum?: number
  minLength?: number
  maxLength?: number
  maxItems?: number
  pattern?: string
  /** Text for the Required column instead of Yes/No, e.g. "Yes, unless `rules` is sent". */
  'x-required'?: string
  [key: string]: unknown
}

export interface Example {
  summary?: string
  description?: string
  value?: unknown
}

export interface MediaType {
  schema?: Schema
  example?: unknown
  examples?: Record<string, Example>
}

export interface Parameter {
  name: string
  in: 'path' | 'query' | 'header' | 'cookie'
  description?: string
  required?: boolean
  deprecated?: boolean
  schema?: Schema
  example?: unknown
  examples?: Record<string, Example>
  /** `dotted`: an object sent as `name.key=value` pairs (shown as `name.{key}`). */
  'x-style'?: 'dotted'
}

export interface Header {
  description?: string
  schema?: Schema
  example?: unknown
}

export interface Response {
  description: string
  headers?: Record<string, Header>
  content?: Record<string, MediaType>
}

export interface RequestBody {
  description?: string
  required?: boolean
  content?: Record<string, MediaType>
}

/** A code sample written by hand for one language (Redocly's `x-codeSamples`). */
export interface CodeSample {
  lang: string
  label?: string
  source: string
}

/** How an operation is called from the SDKs (`x-sdk`); see the README. */
export interface SdkCall {
  /** Resource path and method, camelCase: `tokens.create`, `tokens.children.list`. */
  method: string
  /** Name of the request type in typed SDKs, or one per language (`default` for the others). */
  request?: string | Record<string, string>
  /** Name of the result variable. @default `result` */
  result?: string
  /** Fields of the result printed by the sample, or a loop over a list in it. */
  print?: string[] | { each: string; as: string; fields: string[] }
}

export interface Operation {
  operationId?: string
  summary?: string
  description?: string
  deprecated?: boolean
  tags?: string[]
  parameters?: Parameter[]
  requestBody?: RequestBody
  responses?: Record<string, Response>
  security?: Array<Record<string, string[]>>
  /** Markdown after the generated permission sentence. */
  'x-permission'?: string
  /** Values of query parameters for the code samples. */
  'x-query-example'?: Record<string, unknown>
  'x-sdk'?: SdkCall
  'x-codeSamples'?: CodeSample[]
}

export interface SecurityScheme {
  type: string
  name?: string
  in?: string
  description?: string
  /** Environment variable that holds such a key in the code samples. */
  'x-env'?: string
}

/** One SDK of `x-sdks`: the names its code samples use. */
export interface SdkInfo {
  /** Tab label. */
  label?: string
  /** npm package, Python module, Java package, Go module path. */
  package?: string
  /** Client class (or Go package name). */
  client?: string
  /** C# namespace. */
  namespace?: string
  /** Method renames: `{retrieve: get}`. */
  rename?: Record<string, string>
}

export interface OpenApiDocument {
  openapi: string
  info: { title: string; version: string; description?: string }
  servers?: Array<{ url: string; description?: string }>
  paths?: Record<string, Record<string, unknown>>
  components?: {
    schemas?: Record<string, Schema>
    securitySchemes?: Record<string, SecurityScheme>
    [key: string]: unknown
  }
  security?: Array<Record<string, string[]>>
  'x-sdks'?: Record<string, SdkInfo>
}

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']
