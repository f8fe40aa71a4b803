// The fixture theme, failing on the page titled `Broken` (a render error in a render worker).
import { renderPage as render } from './server.js'
export const contractVersion = 2
export function renderPage(route) {
  if (route.page.title === 'Broken') throw new Error('the theme cannot draw this page')
  return render(route)
}
