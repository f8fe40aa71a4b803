import type { RenderedPage, RouteData } from '@ssg/core/contract'
import { CONTRACT_VERSION } from '@ssg/core/contract'
import { renderToString } from 'react-dom/server'
import { App } from './App'
import { LandingPage } from './components/LandingPage/LandingPage'
import { NotFoundPage } from './components/NotFoundPage/NotFoundPage'
import { renderHead } from './head'
import { registerLayouts } from './layouts'
import { SearchBox } from './components/SearchBox/SearchBox'
import { registerSearchBox } from './components/SearchSlot/SearchSlot'

registerLayouts({ landing: LandingPage, 'not-found': NotFoundPage })
registerSearchBox(SearchBox)

/** The contract version this theme implements; the core refuses a theme built for another. */
export const contractVersion = CONTRACT_VERSION

/**
 * Renders one route: the app markup (placed by the core inside `<div id="__ssg">`), the head
 * markup (inline colour-mode script, theme-color metas) and the `<html>` attributes.
 */
export function renderPage(route: RouteData): RenderedPage {
  const { site, page, sidebar } = route
  return {
    head: renderHead(site),
    body: renderToString(<App site={site} page={page} sidebar={sidebar} />),
    htmlAttributes: { 'data-theme': site.colorMode.defaultMode },
  }
}
