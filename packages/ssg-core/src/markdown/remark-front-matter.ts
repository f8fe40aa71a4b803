import type { Root, Yaml } from 'mdast'
import type { VFile } from 'vfile'
import { LineCounter, parseDocument, isMap, isScalar } from 'yaml'
import { frontMatterSchema, type FrontMatter } from './front-matter.js'
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
    const doc = parseDocument(yamlNode.value, { lineCounter, prettyErrors: false })
    if (doc.errors.length > 0) {
      for (const error of doc.errors) {
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
    const data = doc.toJS() ?? {}
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
    const result = frontMatterSchema.safeParse(data)
    if (!result.success) {
      const lines = formatSchemaIssues({
        issues: result.error.issues,
        input: data,
        schema: frontMatterSchema,
      })
      result.error.issues.forEach((issue, index) => {
        let line = startLine
        let column = 1
        const key = issue.path[0]
        if (isMap(doc.contents) && typeof key === 'string') {
          const pair = doc.contents.items.find(
            (item) => isScalar(item.key) && item.key.value === key,
          )
          const range = pair && isScalar(pair.key) ? pair.key.range : undefined
          if (range) {
            const pos = lineCounter.linePos(range[0])
            line = startLine + pos.line - 1
            column = pos.col
          }
        }
        const message = file.message(lines[index] ?? issue.message, {
          place: { line, column },
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
