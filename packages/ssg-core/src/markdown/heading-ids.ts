import { slug } from 'github-slugger'

/**
 * How heading ids are made: `github` (the default: GitHub's rule, see `HeadingIds`), or `mdn`, as
 * MDN Web Docs makes them, for pages written for it (their links use them): the text in lower
 * case, spaces as `_`, URL punctuation removed (`Formal syntax` -> `formal_syntax`), repeats
 * numbered `_2`, `_3`; definition list terms get ids too (`fallback`); or `mkdocs`, as MkDocs
 * (Python-Markdown's toc) makes them: ASCII letters, digits, `_` and `-` kept, lower case, each run
 * of spaces and hyphens as one `-` (`Caret, Mark & Tilde` -> `caret-mark-tilde`, where GitHub
 * writes `caret-mark--tilde`), repeats numbered `_1`, `_2`.
 */
export type HeadingIdStyle = 'github' | 'mdn' | 'mkdocs'

/** MkDocs' id of a heading's text (see `HeadingIdStyle`): Python-Markdown's `slugify`. */
export function mkdocsSlug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[^\x00-\x7f]/g, '')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[-\s]+/g, '-')
}

/** MDN's id of a heading's text (see `HeadingIdStyle`). */
export function mdnSlug(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '_')
    .replace(/["#$%&+,/:;=?[\]^`{|}~'()<>\\]/g, '')
}

/**
 * The ids of a page's headings, as GitHub makes them (so that links written for GitHub keep
 * working): the heading's text in lower case, punctuation removed, spaces as `-`; a repeated id
 * gets `-1`, `-2`, ... Unlike a plain GitHub slugger, ids are compared as HTML compares them,
 * case-sensitively: an author's `<a id="ERR_X">` before a heading `ERR_X` leaves the heading its
 * `err_x`. A heading with no letter or digit (`$$`, `$?`), which GitHub gives an empty id, gets
 * its own text (spaces as `-`), and `section` when it has no text at all.
 */
export class HeadingIds {
  private readonly taken = new Set<string>()

  constructor(private readonly style: HeadingIdStyle = 'github') {}

  /** An id already in the page (raw HTML, an explicit `{#id}`): never handed out. */
  reserve(id: string): void {
    this.taken.add(id)
  }

  /** A new unique id for a heading's text. */
  slug(text: string): string {
    if (this.style === 'mdn') {
      const base = mdnSlug(text) || 'section'
      let id = base
      for (let n = 2; this.taken.has(id); n++) id = `${base}_${n}`
      this.taken.add(id)
      return id
    }
    if (this.style === 'mkdocs') {
      // An empty id is numbered as a repeat is: `_1`.
      const base = mkdocsSlug(text)
      let id = base
      for (let n = 1; this.taken.has(id) || !id; n++) id = `${base}_${n}`
      this.taken.add(id)
      return id
    }
    const base = slug(text) || text.trim().replace(/\s+/g, '-') || 'section'
    let id = base
    for (let n = 1; this.taken.has(id); n++) id = `${base}-${n}`
    this.taken.add(id)
    return id
  }
}
