import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { makeSite } from './helpers.js'
import { eventually, get, startQuietServer, updates } from './serve-helpers.js'

const fixture = fileURLToPath(new URL('./fixtures/openapi/', import.meta.url))

describe('ssg serve: an API reference follows its OpenAPI file', () => {
  let root: string
  let spec: string
  let server: Awaited<ReturnType<typeof startQuietServer>>
  const writeSpec = (text: string) => writeFile(path.join(root, 'openapi/notes.yaml'), text)
  const html = async (pathname: string) => (await get(server.url, pathname)).body

  beforeAll(async () => {
    spec = await readFile(path.join(fixture, 'openapi/notes.yaml'), 'utf8')
    root = await makeSite({
      files: {
        'openapi/notes.yaml': spec,
        'content/docs/index.md': await readFile(
          path.join(fixture, 'content/docs/index.md'),
          'utf8',
        ),
        'content/docs/api/notes.md': await readFile(
          path.join(fixture, 'content/docs/api/notes.md'),
          'utf8',
        ),
      },
      config: { openapi: { notes: { file: 'openapi/notes.yaml' } } },
    })
    server = await startQuietServer(root)
  })
  afterAll(() => server?.close())

  // Recompiling the pages that place the spec took 18 s at load 25 and over 60 s in a clean-clone
  // CI run beside other work: a generous bound.
  test('an edit of the spec recompiles the pages that place it', { timeout: 180_000 }, async () => {
    expect(await html('/docs/api/notes')).toContain('Returns the notes of the account')
    await writeSpec(spec.replace('Returns the notes of the account', 'Lists every note'))
    await server.events.next(updates('/docs/api/notes'))
    // A push can come from the file seen half written: wait for the page to show the edit.
    await eventually(async () => (await html('/docs/api/notes')).includes('Lists every note'))
  })

  test('a broken spec is an error at its line; the page keeps its last good version', async () => {
    await writeSpec(
      spec.replace(
        "$ref: '#/components/schemas/NoteList'",
        "$ref: '#/components/schemas/Notelist'",
      ),
    )
    const broken = await server.events.next((e) => (e.errors?.length ?? 0) > 0)
    expect(broken.errors![0]).toMatchObject({
      file: 'openapi/notes.yaml',
      ruleId: 'openapi-ref',
      message: expect.stringContaining('did you mean `#/components/schemas/NoteList`?'),
    })
    expect(await html('/docs/api/notes')).toContain('Lists every note')
    await writeSpec(spec)
    const fixed = await server.events.next((e) => e.errors?.length === 0)
    expect(fixed.errors).toEqual([])
    expect(await html('/docs/api/notes')).toContain('Returns the notes of the account')
  })

  test('moving a schema’s table moves the links of the other tables to it', async () => {
    const page = await readFile(path.join(root, 'content/docs/api/notes.md'), 'utf8')
    await writeFile(
      path.join(root, 'content/docs/api/notes.md'),
      page.replace('## The note object', '## Notes as stored'),
    )
    await server.events.next(updates('/docs/api/notes'))
    const body = await html('/docs/api/notes')
    expect(body).toContain('href="#notes-as-stored"')
    expect(body).not.toContain('href="#the-note-object"')
  })
})

describe('ssg serve: a spec read quickly for the first API page is checked after it', () => {
  test(
    'a spec that reads but is not valid: the page first, then the error at its line',
    { timeout: 180_000 },
    async () => {
      const spec = await readFile(path.join(fixture, 'openapi/notes.yaml'), 'utf8')
      expect(spec).toContain("version: '2.0'")
      const root = await makeSite({
        files: {
          // A key OpenAPI does not know: only the validation sees it.
          'openapi/notes.yaml': spec.replace("version: '2.0'", "version: '2.0'\n  colour: blue"),
          'content/docs/index.md': '# Docs\n',
          'content/docs/api/notes.md': await readFile(
            path.join(fixture, 'content/docs/api/notes.md'),
            'utf8',
          ),
        },
        config: { openapi: { notes: { file: 'openapi/notes.yaml' } } },
      })
      const server = await startQuietServer(root)
      try {
        // Made from the quick reading: the page does not wait for the spec's validation.
        expect((await get(server.url, '/docs/api/notes')).body).toContain(
          'Returns the notes of the account',
        )
        const invalid = () => server.site?.errors().find((e) => e.ruleId === 'openapi-invalid')
        await eventually(async () => invalid() !== undefined, 120_000)
        expect(invalid()).toMatchObject({
          file: 'openapi/notes.yaml',
          line: 5,
          message: expect.stringContaining('Unknown key `colour`'),
          severity: 'error',
        })
      } finally {
        await server.close()
      }
    },
  )
})
