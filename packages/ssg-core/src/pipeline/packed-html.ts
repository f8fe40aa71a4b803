/**
 * A page's HTML held as its UTF-8 bytes between the stages of a build that read it (link check,
 * render keys, render + write). Typographic quotes make most pages' HTML a string of two bytes a
 * character in V8's heap: the 10,000-page corpus held 267 MB of it from parse + transform to the
 * end of render + write (the build's peak of memory); as bytes, outside the heap, about half.
 *
 * `packHtml` replaces the object's `html` with an accessor that gives the same text again from the
 * bytes (decoded when read, the last one memoised): readers, `JSON.stringify` and spreads see the
 * same value as before (a spread decodes it: pick the fields instead). Assigning `html` stores the
 * new value as it is.
 */

/** HTML shorter than this stays a string (its bytes would save little). */
const MIN_LENGTH = 1024

const packed = new WeakMap<object, Buffer>()

/**
 * The text of the bytes read last: a page's HTML is read a few times in a row (the theme's two
 * reads, then its data file), decoded once; and the same string each time, so that comparing it
 * with itself (`shareHtml`) costs nothing. One string held, whatever the number of pages.
 */
let lastBytes: Buffer | null = null
let lastText = ''

function textOf(bytes: Buffer): string {
  if (bytes !== lastBytes) {
    lastText = bytes.toString('utf8')
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
  holdBytes(target, Buffer.from(html))
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

function holdBytes(target: { html: string }, bytes: Buffer): void {
  let held: Buffer | null = bytes
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
