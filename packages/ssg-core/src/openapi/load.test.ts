import { describe, expect, test } from 'vitest'
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { dereferenceSpec, loadSpec, parseSpec, quickSpec } from './load.js'

const spec = (body: string) => `openapi: 3.1.0
info:
  title: Test
  version: '1'
${body}`

async function problems(source: string) {
  const { spec: loaded, messages } = await parseSpec({
    id: 'test',
    file: 'openapi/test.yaml',
    source,
  })
  return {
    loaded,
    lines: messages.map(
      (m) => `${m.file}:${m.line}:${m.column}  ${m.severity}  ${m.message}  ${m.ruleId}`,
    ),
  }
}

describe('parseSpec', () => {
  test('a bad $ref names file, line and pointer, with a suggestion', async () => {
    const { loaded, lines } = await problems(
      spec(`paths:
  /tokens:
    get:
      operationId: listTokens
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/Tokn'
components:
  schemas:
    Token:
      type: object
`),
    )
    expect(loaded).toBeNull()
    expect(lines).toMatchInlineSnapshot(`
      [
        "openapi/test.yaml:15:23  error  Cannot resolve \`$ref: '#/components/schemas/Tokn'\`: \`/components/schemas\` has no \`Tokn\`; did you mean \`#/components/schemas/Token\`? (at /paths/~1tokens/get/responses/200/content/application~1json/schema/$ref)  openapi-ref",
      ]
    `)
  })

  test('an invalid schema and an unknown key', async () => {
    const { lines } = await problems(
      spec(`paths:
  /tokens:
    get:
      operationId: listTokens
      responses:
        '200':
          descriptin: OK
components:
  schemas:
    Token:
      type: objekt
      required: true
      properties:
        id:
          type: string
          nullable: true
`),
    )
    expect(lines).toMatchInlineSnapshot(`
      [
        "openapi/test.yaml:11:11  error  Unknown key \`descriptin\`; did you mean \`description\`? (at /paths/~1tokens/get/responses/200/descriptin)  openapi-invalid",
        "openapi/test.yaml:15:13  error  Invalid schema: \`type: "objekt"\` is not allowed; expected one of \`array\`, \`boolean\`, \`integer\`, \`null\`, \`number\`, \`object\`, \`string\`; did you mean \`object\`? (at /components/schemas/Token/type)  openapi-invalid",
        "openapi/test.yaml:16:17  error  Invalid schema: \`required: true\` expected an array (at /components/schemas/Token/required)  openapi-invalid",
        "openapi/test.yaml:20:11  warning  \`nullable\` is OpenAPI 3.0 and has no effect in 3.1: add \`null\` to the type instead, e.g. \`type: [string, "null"]\` (at /components/schemas/Token/properties/id/nullable)  openapi-legacy",
      ]
    `)
  })
})

describe('loadSpec', () => {
  test('an unchanged spec comes from the cache, dereferenced when first needed', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'ssg-spec-'))
    const cacheDir = path.join(root, '.ssg-cache/openapi')
    await writeFile(
      path.join(root, 'api.yaml'),
      spec(`paths:
  /tokens:
    get:
      operationId: listTokens
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Token' }
components:
  schemas:
    Token: { type: object, properties: { id: { type: string, nullable: true } } }
`),
    )
    const options = { root, id: 'api', file: 'api.yaml', configFile: 'ssg.config.ts', cacheDir }
    const first = await loadSpec(options)
    expect(first.spec?.document).toBeDefined()
    expect((await readdir(cacheDir)).length).toBe(1)
    const second = await loadSpec(options)
    // The same verdict (the warning, with its code frame), without the parser.
    expect(second.messages).toEqual(first.messages)
    expect(second.operations).toEqual(first.operations)
    expect(second.spec?.document).toBeUndefined()
    await dereferenceSpec(second.spec!)
    expect(second.spec!.document).toEqual(first.spec!.document)
    // One object per component, as the generator needs it.
    const doc = second.spec!.document!
    const schema = (doc.paths!['/tokens']!.get as any).responses['200'].content['application/json']
      .schema
    expect(schema).toBe(doc.components!.schemas!.Token)
  })
})

describe('quickSpec', () => {
  const at = (relative: string) => fileURLToPath(new URL(relative, import.meta.url))

  test('reads the document parseSpec reads, unvalidated: the docs site’s spec, the fixture’s', async () => {
    for (const file of [
      at('../../../../sites/docs/openapi/veilbox.yaml'),
      at('../../test/fixtures/openapi/openapi/notes.yaml'),
    ]) {
      const source = await readFile(file, 'utf8')
      const options = { id: 'api', file: 'openapi/api.yaml', source }
      const quick = await quickSpec(options)
      const full = await parseSpec(options)
      expect(full.spec, file).not.toBeNull()
      // The same values in the same key order.
      expect(JSON.stringify(quick?.unverified), file).toBe(JSON.stringify(full.raw))
      expect(quick?.spec).toEqual({
        ...options,
        source: undefined,
        hash: full.spec!.hash,
        raw: full.raw,
      })
      expect(quick?.messages).toEqual([])
      expect(quick?.operations).toEqual([])
    }
  })

  test('a document that reads but is not valid OpenAPI is taken: its check comes later', async () => {
    const source = spec('paths: {}\n').replace("version: '1'", 'version: 1')
    const options = { id: 'api', file: 'openapi/api.yaml', source }
    expect((await quickSpec(options))?.spec).not.toBeNull()
    const full = await parseSpec(options)
    expect(full.spec).toBeNull()
    expect(full.messages.map((m) => m.ruleId)).toContain('openapi-invalid')
  })

  test('nothing where the full reading has to say why', async () => {
    for (const source of [
      'openapi: 3.1.0\ninfo: [unclosed\n',
      'openapi: 3.1.0\ninfo: {}\ninfo: {}\n',
      'openapi: 3.0.3\ninfo: { title: A, version: "1" }\npaths: {}\n',
      '- openapi: 3.1.0\n',
      'just text\n',
    ])
      expect(await quickSpec({ id: 'api', file: 'openapi/api.yaml', source }), source).toBeNull()
  })

  test('loadSpec with quick: the quick reading without a cached verdict, the verdict with one', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'ssg-quick-'))
    const cacheDir = path.join(root, 'cache')
    await writeFile(path.join(root, 'api.yaml'), spec('paths: {}\n'))
    const options = { root, id: 'api', file: 'api.yaml', configFile: 'ssg.config.ts', cacheDir }
    expect((await loadSpec({ ...options, quick: true })).unverified).toBeDefined()
    // Nothing cached by a quick reading: the full one makes the verdict.
    expect(await readdir(root)).toEqual(['api.yaml'])
    await loadSpec(options)
    const again = await loadSpec({ ...options, quick: true })
    expect(again.unverified).toBeUndefined()
    expect(again.spec?.raw).toMatchObject({ openapi: '3.1.0' })
  })
})
