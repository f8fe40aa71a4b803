import type { RenderedPage, RouteData, ThemeCustomization } from '@ssg/core/contract'
import { CONTRACT_VERSION } from '@ssg/core/contract'
import { renderToString } from 'react-dom/server'
import { App } from './App'
import { LandingPage } from './components/LandingPage/LandingPage'
import { NotFoundPage } from './components/NotFoundPage/NotFoundPage'
import { renderHead } from './head'
import { manifest } from './manifest'
import { slotNames } from './slots'
import { registerLayouts } from './layouts'
import { SearchBox } from './components/SearchBox/SearchBox'
import { registerSearchBox } from './components/SearchSlot/SearchSlot'

registerLayouts({ landing: LandingPage, 'not-found': NotFoundPage })
registerSearchBox(SearchBox)

/**
 * The part of a sidebar a page's HTML shows (the rule the sidebar renders by): the core makes a
 * page's render key from it instead of the whole sidebar, so a page added to one folder does not
 * rerender the pages of the others.
 */
export { sidebarView } from './lib/sidebar-cut'

/** The contract version this theme implements; the core refuses a theme built for another. */
export const contractVersion = CONTRACT_VERSION

/**
 * What a site may replace (`theme.components`: each component lives in its own module, exported
 * under its name) and the slots it may fill (`theme.slots`). Paths are relative to this file.
 */
export const customization: ThemeCustomization = {
  components: Object.fromEntries(
    Object.entries(manifest).map(([name, entry]) => [
      name,
      { module: `./components/${name}/${name}.js`, stability: entry.stability },
    ]),
  ),
  slots: { names: slotNames, module: './slot-registry.js' },
}

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
