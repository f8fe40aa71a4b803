import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'

/** An error of ajv against the OpenAPI 3.1 schema. */
export interface AjvDetail {
  instancePath: string
  keyword: string
  message?: string
  params: Record<string, unknown>
}

type Validate = ((api: unknown) => boolean) & { errors?: AjvDetail[] | null }
let validator: Validate | null | undefined

/**
 * The OpenAPI 3.1 schema's errors for a document (null when it is valid): those of
 * `@apidevtools/swagger-parser`'s validator, which compiles the schema with ajv at every call
 * (0.15-0.25 s of a cold build). From the core's build, the same validator compiled once
 * (`dist/openapi-31-validator.cjs`, made by `scripts/openapi-validator.mjs`); without it (tests
 * on the sources), the parser's own.
 */
export async function openapiSchemaErrors(api: unknown): Promise<AjvDetail[] | null> {
  validator ??= compiledValidator()
  if (validator) return validator(api) ? null : (validator.errors ?? [])
  const { default: validateSchema } = (await import(
    // @ts-expect-error: an internal module of the parser, without types (the version is pinned).
    '@apidevtools/swagger-parser/lib/validators/schema.js'
  )) as { default: (api: unknown) => void }
  try {
    validateSchema(api)
    return null
  } catch (error) {
    const details = (error as { details?: AjvDetail[] }).details
    if (!details) throw error
    return details
  }
}

function compiledValidator(): Validate | null {
  // dist/ holds it; this module may sit in dist/, dist/chunks/ or dist/worker/.
  const file = ['./openapi-31-validator.cjs', '../openapi-31-validator.cjs']
    .map((relative) => fileURLToPath(new URL(relative, import.meta.url)))
    .find((candidate) => existsSync(candidate))
  return file ? (createRequire(import.meta.url)(file) as Validate) : null
}
