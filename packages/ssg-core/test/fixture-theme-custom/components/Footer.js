export function Footer({ copyright }) {
  return `<footer class="theme-footer">${copyright}</footer>`
}
