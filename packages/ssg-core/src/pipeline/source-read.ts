import { closeSync, openSync, readFileSync, readSync, statSync } from 'node:fs'
import { splitFrontMatter } from '../site/page-head.js'
import { SsgError } from '../util/errors.js'
import { hash } from '../util/hash.js'
import type { SourceStats } from './source-stats.js'

// How discovery reads a page file: its head only (`ssg serve`), whole, or not yet (a file the
// last build read at this size and mtime, which a warm build may never need: see `readWhole`).

/** Bytes read of each file by a `head` discovery: front matter and first heading fit. */
const HEAD_BYTES = 4096
const headBuffer = Buffer.alloc(HEAD_BYTES)

/**
 * The start of a file: its front matter and first line of Markdown after it, as a `partial`
 * source (the rest is read when that is not enough, see `readPageHead`); or what was read when
 * the front matter is longer (all of it, not `partial`, for a short file). Only the start is
 * kept: whole 4 KB heads of 10,000 pages cost `ssg serve`'s start 40 MB of strings to collect.
 */
export function readHead(absolute: string): { source: string; partial: boolean } {
  const fd = openSync(absolute, 'r')
  let read: number
  try {
    read = readSync(fd, headBuffer, 0, HEAD_BYTES, 0)
  } finally {
    closeSync(fd)
  }
  // Cut at the last line break: a character is never split.
  const whole = read < HEAD_BYTES
  const end = whole ? read : headBuffer.lastIndexOf(10, read - 1) + 1
  const text = headBuffer.toString('utf8', 0, end)
  const cut = headCut(text)
  if (cut === -1 || cut >= text.length) return { source: text, partial: !whole }
  // A string of its own (a slice would keep the whole head alive).
  return {
    source: headBuffer.toString('utf8', 0, Buffer.byteLength(text.slice(0, cut))),
    partial: true,
  }
}

/**
 * Where a page's head ends: after its front matter and the line break of its first line of
 * Markdown (blank lines skipped); -1 when the text holds no such line.
 */
export function headCut(text: string): number {
  const split = splitFrontMatter(text)
  if (!split && /^\ufeff?---[ \t]*\r?\n/.test(text)) return -1 // not closed in this text
  const body = split?.body ?? 0
  const line = /^(?:[ \t]*\r?\n)*[^\r\n]*\r?\n/.exec(text.slice(body))
  return line ? body + line[0].length : -1
}

/** A page file as `readWhole` found it: its text, or where to read it later. */
export interface WholeRead {
  /** The text; null when not read (`lazy`). */
  source: string | null
  partial: false
  size: number
  mtimeMs: number
  /** The hash of its bytes, when `stats` knew it. */
  hash?: string
}

/**
 * A page file with its size and mtime, and its hash when `stats` knows it. A file of the size and
 * mtime the last build read it at, which included no partial, is not read now (`source` null):
 * a warm build of 10,000 pages read 40 MB it never used (the heads come from the last build's
 * records, unchanged pages are left alone). `lazySource` reads it when asked.
 */
export function readWhole(
  absolute: string,
  file: string,
  stats: SourceStats | undefined,
): WholeRead {
  // Stat by path, then read: a file known unchanged is never opened (open + fstat + close of
  // 10,000 unchanged pages cost an edit build 0.2 s, one stat each 0.1 s). Before the read: a
  // change meanwhile gives the file a later mtime, hashed next time.
  const { size, mtimeMs } = statSync(absolute)
  const known = stats?.previousOf(file, size, mtimeMs)
  if (known && !known.includes)
    return { source: null, partial: false, size, mtimeMs, hash: known.hash }
  const source = readFileSync(absolute, 'utf8')
  return { source, partial: false, size, mtimeMs, ...(known ? { hash: known.hash } : {}) }
}

/**
 * Makes `page.source` the text of the file at `absolute`, read on first use. Its bytes must
 * still hash to `fileHash` (what discovery took them for): a file changed since fails the build
 * rather than compile under another text's hash (and cache it so).
 */
export function lazySource(
  page: { file: string; source: string },
  absolute: string,
  fileHash: string,
): void {
  let text: string | null = null
  Object.defineProperty(page, 'source', {
    enumerable: true,
    configurable: true,
    get() {
      if (text !== null) return text
      const read = readFileSync(absolute, 'utf8')
      if (hash(read) !== fileHash)
        throw new SsgError(
          `\`${page.file}\` changed while the build was reading the site: run the build again`,
        )
      return (text = read)
    },
    set(value: string) {
      text = value
    },
  })
}
