import path from 'node:path'
import type { Processor } from 'unified'

/**
 * Snippets of Material for MkDocs (pymdownx.snippets): a line `--8<-- "file.md"` is replaced by
 * the file's text, before the page is parsed (in a code block too: `--8<-- "src/example.py"`
 * fills the block). As there:
 * - `--8<-- "file.md:3:5"` takes lines 3 to 5 (`:3` from line 3 on, `::5` up to line 5), and
 *   `--8<-- "file.md:name"` the lines between `--8<-- [start:name]` and `--8<-- [end:name]`;
 *   section markers are left out of every snippet;
 * - a block of paths between two `--8<--` lines includes each file in turn;
 * - `;--8<--` is the line itself, without the `;` (an example of the syntax);
 * - snippets in snippets are expanded, up to `MAX_SNIPPET_DEPTH`.
 * Paths are read from the folders of `markdown.snippets.paths` (MkDocs' `base_path`), then from
 * the site's folder (MkDocs reads them from its project's; a site here keeps its `docs/` in
 * `content/docs/`, where each is read next), then from the page's folder. The files of
 * `markdown.snippets.append` (MkDocs' `auto_append`: abbreviations, links) end every page.
 */
const LINE = /^([ \t]*)(;?)--8<--[ \t]+(["'])([^"'\n]+)\3[ \t]*$/
/** A line that opens or closes a block of paths. */
const BLOCK = /^([ \t]*)--8<--[ \t]*$/
/** A section marker in a snippet's file (in a comment of any language). */
const SECTION = /--8<--\s*\[(start|end):([^\]\s]+)\]/

/** How deep snippets may include snippets: past it, a cycle is assumed. */
export const MAX_SNIPPET_DEPTH = 8

const SNIPPET_KEY = '--8<-- '

/** The key of a snippet file's text among a page's includes (see `Includes`). */
export const snippetKey = (file: string) => `${SNIPPET_KEY}${file}`

/** The snippet file a key of a page's includes names (see `snippetKey`), or null for a partial's. */
export const snippetFileOfKey = (key: string): string | null =>
  key.startsWith(SNIPPET_KEY) ? key.slice(SNIPPET_KEY.length) : null

/** A snippet reference: the file, and which of its lines. */
interface Reference {
  file: string
  section?: string
  from?: number
  to?: number
}

/** `file.md`, `file.md:3:5`, `file.md:3`, `file.md::5`, `file.md:name`. */
function parseReference(spec: string): Reference {
  const range = /^(.+?):(\d*)(?::(\d*))?$/.exec(spec)
  if (range && (range[2] || range[3]))
    return {
      file: range[1]!,
      ...(range[2] ? { from: Number(range[2]) } : {}),
      ...(range[3] ? { to: Number(range[3]) } : {}),
    }
  const section = /^(.+):([A-Za-z_][\w-]*)$/.exec(spec)
  if (section) return { file: section[1]!, section: section[2]! }
  return { file: spec }
}

/** A snippet line: where it is (1-based), its indentation, what it takes. */
interface SnippetLine {
  line: number
  indent: string
  ref: Reference
}

/**
 * A text's snippet lines, in order, and the lines its blocks of paths take (their `--8<--` lines
 * included), which show nothing themselves.
 */
function scan(text: string): { refs: SnippetLine[]; blocks: Set<number> } {
  const refs: SnippetLine[] = []
  const blocks = new Set<number>()
  if (!text.includes('--8<--')) return { refs, blocks }
  const lines = text.split('\n').map((l) => l.replace(/\r$/, ''))
  for (let i = 0; i < lines.length; i++) {
    const one = LINE.exec(lines[i]!)
    if (one) {
      if (!one[2]) refs.push({ line: i + 1, indent: one[1]!, ref: parseReference(one[4]!) })
      continue
    }
    const open = BLOCK.exec(lines[i]!)
    if (!open) continue
    const close = lines.findIndex((l, k) => k > i && BLOCK.test(l))
    if (close === -1) continue
    for (let k = i; k <= close; k++) blocks.add(k + 1)
    for (let k = i + 1; k < close; k++) {
      const spec = lines[k]!.trim()
      if (spec && !spec.startsWith(';'))
        refs.push({ line: k + 1, indent: open[1]!, ref: parseReference(spec) })
    }
    i = close
  }
  return { refs, blocks }
}

/**
 * `markdown.snippets` as the compile takes it: folders (relative to the site) snippet files are
 * looked for in first, and files every page ends with.
 */
export interface SnippetOptions {
  paths: string[]
  append: string[]
}

/** The files a text's snippets name (not their sections or lines). */
export function snippetFiles(text: string): string[] {
  return [...new Set(scan(text).refs.map((r) => r.ref.file))]
}

/**
 * Where a snippet's file may be, relative to the page's folder (`pageDir`, relative to the site),
 * in the order they are tried: in each folder of `paths` (relative to the site), in the site's
 * folder, each of these with a leading `docs/` read as `content/docs/` (a MkDocs project's docs),
 * then in the page's folder.
 */
export function snippetCandidates(file: string, pageDir: string, paths: string[] = []): string[] {
  if (path.posix.isAbsolute(file) || /^[a-z][a-z\d+.-]*:\/\//i.test(file)) return []
  const fromSite = (p: string) => path.posix.relative(pageDir || '.', p)
  const candidates = [...paths, '.'].flatMap((base) => inSite(path.posix.join(base, file)))
  return [...new Set([...candidates.map(fromSite), path.posix.normalize(file)])]
}

/**
 * Where a path relative to a MkDocs project (a snippet's file, a folder of `base_path`) is in the
 * site, relative to it: as it is, then with `docs/` as `content/docs/` (inside the site only).
 */
export function inSite(projectPath: string): string[] {
  const normal = path.posix.normalize(projectPath)
  if (normal.startsWith('../')) return [normal]
  return [normal, path.posix.join('content/docs', normal.replace(/^(\.\/)?docs(\/|$)/, ''))]
}

/** The lines a reference takes of its file's text. */
function linesOf(text: string, ref: Reference): string[] | null {
  let lines = text.replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n')
  if (ref.section) {
    const marks = (kind: string) => (l: string) => {
      const mark = SECTION.exec(l)
      return mark?.[1] === kind && mark[2] === ref.section
    }
    const start = lines.findIndex(marks('start'))
    if (start === -1) return null
    const end = lines.findIndex((l, k) => k > start && marks('end')(l))
    lines = lines.slice(start + 1, end === -1 ? undefined : end)
  } else if (ref.from !== undefined || ref.to !== undefined)
    lines = lines.slice(Math.max((ref.from ?? 1) - 1, 0), ref.to ?? lines.length)
  return lines.filter((l) => !SECTION.test(l))
}

export interface Expanded {
  text: string
  /** For each line of `text` (index 0 is line 1), the line of the page it came from. */
  lines: number[]
}

/**
 * The page's text with its snippets in place (see the module comment), then the files of `append`
 * (each after a blank line, their lines mapped to the page's last), read from `texts` (a file's
 * text by `snippetKey`, null when it cannot be read); `missing` is told of each snippet that cannot
 * be shown, with the page's line. Null when the page has no snippet line and nothing is appended.
 */
export function expandSnippets(
  source: string,
  texts: Record<string, string | null>,
  missing: (line: number, why: string) => void,
  append: readonly string[] = [],
): Expanded | null {
  if (!source.includes('--8<--') && append.length === 0) return null
  const out: string[] = []
  const lines: number[] = []
  const expand = (text: string, pageLine: number | null, indent: string, stack: string[]) => {
    const { refs: found, blocks } = scan(text)
    const refs = new Map(found.map((r) => [r.line, r]))
    const own = text.split('\n')
    for (let i = 0; i < own.length; i++) {
      const at = pageLine ?? i + 1
      const line = own[i]!
      const ref = refs.get(i + 1)
      if (blocks.has(i + 1) && !ref) continue
      if (!ref) {
        const escaped = /^([ \t]*);(--8<--)/.exec(line)
        out.push(indent + (escaped ? line.replace(';--8<--', '--8<--') : line))
        lines.push(at)
        continue
      }
      const body = texts[snippetKey(ref.ref.file)]
      const taken = body == null ? null : linesOf(body, ref.ref)
      if (
        body == null ||
        taken === null ||
        stack.includes(ref.ref.file) ||
        stack.length >= MAX_SNIPPET_DEPTH
      ) {
        missing(
          at,
          body == null
            ? `the file \`${ref.ref.file}\` cannot be read`
            : taken === null
              ? `\`${ref.ref.file}\` has no section \`${ref.ref.section}\` (\`--8<-- [start:${ref.ref.section}]\`)`
              : `\`${ref.ref.file}\` includes itself`,
        )
        continue
      }
      expand(taken.join('\n'), at, indent + ref.indent, [...stack, ref.ref.file])
    }
  }
  const text = source.replace(/\r\n?/g, '\n')
  expand(text, null, '', [])
  const last = lines.length ? lines[lines.length - 1]! : 1
  for (const file of append) {
    out.push('')
    lines.push(last)
    expand(`--8<-- "${file}"`, last, '', [])
  }
  return { text: out.join('\n'), lines }
}

/**
 * Expands a page's snippets before it is parsed (see the module comment), from the texts in
 * `file.data.includes`: wraps the processor's parser (used after the other wrappers, it runs
 * first). The file's value becomes the expanded text, so that plugins slicing it by offsets stay
 * in step; `file.data.pageLines` maps its lines back to the page's, for messages.
 */
export function remarkSnippets(this: Processor, options: { append?: string[] } = {}) {
  const parse = this.parser
  if (!parse) throw new Error('remarkSnippets must come after remark-parse')
  const append = options.append ?? []
  this.parser = function (document, file) {
    const report = (line: number, why: string) => {
      file.message(`A snippet is not shown: ${why}; it is left out`, {
        place: { line, column: 1 },
        ruleId: 'snippet',
        source: 'ssg-core',
      })
    }
    // A text parsed into a page (a partial, a spec's description) is not a page: nothing is
    // appended to it.
    const expanded = expandSnippets(
      document,
      file.data.includes ?? {},
      report,
      file.data.fragment ? [] : append,
    )
    if (!expanded) return parse(document, file)
    file.value = expanded.text
    file.data.pageLines = expanded.lines
    return parse(expanded.text, file)
  }
}

declare module 'vfile' {
  interface DataMap {
    /**
     * For each line of the text parsed (the page's with its snippets expanded and its MkDocs
     * blocks rewritten, see `remarkContainerTitles`), the page's line: messages name it.
     */
    pageLines: number[]
    /** A text parsed into a page (a partial, a spec's description), not a page. */
    fragment: boolean
  }
}
