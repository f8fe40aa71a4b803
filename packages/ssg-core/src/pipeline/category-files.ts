import { readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import type { BuildMessage } from '../report/messages.js'
import { yamlPackage } from '../util/yaml-package.js'

/** What a Docusaurus `_category_.json` (or `.yml`) says about its folder's sidebar category. */
export interface CategoryMeta {
  label?: string
  position?: number
  collapsed?: boolean
  /** Doc id of the category's page (`link: {type: 'doc', id}`). */
  linkDoc?: string
  /** The file it came from, relative to the site folder. */
  file: string
}

const NAMES = ['_category_.json', '_category_.yml', '_category_.yaml']

/** Whether a file (any path) is a folder's category file (`ssg serve` remakes the sidebars). */
export function isCategoryFile(file: string): boolean {
  return NAMES.includes(path.basename(file))
}

/**
 * Reads the `_category_.json` / `_category_.yml` of docs folders, once per folder: `label`,
 * `position`, `collapsed` and `link: {type: 'doc', id}` are used; other keys (`className`,
 * `description`, `customProps`) are ignored. A file that cannot be parsed, or a known key of
 * the wrong type, is a `category-file` warning and the folder's defaults are used for it.
 */
export class CategoryFiles {
  private cache = new Map<string, CategoryMeta | null>()

  constructor(
    /** The site folder. */
    private root: string,
    /** Where warnings go. */
    private messages: BuildMessage[],
  ) {}

  /** The metadata of `content/docs/<dir>`, or null when it has no category file. */
  of(dir: string): CategoryMeta | null {
    let meta = this.cache.get(dir)
    if (meta === undefined) {
      meta = this.read(dir)
      this.cache.set(dir, meta)
    }
    return meta
  }

  private read(dir: string): CategoryMeta | null {
    for (const name of NAMES) {
      const file = path.posix.join('content/docs', dir, name)
      const absolute = path.join(this.root, file)
      // Most folders have none: asked without an exception (a thrown ENOENT per name and folder
      // cost a 10,000-page site's route table 0.1 s).
      if (!statSync(absolute, { throwIfNoEntry: false })?.isFile()) continue
      let text: string
      try {
        text = readFileSync(absolute, 'utf8')
      } catch {
        continue
      }
      const warn = (problem: string) =>
        this.messages.push({
          file,
          severity: 'warning',
          message: `${problem}; the folder's defaults are used for it`,
          ruleId: 'category-file',
        })
      let data: unknown
      try {
        data = name.endsWith('.json') ? JSON.parse(text) : yamlPackage().parse(text)
      } catch (error) {
        warn(`Cannot read \`${name}\`: ${(error as Error).message.split('\n')[0]}`)
        return null
      }
      if (data === null || typeof data !== 'object' || Array.isArray(data)) {
        warn(`\`${name}\` must hold an object like {"label": "Guides", "position": 2}`)
        return null
      }
      const raw = data as Record<string, unknown>
      const meta: CategoryMeta = { file }
      const check = <T>(
        key: string,
        ok: (v: unknown) => v is T,
        expected: string,
      ): T | undefined => {
        const value = raw[key]
        if (value === undefined) return undefined
        if (ok(value)) return value
        warn(`\`${key}\` in \`${name}\` must be ${expected}, received ${JSON.stringify(value)}`)
        return undefined
      }
      const label = check('label', (v): v is string => typeof v === 'string' && v !== '', 'a text')
      const position = check('position', (v): v is number => typeof v === 'number', 'a number')
      const collapsed = check(
        'collapsed',
        (v): v is boolean => typeof v === 'boolean',
        'true or false',
      )
      if (label !== undefined) meta.label = label
      if (position !== undefined) meta.position = position
      if (collapsed !== undefined) meta.collapsed = collapsed
      const link = raw.link as { type?: unknown; id?: unknown } | null | undefined
      if (link && typeof link === 'object') {
        if (link.type === 'doc' && typeof link.id === 'string') meta.linkDoc = link.id
        else if (link.type === 'generated-index')
          warn(
            `\`link: {type: "generated-index"}\` in \`${name}\`: this toolkit makes no generated index page; add an index.md to the folder for a category page`,
          )
      }
      return meta
    }
    return null
  }
}
