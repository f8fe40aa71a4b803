import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { readChangedFile } from '../util/read-changed.js'
import { createRequire } from 'node:module'
import path from 'node:path'
import { coreFingerprint } from '../pipeline/module-fingerprint.js'
import { codeFrame, type BuildMessage } from '../report/messages.js'
import { hash } from '../util/hash.js'
import { checkSpec } from './check.js'
import { locatePointer, pointerSegments } from './locate.js'
import { parserProblems, schemaProblemsAsWritten, valueAt } from './problems.js'
import { openapiSchemaErrors } from './schema-validator.js'
import { placeOperations, readPlaced, readPlain, type PlacedYaml } from './read-yaml.js'
import { HTTP_METHODS, type OpenApiDocument } from './types.js'

/** A valid OpenAPI document and where it came from. */
export interface LoadedSpec {
  /** Key of the spec in the config's `openapi` map. */
  id: string
  /** Path relative to the site folder, forward slashes. */
  file: string
  /** Hash of the file's bytes. */
  hash: string
  /**
   * No `$ref` left: a schema used in several places is one shared object. Made on first need
   * (`dereferenceSpec`) when the spec came from the cache: a build whose API pages are cached
   * never needs it.
   */
  document?: OpenApiDocument
  /** The document as written (JSON), until it is dereferenced. */
  raw?: unknown
}

/** A problem found in a spec, placed at its line and JSON pointer. */
export interface SpecProblem {
  pointer: string
  message: string
  ruleId: 'openapi-invalid' | 'openapi-ref' | 'openapi-legacy' | 'openapi-unplaced'
  severity?: 'error' | 'warning'
  /** Report the key rather than its value (an unknown key). */
  key?: boolean
}

/** An operation of a spec and where it is written (for the warnings about unplaced ones). */
export interface OperationPlace {
  id: string | null
  method: string
  path: string
  /** 1-based, 0 until placed (see `ParsedSpec.placeOperations`). */
  line: number
  column: number
}

/** A spec as read: the spec (null when it has errors), its messages, its operations. */
export interface ParsedSpec {
  spec: LoadedSpec | null
  messages: BuildMessage[]
  operations: OperationPlace[]
  /**
   * Set when the spec was read by the quick parser and not validated (`quick` of `loadSpec`): the
   * document as that parser read it. Its messages and operations are not known yet.
   */
  unverified?: unknown
  /**
   * Puts where each of `operations` is written into it, when they were read without their places
   * (`line` 0): only an operation warned about needs one (see `placeOperations`).
   */
  placeOperations?: () => void
}

/** Part of the cache key: the format of a cache entry. */
const CACHE_FORMAT = 'openapi-1'

/**
 * Reads, parses (YAML or JSON) and validates one OpenAPI 3.1 file. Validation is done by
 * `@apidevtools/swagger-parser` (the OpenAPI 3.1 JSON Schema, every `$ref`), then by `checkSpec`
 * (JSON Schema 2020-12 validity of each schema, unique operation ids, path parameters, the `x-`
 * extensions the generator reads). Every problem is a message naming the file, the line and
 * column, and the JSON pointer; `spec` is null when there is an error. With `cacheDir`, the
 * verdict is kept by the file's bytes (and this core): an unchanged spec is not parsed again.
 */
export async function loadSpec(options: {
  root: string
  id: string
  /** Relative to `root`. */
  file: string
  /** Where the config names the file (for a file that cannot be read). */
  configFile: string
  /** Folder of cached verdicts, or null. */
  cacheDir?: string | null
  /**
   * Without a cached verdict, read the file with the quick parser and leave it unvalidated
   * (`quickSpec`; `ssg serve`'s first API page): the caller validates it later.
   */
  quick?: boolean
}): Promise<ParsedSpec> {
  const file = options.file.split(path.sep).join('/')
  let source: string
  try {
    // `ssg serve` reads a spec again as soon as it changes: an empty read may be a write's start.
    source = await readChangedFile(path.resolve(options.root, options.file))
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message
    return {
      spec: null,
      operations: [],
      messages: [
        {
          file: options.configFile,
          severity: 'error',
          message: `openapi.${options.id}.file: cannot read \`${file}\` (${reason}); the path is relative to the site folder`,
          ruleId: 'openapi-file',
        },
      ],
    }
  }
  const key = hash(CACHE_FORMAT, source, await coreFingerprint())
  const cached = options.cacheDir ? path.join(options.cacheDir, key + '.json') : null
  if (cached) {
    try {
      const entry = JSON.parse(await readFile(cached, 'utf8')) as CacheEntry
      const messages = entry.messages.map((m) => ({
        ...m,
        ...(m.line ? { frame: codeFrame(source, m.line, m.column ?? 1) } : {}),
      }))
      const spec = entry.raw ? { id: options.id, file, hash: hash(source), raw: entry.raw } : null
      const operations = entry.operations
      return { spec, messages, operations, ...placing(source, operations) }
    } catch {
      // Not cached yet (or unreadable): parse.
    }
  }
  if (options.quick) {
    const quick = await quickSpec({ id: options.id, file, source })
    if (quick) return quick
  }
  const parsed = await parseSpec({ id: options.id, file, source })
  if (cached) {
    const entry: CacheEntry = {
      messages: parsed.messages.map(({ frame: _frame, ...m }) => m),
      operations: parsed.operations,
      raw: parsed.spec ? parsed.raw : null,
    }
    await mkdir(path.dirname(cached), { recursive: true })
    await writeFile(cached, JSON.stringify(entry))
  }
  return parsed
}

interface CacheEntry {
  messages: BuildMessage[]
  operations: OperationPlace[]
  /** The document as written, when it is valid. */
  raw: unknown
}

/**
 * A spec read fast and not validated: js-yaml with the core schema (what `yaml` reads for YAML
 * 1.2, without positions: 4-5 times faster on the docs site's 190 KB spec, 0.13 s against 0.6 s),
 * and no check against the OpenAPI schema (0.5 s more). Null when that parser fails or the file
 * is not OpenAPI 3.1: the full reading reports why. A spec read so is dereferenced like a cached
 * one (`dereferenceSpec`); `parseSpec` must confirm it (same document, no error) or replace it.
 */
export async function quickSpec(options: {
  id: string
  file: string
  source: string
}): Promise<ParsedSpec | null> {
  const raw = await readPlain(options.source)
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null
  if (!/^3\.1\.\d+$/.test(String((raw as { openapi?: unknown }).openapi))) return null
  const spec = { id: options.id, file: options.file, hash: hash(options.source), raw }
  return { spec, messages: [], operations: [], unverified: raw }
}

/** `loadSpec` on a source already read (tests). */
export async function parseSpec(options: {
  id: string
  file: string
  source: string
}): Promise<ParsedSpec & { raw?: unknown }> {
  const { file, source } = options
  // Read fast, without places (`readPlain`); with them only when something must be placed, or
  // when the fast reading declined (then `yaml` says what is wrong, and where).
  const plain = await readPlain(source)
  let placed: PlacedYaml | null = null
  const withPlaces = () => (placed ??= readPlaced(source))
  const messages: BuildMessage[] = []
  const place = (line: number, column: number, text: string, ruleId: BuildMessage['ruleId']) =>
    messages.push({
      file,
      line,
      column,
      severity: 'error',
      message: text,
      ruleId,
      frame: codeFrame(source, line, column),
    })
  let raw = plain
  if (raw === null) {
    const { doc, lines } = withPlaces()
    for (const error of doc.errors) {
      const pos = error.linePos?.[0] ?? lines.linePos(error.pos[0])
      place(pos.line, pos.col, error.message.split('\n')[0]!, 'openapi-yaml')
    }
    if (messages.length) return { spec: null, messages, operations: [] }
    raw = doc.toJS({ maxAliasCount: 1000 }) as unknown
  }
  if (!raw || typeof raw !== 'object' || !('openapi' in raw)) {
    place(1, 1, 'Not an OpenAPI document: expected a top-level `openapi: 3.1.0`', 'openapi-invalid')
    return { spec: null, messages, operations: [] }
  }
  const version = String((raw as { openapi: unknown }).openapi)
  if (!/^3\.1\.\d+$/.test(version)) {
    const { doc, lines } = withPlaces()
    const at = locatePointer(doc, lines, '/openapi')
    place(
      at.line,
      at.column,
      `\`openapi: ${version}\` is not supported: write an OpenAPI 3.1 document (\`openapi: 3.1.0\`)`,
      'openapi-invalid',
    )
    return { spec: null, messages, operations: [] }
  }
  const problems: SpecProblem[] = []
  let document: OpenApiDocument | null = null
  try {
    document = await dereference(raw, { validate: true })
  } catch (error) {
    problems.push(...parserProblems(error, raw))
    // References that do not resolve stop the parser before it validates the document: validate
    // the document as written too, so that one build reports every problem.
    if (Array.isArray((error as { errors?: unknown }).errors))
      problems.push(...(await schemaProblemsAsWritten(raw)))
  }
  problems.push(...checkSpec(raw as OpenApiDocument))
  const seen = new Set<string>()
  for (const problem of problems) {
    const { doc, lines } = withPlaces()
    const at = locatePointer(doc, lines, problem.pointer, { key: problem.key ?? false })
    const text = `${problem.message} (at ${problem.pointer || '/'})`
    const id = `${at.line}:${at.column}:${text}`
    if (seen.has(id)) continue
    seen.add(id)
    place(at.line, at.column, text, problem.ruleId)
    messages[messages.length - 1]!.severity = problem.severity ?? 'error'
  }
  // Placed when one is warned about (`placeOperations`), or now when the spec was read so anyway.
  const operations: OperationPlace[] = []
  for (const [route, item] of Object.entries((raw as OpenApiDocument).paths ?? {}))
    for (const method of HTTP_METHODS) {
      const op = item?.[method] as { operationId?: unknown } | undefined
      if (!op) continue
      const id = typeof op.operationId === 'string' ? op.operationId : null
      operations.push({ id, method, path: route, line: 0, column: 0 })
    }
  if (placed) placeOperations(source, operations, placed)
  const failed = messages.some((m) => m.severity === 'error')
  return {
    spec: failed || !document ? null : { id: options.id, file, hash: hash(source), document },
    messages,
    operations,
    raw,
    ...placing(source, operations),
  }
}

/** `placeOperations` of a spec whose operations are not all placed yet (see `ParsedSpec`). */
function placing(source: string, operations: OperationPlace[]): Partial<ParsedSpec> {
  if (operations.every((op) => op.line > 0)) return {}
  return { placeOperations: () => placeOperations(source, operations) }
}

/** The document of a spec that came from the cache: dereferenced now (the first page needs it). */
export async function dereferenceSpec(spec: LoadedSpec): Promise<void> {
  if (spec.document || spec.raw === undefined) return
  spec.document = await dereference(spec.raw, { validate: false })
  delete spec.raw
}

/**
 * The document with every `$ref` replaced by what it points at (one object per component), by
 * the parser; with `validate`, checked against the OpenAPI 3.1 schema on the way.
 */
async function dereference(raw: unknown, options: { validate: boolean }): Promise<OpenApiDocument> {
  // Loaded on first use: the parser and its JSON Schema validator take a moment to import.
  const { default: SwaggerParser } = await import('@apidevtools/swagger-parser')
  const parserOptions = {
    continueOnError: true,
    // Only references inside the file: their places can be reported.
    resolve: { external: false },
    dereference: { circular: true },
  }
  const copy = structuredClone(raw) as never
  let document: OpenApiDocument
  if (options.validate) {
    // `SwaggerParser.validate` (12.1.0) with the schema validator compiled once: circular
    // references left as `$ref` for the schema validator, then resolved too. (Its other check,
    // `validateSpec`, reads Swagger 2.0 only.)
    const parser = new SwaggerParser()
    const ignoring = { ...parserOptions, dereference: { circular: 'ignore' } }
    await parser.dereference(copy, ignoring as never)
    const details = await openapiSchemaErrors(parser.api)
    if (details)
      throw Object.assign(new SyntaxError('OpenAPI schema validation failed'), { details })
    if (parser.$refs.circular) {
      const { default: Options } = (await import(
        // @ts-expect-error: an internal module of the parser, without types (the version is pinned).
        '@apidevtools/swagger-parser/lib/options.js'
      )) as { default: new (options: unknown) => unknown }
      const refParser = createRequire(
        createRequire(import.meta.url).resolve('@apidevtools/swagger-parser'),
      )('@apidevtools/json-schema-ref-parser') as {
        dereferenceInternal: (parser: unknown, options: unknown) => void
      }
      refParser.dereferenceInternal(parser, new Options(parserOptions))
    }
    document = parser.api as unknown as OpenApiDocument
  } else
    document = (await SwaggerParser.dereference(
      copy,
      parserOptions as never,
    )) as unknown as OpenApiDocument
  applyReferenceSiblings(raw, document)
  return document
}

/**
 * Keys written beside a `$ref` override those of the referenced object (OpenAPI 3.1: a
 * Reference Object's `description` and `summary`; in schemas, sibling keywords). The
 * dereferencer drops them when the same reference was met before without siblings (it reuses
 * that result), so they are applied again here, on a copy of the referenced object (which is
 * shared); a copy of a component schema keeps its name in `x-component`.
 */
export function applyReferenceSiblings(raw: unknown, resolved: unknown, root = resolved): void {
  if (!raw || typeof raw !== 'object' || !resolved || typeof resolved !== 'object') return
  for (const [key, value] of Object.entries(raw)) {
    if (!value || typeof value !== 'object') continue
    const ref = (value as { $ref?: unknown }).$ref
    const siblings = Object.entries(value).filter(([k]) => k !== '$ref')
    if (typeof ref === 'string' && ref.startsWith('#') && siblings.length) {
      const target = valueAt(root, pointerSegments(ref))
      if (!target || typeof target !== 'object') continue
      const component = /^#\/components\/schemas\/([^/]+)$/.exec(ref)?.[1]
      ;(resolved as Record<string, unknown>)[key] = {
        ...target,
        ...Object.fromEntries(siblings),
        ...(component ? { 'x-component': decodeURIComponent(component) } : {}),
      }
    } else applyReferenceSiblings(value, (resolved as Record<string, unknown>)[key], root)
  }
}
