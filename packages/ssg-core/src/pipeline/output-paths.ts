/** File of a route in the output: `/` -> `index.html`, `/a/` -> `a/index.html`, `/a/b` -> `a/b.html`. */
export function htmlFileOf(route: string): string {
  const rel = route.replace(/^\//, '')
  if (rel === '' || rel.endsWith('/')) return rel + 'index.html'
  return rel + '.html'
}

/**
 * Markdown twin of a route, relative to the output folder: `/a/b` -> `a/b.md`, `/a/` ->
 * `a/index.md` (beside `a/index.html`: never the same file as the twin of a page `/a`), `/` ->
 * `index.md`.
 */
export function markdownFileOf(route: string): string {
  const rel = route.replace(/^\//, '')
  return (rel === '' || rel.endsWith('/') ? rel + 'index' : rel) + '.md'
}

/** Page-data file of a route, relative to the output folder (see `pageDataUrl` in the contract). */
export function dataFileOf(route: string): string {
  const rel = route.replace(/^\//, '')
  return '_ssg/data/' + (rel === '' || rel.endsWith('/') ? rel + 'index' : rel) + '.json'
}

/**
 * A route as a URL path: characters a URL path cannot hold as they are (`%`, `?`, `#`, space,
 * `"`, `<`, `>`, `\\`, `^`, `` ` ``, `{`, `|`, `}`) percent-encoded; the others (letters of any
 * script, `@`, `$`, `[`) kept, as browsers show them.
 */
export function encodeRoute(route: string): string {
  return route.replace(/[%?#\s"<>\\^`{|}]/g, (c) => encodeURIComponent(c))
}
