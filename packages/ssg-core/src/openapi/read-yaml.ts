import type { Document, LineCounter } from 'yaml'
import { yamlPackage } from '../util/yaml-package.js'
import { locatePointer, toPointer } from './locate.js'

/**
 * A spec read with the place of every node (`yaml`'s document and its line counter): what its
 * messages point at. Slow: the docs site's 190 KB spec takes 0.45-0.6 s (its CST alone most of
 * it), so a spec is read so only when something must be placed (see `readPlain`).
 */
export interface PlacedYaml {
  doc: Document
  lines: LineCounter
}

/** Reads `source` with the places of its nodes (see `PlacedYaml`). */
export function readPlaced(source: string): PlacedYaml {
  // The core's one-file yaml with its code cache (the package is 60 modules to load).
  const { LineCounter, parseDocument } = yamlPackage()
  const lines = new LineCounter()
  const doc = parseDocument(source, { lineCounter: lines, prettyErrors: false, uniqueKeys: true })
  return { doc, lines }
}

/**
 * A key that is null or not written as text (`~:`, `null:`, `? [a, b]`): the two readers name
 * such keys otherwise. Over-matching is harmless: such a spec is read by `yaml` alone.
 */
const ODD_KEY = /(?:^|[\s,{])(?:~|null|Null|NULL)[ \t]*:|^[ \t-]*\?[ \t]/m

/**
 * YAML 1.2's core schema as `yaml` reads it, for js-yaml: its own core schema also reads `1_000`,
 * `0b101`, `+.5` and `+0x1F` as numbers, which YAML 1.2 reads as text. Here every plain scalar
 * is read by YAML 1.2's forms (those of `yaml`'s core schema), form for form.
 */
let schema: import('js-yaml').Schema | undefined

async function coreSchema(): Promise<{
  load: typeof import('js-yaml').load
  schema: import('js-yaml').Schema
}> {
  const yaml = await import('js-yaml')
  schema ??= yaml.FAILSAFE_SCHEMA.extend({
    implicit: [
      new yaml.Type('tag:yaml.org,2002:null', {
        kind: 'scalar',
        resolve: (text: string) => NULL.test(text),
        construct: () => null,
      }),
      new yaml.Type('tag:yaml.org,2002:bool', {
        kind: 'scalar',
        resolve: (text: string) => BOOL.test(text),
        construct: (text: string) => text[0] === 't' || text[0] === 'T',
      }),
      new yaml.Type('tag:yaml.org,2002:int', {
        kind: 'scalar',
        resolve: (text: string) => INT.test(text),
        construct: (text: string) =>
          text.startsWith('0o')
            ? parseInt(text.slice(2), 8)
            : text.startsWith('0x')
              ? parseInt(text.slice(2), 16)
              : parseInt(text, 10),
      }),
      new yaml.Type('tag:yaml.org,2002:float', {
        kind: 'scalar',
        resolve: (text: string) => FLOAT.test(text),
        construct: (text: string) =>
          /inf/i.test(text)
            ? text[0] === '-'
              ? -Infinity
              : Infinity
            : /nan/i.test(text)
              ? NaN
              : Number(text),
      }),
    ],
  })
  return { load: yaml.load, schema }
}

/** YAML 1.2 core null (an empty value too) and booleans. */
const NULL = /^(?:~|null|Null|NULL)?$/
const BOOL = /^(?:true|True|TRUE|false|False|FALSE)$/
/** YAML 1.2 core integers: decimal, `0o` octal, `0x` hexadecimal. */
const INT = /^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$/
/** YAML 1.2 core floats, infinities and not-a-number. */
const FLOAT =
  /^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/

/**
 * The document as js-yaml reads it with YAML 1.2's core schema (`coreSchema`): the value `yaml`
 * gives, 4-6 times faster and without places. Null when js-yaml cannot read it (a syntax error,
 * a duplicate key, an unknown tag: `readPlaced` then says where) or when a key is written in a
 * form the two name otherwise (`ODD_KEY`).
 */
export async function readPlain(source: string): Promise<unknown> {
  if (ODD_KEY.test(source)) return null
  const { load, schema } = await coreSchema()
  try {
    return load(source, { schema }) ?? null
  } catch {
    return null
  }
}

/** Where an operation of a spec is written, by its path and method. */
export interface OperationAt {
  method: string
  path: string
  line: number
  column: number
}

/**
 * Puts the line and column where each operation is written into `operations` (read without
 * places: `line` 0), reading the spec again with places. Only an operation that is warned about
 * needs its place; most builds never call this.
 */
export function placeOperations(
  source: string,
  operations: OperationAt[],
  placed: PlacedYaml = readPlaced(source),
): void {
  const { doc, lines } = placed
  for (const op of operations) {
    const at = locatePointer(doc, lines, toPointer(['paths', op.path, op.method]))
    op.line = at.line
    op.column = at.column
  }
}
