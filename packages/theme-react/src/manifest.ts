/**
 * The overridable components of the theme and how safe an override is:
 * - `stable`: props and markup follow semver; wrap or replace freely;
 * - `unstable`: props may change in minor releases;
 * - `internal`: markup may change in any release; override at your own risk.
 */
export type Stability = 'stable' | 'unstable' | 'internal'

export interface ComponentManifestEntry {
  stability: Stability
  description: string
}

export type ComponentManifest = Record<string, ComponentManifestEntry>

export const manifest = {
  Navbar: {
    stability: 'stable',
    description: 'Fixed top bar: logo, section links, search, colour mode, source link, Sign In.',
  },
  AnnouncementBar: {
    stability: 'stable',
    description: 'Dismissible bar above the navbar; receives `site.announcementBar`.',
  },
  ColorModeToggle: { stability: 'stable', description: 'Button flipping light and dark mode.' },
  Footer: {
    stability: 'stable',
    description: 'Link columns, copyright and site version; receives `site`.',
  },
  Sidebar: {
    stability: 'stable',
    description: 'Left navigation; receives the page sidebar and the active path.',
  },
  Toc: {
    stability: 'stable',
    description: 'Table of contents (h2-h3); highlights `activeId` (DocPage tracks it).',
  },
  Breadcrumbs: { stability: 'stable', description: 'Path from the docs home to the page.' },
  Pagination: { stability: 'stable', description: 'Previous / next links under a doc.' },
  DocFooter: { stability: 'stable', description: 'Edit link and last-updated date under a doc.' },
  CopyPageButton: {
    stability: 'unstable',
    description: '"Copy page": the page\'s Markdown twin to the clipboard (docs layout).',
  },
  DocPage: { stability: 'unstable', description: 'The docs layout (sidebar, article, toc).' },
  LandingPage: { stability: 'unstable', description: 'The home layout: hero, cards, Markdown.' },
  NotFoundPage: { stability: 'stable', description: 'Shown for unknown paths.' },
  Article: {
    stability: 'internal',
    description: 'The Markdown HTML and its behaviours (tabs, copy, diagrams).',
  },
  MobileMenu: {
    stability: 'internal',
    description: 'Hamburger panel below 996 px. Markup may change in any release.',
  },
  SearchBox: {
    stability: 'internal',
    description: 'Search input and results. Markup may change in any release.',
  },
  ErrorBoundary: {
    stability: 'stable',
    description: 'Catches render errors and shows its fallback (the page shows CrashReport).',
  },
  LoadError: {
    stability: 'stable',
    description: 'Page-data or chunk load failure with a Retry button.',
  },
} satisfies ComponentManifest
