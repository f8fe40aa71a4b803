import type { Document, LineCounter, Node } from 'yaml'
import { yamlPackage } from '../util/yaml-package.js'

/** A place in the spec file: 1-based line and column, and the JSON pointer it was found for. */
export interface SpecPlace {
  line: number
  column: number
  /** The pointer of the node actually found (a missing key reports its parent). */
  pointer: string
}

/** `/paths/~1tokens/post` -> `['paths', '/tokens', 'post']` (RFC 6901). */
export function pointerSegments(pointer: string): string[] {
  if (pointer === '' || pointer === '#') return []
  return pointer
    .replace(/^#/, '')
    .slice(1)
    .split('/')
    .map((s) => decodeURIComponent(s).replace(/~1/g, '/').replace(/~0/g, '~'))
}

/** `['paths', '/tokens']` -> `/paths/~1tokens`. */
export function toPointer(segments: Array<string | number>): string {
  return segments.map((s) => '/' + String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('')
}

/**
 * Finds a JSON pointer of the parsed (dereferenced) document in the YAML source. Validators walk
 * the dereferenced document, so a pointer may pass through a `$ref`: the walk follows local
 * references (`#/components/...`) and reports the place where the value is written. A key that
 * does not exist (a missing required property) reports the object that lacks it; `key: true`
 * reports the key itself rather than its value (for an unknown or misspelt key).
 */
export function locatePointer(
  doc: Document,
  lines: LineCounter,
  pointer: string,
  options: { key?: boolean } = {},
): SpecPlace {
  const { isMap, isScalar, isSeq } = yamlPackage()
  let node: unknown = doc.contents
  let keyNode: Node | null = null
  let found: string[] = []
  const segments = pointerSegments(pointer)
  for (let i = 0; i < segments.length; i++) {
    // Follow local references the validator went through (at most a few hops: no loops).
    for (let hops = 0; hops < 10 && isMap(node); hops++) {
      const ref = node.get('$ref')
      if (typeof ref !== 'string' || !ref.startsWith('#')) break
      const target = doc.getIn(pointerSegments(ref), true)
      if (!target || target === node) break
      node = target
      found = pointerSegments(ref)
    }
    const segment = segments[i]!
    if (isMap(node)) {
      const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === segment)
      if (!pair) break
      keyNode = pair.key as Node
      node = pair.value
    } else if (isSeq(node)) {
      const item = node.items[Number(segment)]
      if (item === undefined || !/^\d+$/.test(segment)) break
      keyNode = null
      node = item
    } else break
    found = [...found, segment]
  }
  const target =
    options.key && keyNode && found.length === segments.length ? keyNode : (node as Node | null)
  const offset = target?.range?.[0] ?? 0
  const pos = lines.linePos(offset)
  return { line: pos.line, column: pos.col, pointer: toPointer(found) }
}

/** Every local `$ref` string in the YAML document with the pointer of the object holding it. */
export function findRefs(doc: Document): Array<{ ref: string; pointer: string }> {
  const { isMap, isScalar, isSeq } = yamlPackage()
  const out: Array<{ ref: string; pointer: string }> = []
  const walk = (node: unknown, path: string[]) => {
    if (isMap(node)) {
      for (const pair of node.items) {
        const key = isScalar(pair.key) ? String(pair.key.value) : ''
        if (key === '$ref' && isScalar(pair.value) && typeof pair.value.value === 'string')
          out.push({ ref: pair.value.value, pointer: toPointer(path) })
        else walk(pair.value, [...path, key])
      }
    } else if (isSeq(node)) node.items.forEach((item, i) => walk(item, [...path, String(i)]))
  }
  walk(doc.contents, [])
  return out
}
