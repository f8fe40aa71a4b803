// A minimal theme for the core's own tests: renders the route data as plain, predictable HTML.
const esc = (s) =>
  String(s).replace(
    /[&<>"]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c],
  )
export const contractVersion = 2
export function renderPage({ site, page, sidebar }) {
  const links = (items) =>
    items
      .map((i) =>
        i.type === 'link'
          ? `<li><a href="${esc(i.href)}">${esc(i.label)}</a></li>`
          : `<li>${esc(i.label)}<ul>${links(i.items)}</ul></li>`,
      )
      .join('')
  return {
    head: '<meta name="fixture-theme" content="1">',
    htmlAttributes: { 'data-theme': site.colorMode.defaultMode },
    body:
      `<nav>${sidebar ? `<ul>${links(sidebar.items)}</ul>` : ''}</nav>` +
      `<main><h1>${esc(page.title)}</h1><article data-ssg-article="">${page.html}</article></main>` +
      `<footer>${page.prev ? `<a rel="prev" href="${esc(page.prev.href)}">${esc(page.prev.label)}</a>` : ''}${page.next ? `<a rel="next" href="${esc(page.next.href)}">${esc(page.next.label)}</a>` : ''}</footer>`,
  }
}
