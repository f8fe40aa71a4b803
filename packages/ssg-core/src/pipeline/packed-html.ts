import { deflateRawSync, inflateRawSync } from 'node:zlib'

/**
 * A page's HTML held as its UTF-8 bytes, deflated, between the stages of a build that read it
 * (link check, render keys, render + write). Typographic quotes make most pages' HTML a string of
 * two bytes a character in V8's heap: the 10,000-page corpus held 267 MB of it from parse +
 * transform to the end of render + write (the build's peak of memory); its UTF-8 bytes 137 MB,
 * deflated (level 1: 0.3 ms a page, inflated in 0.1 ms) 31 MB, outside the heap.
 *
 * `packHtml` replaces the object's `html` with an accessor that gives the same text again from the
 * bytes (decoded when read, the last one memoised): readers, `JSON.stringify` and spreads see the
 * same value as before (a spread decodes it: pick the fields instead). Assigning `html` stores the
 * new value as it is.
 */

/** HTML shorter than this stays a string (its bytes would save little). */
const MIN_LENGTH = 1024

const packed = new WeakMap<object, Uint8Array>()

/**
 * The text of the bytes read last: a page's HTML is read a few times in a row (the theme's two
 * reads, then its data file), decoded once; and the same string each time, so that comparing it
 * with itself (`shareHtml`) costs nothing. One string held, whatever the number of pages.
 */
let lastBytes: Uint8Array | null = null
let lastText = ''

function textOf(bytes: Uint8Array): string {
  if (bytes !== lastBytes) {
    lastText = htmlOfPacked(bytes)
    lastBytes = bytes
  }
  return lastText
}

/** Text with a lone surrogate has no UTF-8 bytes (it would come back with U+FFFD). */
const wellFormed = (text: string): boolean =>
  (text as unknown as { isWellFormed(): boolean }).isWellFormed()

/** Holds `target.html` as UTF-8 bytes (see above); text that would not come back the same stays. */
export function packHtml(target: { html: string }): void {
  const html = target.html
  if (typeof html !== 'string' || html.length < MIN_LENGTH || !wellFormed(html)) return
  // A copy of its own size: zlib's result is a view of a 16 KB chunk, more than the text's bytes.
  holdBytes(target, new Uint8Array(deflateRawSync(Buffer.from(html), { level: 1 })))
}

/**
 * Gives `target` the bytes `source` holds when their `html` is the same text (a page's data whose
 * links the check left as they were): one copy for both. Else packs `target.html` on its own.
 */
export function shareHtml(target: { html: string }, source: { html: string }): void {
  const bytes = packed.get(source)
  if (bytes && target.html === source.html) holdBytes(target, bytes)
  else packHtml(target)
}

/** The text of bytes `packHtml` made (a render worker's copy of a page's HTML). */
export function htmlOfPacked(bytes: Uint8Array): string {
  return inflateRawSync(bytes).toString('utf8')
}

/** The deflated bytes `target.html` is held as (see `packHtml`), if it is. */
export function packedHtmlOf(target: object): Uint8Array | undefined {
  return packed.get(target)
}

function holdBytes(target: { html: string }, bytes: Uint8Array): void {
  let held: Uint8Array | null = bytes
  let plain = ''
  Object.defineProperty(target, 'html', {
    enumerable: true,
    configurable: true,
    get: () => (held ? textOf(held) : plain),
    set: (value: string) => {
      held = null
      plain = value
      packed.delete(target)
    },
  })
  packed.set(target, bytes)
}
