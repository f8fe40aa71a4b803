import { readFileSync } from 'node:fs'
import path from 'node:path'
import { hash } from '../util/hash.js'
import {
  MAX_SNIPPET_DEPTH,
  snippetCandidates,
  snippetFileOfKey,
  snippetFiles,
  snippetKey,
  type SnippetOptions,
} from './snippets.js'

/**
 * A partial: a Markdown file that pages import to show its content in place, as Docusaurus reads
 * MDX (`import Intro from './_intro.mdx'`, then `<Intro />` where it goes). Files named with a
 * leading `_`, and the files of folders so named, are partials, not pages (Docusaurus's rule;
 * Hugo's `_index.md` is a folder's page).
 */
export const PARTIAL_FILE = /^_(?!index\.)[^/]*\.(md|markdown|mdx)$/i

/** Whether a file name (no folder) is a partial's rather than a page's. */
export function isPartialName(name: string): boolean {
  return PARTIAL_FILE.test(name)
}

/**
 * Whether a folder holds partials, not pages: named with a leading `_` (`_partials/`), as
 * Docusaurus reads folders.
 */
export function isPartialFolder(name: string): boolean {
  return name.startsWith('_')
}

/** Whether a Markdown file (a path, any separators) is a partial: by its name or a folder's. */
export function isPartialPath(file: string): boolean {
  const parts = file.split(/[\\/]/)
  return isPartialName(parts.pop()!) || parts.some(isPartialFolder)
}

/**
 * `import Name from './file.mdx'` at the start of a line (or after another statement's `;`): a
 * default import of a Markdown file, relative to the importing file or to the site
 * (`@site/src/_note.mdx`, as Docusaurus reads it); named imports of one, `import { toc } from …`,
 * take what MDX exports: not read here.
 */
const PARTIAL_IMPORT =
  /(?:^|;)[ \t]*import\s+([A-Za-z_$][\w$]*)\s+from\s+(['"])((?:\.{1,2}|@site)\/[^'"\n]*\.(?:mdx?|markdown))\2/gm

export interface PartialImport {
  /** The component name the page uses: `Intro` for `<Intro />`. */
  name: string
  /** The import's path, relative to the importing file (`./_intro.mdx`) or the site (`@site/…`). */
  specifier: string
}

/** The partials a page or partial imports (cheap for the pages without any: one `includes`). */
export function partialImports(source: string): PartialImport[] {
  if (!source.includes('import')) return []
  const found: PartialImport[] = []
  // A backslash escapes in a JavaScript string: `'./\_note.mdx'` (written so for Markdown tools).
  for (const match of source.matchAll(PARTIAL_IMPORT))
    found.push({ name: match[1]!, specifier: match[3]!.replace(/\\(.)/g, '$1') })
  return found
}

/**
 * Where a partial is, relative to the page's folder (forward slashes): the key of its text in
 * `Includes`. `from` is the importing file's folder, relative to the page's folder ('' for the
 * page itself); `pageDir` the page's folder relative to the site, for `@site/` paths.
 */
export function includeKey(from: string, specifier: string, pageDir: string): string {
  if (specifier.startsWith('@site/'))
    return path.posix.relative(pageDir || '.', path.posix.normalize(specifier.slice(6)))
  return path.posix.normalize(path.posix.join(from || '.', specifier))
}

/**
 * The texts of the partials a page imports, nested ones too, by `includeKey`, and of its snippets'
 * files, by `snippetKey`; null for a file that cannot be read.
 */
export type Includes = Record<string, string | null>

/** How deep partials may import partials: past it, an import cycle is assumed. */
export const MAX_PARTIAL_DEPTH = 8

/**
 * The partials `source` (a page) imports, read through `read` (a path relative to the page's
 * folder -> the file's text, or null when there is none), nested imports too, and the files of
 * its snippets (see `snippets.ts`, by `snippetKey`), looked for in `options.paths` first, and the
 * files of `options.append`. Null when the page has none of these: most pages, which then carry
 * nothing more.
 */
export function collectIncludes(
  source: string,
  pageDir: string,
  read: (key: string) => string | null,
  options?: SnippetOptions,
): Includes | null {
  const imports = partialImports(source)
  const append = options?.append ?? []
  if (imports.length === 0 && append.length === 0 && snippetFiles(source).length === 0) return null
  const includes: Includes = {}
  const snippets = (text: string, depth: number, files = snippetFiles(text)) => {
    for (const file of files) {
      const key = snippetKey(file)
      if (key in includes) continue
      let found: string | null = null
      for (const candidate of snippetCandidates(file, pageDir, options?.paths))
        if ((found = read(candidate)) !== null) break
      includes[key] = found
      if (found !== null && depth < MAX_SNIPPET_DEPTH) snippets(found, depth + 1)
    }
  }
  snippets('', 0, append)
  const visit = (from: string, text: string, depth: number) => {
    snippets(text, 0)
    for (const { specifier } of partialImports(text)) {
      const key = includeKey(from, specifier, pageDir)
      if (key in includes || depth >= MAX_PARTIAL_DEPTH) continue
      const partial = read(key)
      includes[key] = partial
      if (partial !== null) visit(path.posix.dirname(key), partial, depth + 1)
    }
  }
  visit('', source, 0)
  return includes
}

/**
 * A page's hash with its partials' texts: a page is compiled again (its cache entry missed) when
 * a partial it imports changes, though its own bytes do not.
 */
export function hashWithIncludes(pageHash: string, includes: Includes | null | undefined): string {
  if (!includes) return pageHash
  const keys = Object.keys(includes).sort()
  return hash(pageHash, ...keys.map((key) => `${key}\0${includes[key] ?? '\0missing'}`))
}

/**
 * `collectIncludes` from the disk: the partials of the page whose file is at `pageAbsolute`, and
 * `pageFile` in the site (synchronous: few pages import any, and their partials are small).
 */
export function readIncludes(
  source: string,
  pageAbsolute: string,
  pageFile: string,
  snippets?: SnippetOptions,
): Includes | null {
  const dir = path.dirname(pageAbsolute)
  const read = (key: string) => {
    try {
      return readFileSync(path.join(dir, key), 'utf8')
    } catch {
      return null
    }
  }
  return collectIncludes(source, path.posix.dirname(pageFile), read, snippets)
}

/** What a page is, as far as compiling it goes: its hash, and the texts it includes. */
export interface PageIdentity {
  /** The file's own hash with its includes' texts folded in (see `hashWithIncludes`). */
  hash: string
  /** Absent when the page includes nothing (most pages). */
  includes?: Includes
}

/**
 * The identity of the page `source` at `pageAbsolute` (`pageFile` in the site): its includes read
 * from the disk and folded over `fileHash`, the hash of the file's own bytes (computed when not
 * given: a build may know it from the last one); `snippets`: `markdown.snippets`.
 */
export function pageIdentity(
  source: string,
  pageAbsolute: string,
  pageFile: string,
  fileHash: string = hash(source),
  snippets?: SnippetOptions,
): PageIdentity {
  const includes = readIncludes(source, pageAbsolute, pageFile, snippets)
  const identity: PageIdentity = { hash: hashWithIncludes(fileHash, includes) }
  if (includes) identity.includes = includes
  return identity
}

/**
 * The files (site-relative, forward slashes) whose change changes a page's includes: each
 * partial's, and every place a snippet's file is looked for (a file made at an earlier place
 * takes its turn). `pageFile`: the page in the site; `paths`: `markdown.snippets.paths`.
 */
export function includedFiles(includes: Includes, pageFile: string, paths?: string[]): string[] {
  const dir = path.posix.dirname(pageFile)
  const files = new Set<string>()
  for (const key of Object.keys(includes)) {
    const snippet = snippetFileOfKey(key)
    const relative = snippet === null ? [key] : snippetCandidates(snippet, dir, paths)
    for (const file of relative) files.add(path.posix.normalize(path.posix.join(dir, file)))
  }
  return [...files]
}
