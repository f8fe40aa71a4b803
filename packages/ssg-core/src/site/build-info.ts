import type { ResolvedConfig } from '../config/load-config.js'
import { BUILD_INFO_PATH, withBase, type BuildInfo } from '../theme/contract.js'

/** Output path of the `BuildInfo` file (`_ssg/build.json`). */
export const BUILD_INFO_FILE = BUILD_INFO_PATH.slice(1)

/**
 * The content of the `BuildInfo` file: the build id and the URLs of the search's two main files
 * (empty when search is off), the values that change with every build and so stay out of pages.
 */
export function buildInfoJson(options: {
  config: Pick<ResolvedConfig, 'baseUrl'>
  search: { docFile: string; indexFile: string } | null
  buildId: string
}): string {
  const { config, search } = options
  const info: BuildInfo = {
    buildId: options.buildId,
    search: search
      ? {
          docUrl: withBase(config.baseUrl, '/' + search.docFile),
          indexUrl: withBase(config.baseUrl, '/' + search.indexFile),
        }
      : { docUrl: '', indexUrl: '' },
  }
  return JSON.stringify(info)
}
