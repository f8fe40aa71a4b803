/**
 * Folded terms (`FoldedTerms`) as bytes, for a cache file: a JSON header (the small fields and
 * the byte lengths of what follows), each term's weight as a 32-bit number, then the terms, their
 * postings and their reserves as UTF-8 text, one a line (none holds a line break).
 *
 * Written into one buffer string by string, and read back by cutting that buffer: as one JSON
 * value, the 100,000 terms of a 10,000-page site cost an edit build 0.4 s to encode (three
 * arrays mapped, joined, then escaped) and 0.15 s to parse.
 */
import { isAscii } from 'node:buffer'
import { mergeSorted, type FoldedTerms } from './folded-terms.js'
import { firstAtOrAfter } from './split.js'
import { StoredTerm, lineStarts, type StoredLines } from './stored-term.js'

interface Header extends Omit<FoldedTerms, 'terms'> {
  /** What the reader expects (the indexer's fingerprint, say): other bytes are not read. */
  tag: string
  termCount: number
  termBytes: number
  postingBytes: number
  /** The bytes of the reserves (`EncodedTerm.reserve`), a line each (empty: none). */
  reserveBytes: number
}

/** `folded` as bytes (see the module's comment), tagged with `tag`. */
export function encodeFoldedTerms(folded: FoldedTerms, tag = ''): Uint8Array {
  const { terms, ...rest } = folded
  // At most three bytes a UTF-16 unit, and a line break each.
  let room = 0
  for (const entry of terms)
    room += (entry.term.length + entry.postings.length + (entry.reserve?.length ?? 0)) * 3 + 3
  const text = Buffer.allocUnsafe(room)
  const termBytes = writeLines(text, 0, terms, 'term')
  const postingBytes = writeLines(text, termBytes, terms, 'postings')
  const reserveBytes = writeLines(text, termBytes + postingBytes, terms, 'reserve')
  const textBytes = termBytes + postingBytes + reserveBytes
  const header: Header = {
    tag,
    ...rest,
    termCount: terms.length,
    termBytes,
    postingBytes,
    reserveBytes,
  }
  const json = Buffer.from(JSON.stringify(header))
  // The weights start at a multiple of 4 bytes, so that they are read in place.
  const start = 4 + Math.ceil(json.length / 4) * 4
  const out = Buffer.alloc(start + terms.length * 4 + textBytes)
  out.writeUInt32LE(json.length, 0)
  json.copy(out, 4)
  const weights = new Int32Array(out.buffer, out.byteOffset + start, terms.length)
  terms.forEach((entry, k) => (weights[k] = entry.weight))
  text.copy(out, start + terms.length * 4, 0, textBytes)
  return out
}

/** The folded terms of `encodeFoldedTerms` tagged `tag`, or null when the bytes are not those. */
export function decodeFoldedTerms(bytes: Uint8Array, tag = ''): FoldedTerms | null {
  try {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    const length = buffer.readUInt32LE(0)
    const header = JSON.parse(buffer.toString('utf8', 4, 4 + length)) as Header
    const { tag: written, termCount, termBytes, postingBytes, reserveBytes, ...rest } = header
    const start = 4 + Math.ceil(length / 4) * 4
    const textStart = start + termCount * 4
    if (
      written !== tag ||
      !Array.isArray(rest.keys) ||
      !Array.isArray(rest.sectionCounts) ||
      rest.keys.length !== rest.sectionCounts.length ||
      !Array.isArray(rest.averages) ||
      !Array.isArray(rest.lengthSums) ||
      textStart + termBytes + postingBytes + reserveBytes !== buffer.length
    )
      return null
    const terms =
      termCount === 0
        ? []
        : buffer.toString('utf8', textStart, textStart + termBytes - 1).split('\n')
    const postingStart = textStart + termBytes
    const reserveStart = postingStart + postingBytes
    const postings = lineStarts(buffer, postingStart, reserveStart, termCount)
    const reserves = lineStarts(buffer, reserveStart, buffer.length, termCount)
    if (terms.length !== termCount || !postings || !reserves) return null
    const at = buffer.byteOffset + start
    // In place when aligned (a large file's buffer is its own), else a copy.
    const weights =
      at % 4 === 0
        ? new Int32Array(buffer.buffer, at, termCount)
        : new Int32Array(buffer.buffer.slice(at, at + termCount * 4))
    const lines: StoredLines = { buffer, postings, reserves }
    // The postings and reserves are read when asked for (most never are: see `StoredTerm`).
    const ascii = isAscii(buffer.subarray(postingStart))
    return {
      ...rest,
      terms: terms.map((term, k) => {
        const entry = new StoredTerm(term, weights[k]!, lines, k)
        return ascii ? entry : entry.plain()
      }),
    }
  } catch {
    return null
  }
}

/** Writes each entry's `key`, a line break after each, from `offset`; the bytes written. */
function writeLines(
  out: Buffer,
  offset: number,
  entries: FoldedTerms['terms'],
  key: 'term' | 'postings' | 'reserve',
): number {
  let at = offset
  for (const entry of entries) {
    at += out.write(entry[key] ?? '', at)
    out[at++] = 10
  }
  return at - offset
}

/**
 * What differs in `folded` from an earlier whole whose entries differ at most in the `touched`
 * terms: `folded` with those entries alone, a term no longer held as one with no postings. A
 * cache writes this instead of every term while the changes are few (`withFoldedTermsChange`).
 */
export function foldedTermsChange(folded: FoldedTerms, touched: Iterable<string>): FoldedTerms {
  const terms = [...new Set(touched)].sort().map((term) => {
    const entry = folded.terms[firstAtOrAfter(folded.terms, term)]
    return entry?.term === term ? entry : { term, postings: '', weight: 0 }
  })
  return { ...folded, terms }
}

/** `whole` with `change` (of `foldedTermsChange`) applied: what `change` was made of. */
export function withFoldedTermsChange(whole: FoldedTerms, change: FoldedTerms): FoldedTerms {
  const touched = new Set(change.terms.map((entry) => entry.term))
  const added = change.terms.filter((entry) => entry.postings !== '')
  return { ...change, terms: mergeSorted(whole.terms, touched, added) }
}
