import type { PageData, SiteData } from '@ssg/core/contract'
import { storage } from './storage'
import { isUnder } from './url'

/**
 * The docs plugin id and the version name of the site's one docs version. The contract
 * (`SiteData.docs`) carries only the base path and the version's label ("Next"), not these, and
 * the theme may not ask the core for more: a site has one docs plugin, whose id is `default`, and
 * one unreleased version, which Docusaurus names `current`. Kept here, in one place, until the
 * route data carries them.
 */
const DOCS_PLUGIN_ID = 'default'
const DOCS_VERSION_NAME = 'current'

/** `localStorage` key of the preferred docs version, one per docs plugin (Docusaurus's key). */
export const PREFERRED_VERSION_KEY = 'docs-preferred-version-' + DOCS_PLUGIN_ID

/**
 * Stores the preferred docs version name when the page shown is a docs page (its path is under
 * `docs.basePath`; a not-found page there is not one). Through the guarded storage helper: a
 * browser that refuses storage logs one warning and the page goes on.
 */
export function rememberDocsVersion(site: SiteData, page: PageData): void {
  if (page.layout !== 'not-found' && isUnder(page.path, site.docs.basePath)) {
    storage.set(PREFERRED_VERSION_KEY, DOCS_VERSION_NAME)
  }
}
