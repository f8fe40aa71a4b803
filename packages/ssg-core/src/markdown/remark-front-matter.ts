import type { Root, Yaml } from 'mdast'
import type { VFile } from 'vfile'
import { LineCounter, parseDocument, isMap, isScalar, type Document } from 'yaml'
import {
  frontMatterSchema,
  OTHER_TOOL_KEYS,
  validateFrontMatter,
  type FrontMatter,
} from './front-matter.js'
import { parseSimpleYaml } from './simple-yaml.js'

/** What each soft key accepts, for the warning. */
const SOFT_EXPECTED: Record<string, string> = {
  layout: 'expected `doc`, `landing` or `page`',
  sidebar: 'expected `false` to show the page without a sidebar',
  hero: 'expected `title`, `tagline` and `actions` of `label` and `href`, for `layout: landing`',
  cards: 'expected a list of `title`, `description` and `href`, for `layout: landing`',
}
import { formatSchemaIssues } from '../config/format-config-error.js'

/**
 * Parses the YAML front matter (`remark-frontmatter` node) into `file.data.frontMatter`,
 * validating it. Syntax errors and wrong types become fatal messages at the right line.
 */
export function remarkFrontMatter() {
  return function (tree: Root, file: VFile) {
    const node = tree.children[0]
    file.data.frontMatter = {}
    if (!node || node.type !== 'yaml') return
    const yamlNode = node as Yaml
    const startLine = (yamlNode.position?.start.line ?? 1) + 1 // the line after `---`
    const lineCounter = new LineCounter()
    let doc: Document.Parsed | undefined
    const parsed = () =>
      (doc ??= parseDocument(yamlNode.value, { lineCounter, prettyErrors: false }))
    // The common shape (`key: value` lines) is read without the YAML parser (a few percent of
    // compiling a page), to what it reads (see `parseSimpleYaml`); the parser still places a
    // message at its key.
    const simple = parseSimpleYaml(yamlNode.value)
    if (simple === undefined && parsed().errors.length > 0) {
      for (const error of parsed().errors) {
        const pos = lineCounter.linePos(error.pos[0])
        const reason = error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '')
        const message = file.message(`Front matter is not valid YAML: ${reason}`, {
          place: { line: startLine + pos.line - 1, column: pos.col },
          ruleId: 'front-matter-yaml',
          source: 'ssg-core',
        })
        message.fatal = true
      }
      return
    }
    const data = (simple === undefined ? parsed().toJS() : simple) ?? {}
    /** Where a top-level key is written, or the first line of the front matter. */
    const keyPlace = (key: unknown) => {
      const { contents } = parsed()
      if (isMap(contents) && typeof key === 'string') {
        const pair = contents.items.find((item) => isScalar(item.key) && item.key.value === key)
        const range = pair && isScalar(pair.key) ? pair.key.range : undefined
        if (range) {
          const pos = lineCounter.linePos(range[0])
          return { line: startLine + pos.line - 1, column: pos.col }
        }
      }
      return { line: startLine, column: 1 }
    }
    if (typeof data !== 'object' || Array.isArray(data)) {
      const message = file.message(
        'Front matter must be a YAML mapping of keys to values (like `title: Intro`)',
        {
          place: yamlNode.position?.start ?? { line: 1, column: 1 },
          ruleId: 'front-matter-type',
          source: 'ssg-core',
        },
      )
      message.fatal = true
      return
    }
    const { result, dropped, ignored } = validateFrontMatter(data)
    // Another tool's mapping (Starlight's `sidebar: { label, order }`) is read; what has no
    // counterpart here is named.
    for (const key of ignored) {
      const top = key.slice(0, key.indexOf('.'))
      const { tool, read } = OTHER_TOOL_KEYS[top]!
      file.message(
        `\`${key}\` (${tool}) has no counterpart in this toolkit; it is ignored (${read})`,
        { place: keyPlace(top), ruleId: 'front-matter-value', source: 'ssg-core' },
      )
    }
    // A value another tool gives a key (`layout: home`): a warning, and the key's default.
    for (const key of dropped)
      file.message(
        `\`${key}: ${shortValue(data[key])}\` is not a value this toolkit knows for \`${key}\` (${SOFT_EXPECTED[key]}); the default is used`,
        { place: keyPlace(key), ruleId: 'front-matter-value', source: 'ssg-core' },
      )
    if (!result.success) {
      const lines = formatSchemaIssues({
        issues: result.error.issues,
        input: data,
        schema: frontMatterSchema,
      })
      result.error.issues.forEach((issue, index) => {
        const message = file.message(lines[index] ?? issue.message, {
          place: keyPlace(issue.path[0]),
          ruleId: 'front-matter-invalid',
          source: 'ssg-core',
        })
        message.fatal = true
      })
      return
    }
    file.data.frontMatter = result.data as FrontMatter
  }
}

declare module 'vfile' {
  interface DataMap {
    frontMatter: FrontMatter
  }
}

/** A value as the author wrote it, short: scalars as they are, lists and mappings elided. */
function shortValue(value: unknown): string {
  if (Array.isArray(value)) return '[…]'
  if (value !== null && typeof value === 'object') return '{…}'
  return typeof value === 'string' ? value : JSON.stringify(value)
}
