import { parseHTML } from 'linkedom'
import type { ReactElement } from 'react'
import { renderToString } from 'react-dom/server'
import { App } from '../App'
import { registerLayouts } from '../layouts'
import { SearchBox } from '../components/SearchBox/SearchBox'
import { registerSearchBox } from '../components/SearchSlot/SearchSlot'
import { LandingPage } from '../components/LandingPage/LandingPage'
import { NotFoundPage } from '../components/NotFoundPage/NotFoundPage'
import { makePage, makeSidebar, makeSite } from './fixtures'
import type { PageData, Sidebar, SiteData } from '@ssg/core/contract'

registerLayouts({ landing: LandingPage, 'not-found': NotFoundPage })
registerSearchBox(SearchBox)

/** Server-renders an element and parses the markup into a DOM document to query. */
export function render(element: ReactElement): Document {
  const html = renderToString(element)
  return parseHTML(`<!doctype html><html><body>${html}</body></html>`)
    .document as unknown as Document
}

/** Renders a component inside `<App>`'s context by rendering the whole app. */
export function renderApp(
  options: { site?: SiteData; page?: PageData; sidebar?: Sidebar | null } = {},
): Document {
  const site = options.site ?? makeSite()
  const page = options.page ?? makePage()
  const sidebar = options.sidebar === undefined ? makeSidebar() : options.sidebar
  return render(<App site={site} page={page} sidebar={sidebar} />)
}

/** The text of an element with whitespace collapsed. */
export const text = (element: Element | null | undefined) =>
  (element?.textContent ?? '').replace(/\s+/g, ' ').trim()
