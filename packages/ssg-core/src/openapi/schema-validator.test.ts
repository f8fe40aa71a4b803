import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { load, CORE_SCHEMA } from 'js-yaml'
import { expect, test } from 'vitest'
// @ts-expect-error: a build script, without types.
import { openapiValidatorSource } from '../../scripts/openapi-validator.mjs'
import { openapiSchemaErrors, type AjvDetail } from './schema-validator.js'

const at = (relative: string) => fileURLToPath(new URL(relative, import.meta.url))

test('the validator made at build time gives the parser’s errors, in its order', async () => {
  const module = { exports: {} as ((api: unknown) => boolean) & { errors?: AjvDetail[] } }
  new Function('module', 'exports', 'require', openapiValidatorSource() as string)(
    module,
    module.exports,
    () => {
      throw new Error('the validator must need no module')
    },
  )
  const compiled = module.exports
  const verdicts: number[] = []
  for (const file of [
    at('../../test/fixtures/openapi-errors/openapi/shop.yaml'),
    at('../../test/fixtures/openapi/openapi/notes.yaml'),
    at('../../../../sites/docs/openapi/veilbox.yaml'),
  ]) {
    const raw = load(await readFile(file, 'utf8'), { schema: CORE_SCHEMA })
    // Without the build's file (tests run the sources), `openapiSchemaErrors` is the parser's.
    const parsers = await openapiSchemaErrors(structuredClone(raw))
    const ours = compiled(structuredClone(raw)) ? null : compiled.errors!
    expect(ours, file).toEqual(parsers)
    verdicts.push(ours?.length ?? 0)
  }
  // The fixture with errors has some, the valid specs none.
  expect(verdicts[0]).toBeGreaterThan(0)
  expect(verdicts.slice(1)).toEqual([0, 0])
})
