import type { PageData, SiteData } from '@ssg/core/contract'

/**
 * The theme's slots: places where a site adds its own components (config `theme.slots`) without
 * replacing a theme component. Adding a slot is a minor change; removing one is major.
 */
export const slotNames = [
  /** In the navbar, before the colour-mode toggle (desktop widths). */
  'navbar.end',
  /** Above the sidebar of docs pages. */
  'sidebar.before',
  /** Below the sidebar of docs pages. */
  'sidebar.after',
  /** Above the article of docs pages (below the breadcrumbs). */
  'doc.before',
  /** Below the article of docs pages (above the edit link and previous / next). */
  'doc.after',
  /** Above the footer, on every page. */
  'footer.before',
] as const

export type SlotName = (typeof slotNames)[number]

/** Props every slot component receives. */
export interface SlotComponentProps {
  site: SiteData
  page: PageData
}
