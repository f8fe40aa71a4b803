import type { ResolvedConfig } from '../config/load-config.js'
import type { PageHead } from '../site/page-head.js'
import { createRouteTable, type RouteTable } from '../site/route-table.js'
import { SiteFiles, sidebarJson } from '../site/site-files.js'
import type { SidebarVersion } from './invalidate.js'
import type { SearchNames } from './theme-runtime.js'

/**
 * The route table of `ssg serve` and what hangs on it: each sidebar's version (the same object
 * while its JSON is unchanged, so that its pages are not made again) and the site's file map
 * (`SiteFiles`, the one the build writes from).
 */
export class DevTable {
  table!: RouteTable
  files!: SiteFiles
  private sidebars = new Map<string, SidebarVersion>()
  private corrected = false

  constructor(
    private readonly config: ResolvedConfig,
    private readonly search: SearchNames,
  ) {}

  /** Makes the table again from the pages' heads (discovery order). */
  make(heads: PageHead[], staticFiles: Set<string>): void {
    this.table = createRouteTable({ config: this.config, heads })
    const before = this.sidebars
    this.sidebars = new Map(
      this.table.sidebars.map((sidebar) => {
        const json = sidebarJson(sidebar)
        const kept = before.get(sidebar.id)
        return [sidebar.id, kept && kept.json === json ? kept : { sidebar, json }]
      }),
    )
    this.files = new SiteFiles({
      table: this.table,
      search: this.search,
      staticFiles,
      markdown: this.config.markdownOutput.enabled,
    })
  }

  /** A sidebar's version now (see `SidebarVersion`). */
  sidebarVersion(id: string): SidebarVersion | undefined {
    return this.sidebars.get(id)
  }

  /** The sidebar's JSON file, by id. */
  sidebarJson(id: string): string | null {
    return this.sidebars.get(id)?.json ?? null
  }

  /** A compile corrected the table (see `DevSite.correctTable`). */
  markCorrected(): void {
    this.corrected = true
  }

  /** Whether a compile corrected the table since the last call (and forgets it). */
  takeCorrection(): boolean {
    const corrected = this.corrected
    this.corrected = false
    return corrected
  }
}
