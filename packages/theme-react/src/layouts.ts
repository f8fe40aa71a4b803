import type { PageData, Sidebar } from '@ssg/core/contract'
import type { ComponentType } from 'react'
import { DocPage } from './components/DocPage/DocPage'

/** Props every page layout receives. */
export interface LayoutProps {
  page: PageData
  sidebar: Sidebar | null
}

type Layout = PageData['layout']
type LayoutModule = { default: ComponentType<LayoutProps> }

/**
 * Page layouts. The docs layout is in the initial bundle; the landing and not-found layouts are
 * separate chunks in the browser, loaded before hydration or before a navigation renders them
 * (the server registers them statically).
 */
const layouts: Partial<Record<Layout, ComponentType<LayoutProps>>> = { doc: DocPage, page: DocPage }

const loaders: Partial<Record<Layout, () => Promise<LayoutModule>>> = {
  landing: async () => ({
    default: (await import('./components/LandingPage/LandingPage')).LandingPage,
  }),
  'not-found': async () => ({
    default: (await import('./components/NotFoundPage/NotFoundPage')).NotFoundPage,
  }),
}

/** Registers layouts synchronously (the server render). */
export function registerLayouts(more: Partial<Record<Layout, ComponentType<LayoutProps>>>): void {
  Object.assign(layouts, more)
}

/** Loads the layout of a page (a chunk load failure rejects: the caller offers Retry). */
export async function loadLayout(layout: Layout): Promise<void> {
  const load = loaders[layout]
  if (!layouts[layout] && load) layouts[layout] = (await load()).default
}

/** The layout component of a page; the docs layout when it is not loaded (never expected). */
export function getLayout(layout: Layout): ComponentType<LayoutProps> {
  return layouts[layout] ?? DocPage
}
