/**
 * Tables wider than the column scroll sideways: those become focusable, for keyboard users (and
 * the others lose a tab stop they no longer need). Called by the client entry before it waits for
 * anything (so a server-rendered page has it before `load`, not only once hydration is done) and
 * by `Article` after each render and resize.
 */
export function markScrollingTables(article: Element): void {
  for (const table of article.querySelectorAll('table')) {
    // Any overflow scrolls, one pixel too (a cell's border past the column): axe counts that as a
    // scrolling region that must be focusable, and so does this.
    if (table.scrollWidth > table.clientWidth) table.tabIndex = 0
    else table.removeAttribute('tabindex')
  }
}
