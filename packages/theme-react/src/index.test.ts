import { CONTRACT_VERSION } from '@ssg/core/contract'
import { expect, test } from 'vitest'
import * as api from './index'

test('the public API (a change here is a semver decision)', () => {
  expect(Object.keys(api).sort()).toMatchInlineSnapshot(`
    [
      "ANNOUNCEMENT_KEY",
      "AnnouncementBar",
      "App",
      "Article",
      "Breadcrumbs",
      "COLOR_MODE_KEY",
      "Collapsible",
      "ColorModeToggle",
      "CrashReport",
      "DocFooter",
      "DocPage",
      "ErrorBoundary",
      "Footer",
      "LandingPage",
      "LoadError",
      "MobileMenu",
      "Navbar",
      "NotFoundPage",
      "Pagination",
      "SearchBox",
      "Sidebar",
      "Slot",
      "Toc",
      "contractVersion",
      "documentTitle",
      "errorChain",
      "formatDate",
      "headScript",
      "heightDuration",
      "manifest",
      "registerLayouts",
      "renderHead",
      "slotNames",
      "tabsKey",
      "useTheme",
    ]
  `)
})

test('implements the contract version of the core', () => {
  expect(api.contractVersion).toBe(CONTRACT_VERSION)
})

test('every manifest entry names a stability level and an exported component', () => {
  for (const [name, entry] of Object.entries(api.manifest)) {
    expect(['stable', 'unstable', 'internal']).toContain(entry.stability)
    expect(entry.description.length).toBeGreaterThan(10)
    expect(typeof (api as Record<string, unknown>)[name], name).toBe('function')
  }
})
