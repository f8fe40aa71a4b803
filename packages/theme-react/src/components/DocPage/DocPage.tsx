import type { PageData, Sidebar as SidebarData } from '@ssg/core/contract'
import { memo } from 'react'
import { useTheme } from '../../context'
import { Article } from '../Article/Article'
import { Breadcrumbs } from '../Breadcrumbs/Breadcrumbs'
import { CopyPageButton } from '../CopyPageButton/CopyPageButton'
import { DocFooter } from '../DocFooter/DocFooter'
import { Pagination } from '../Pagination/Pagination'
import { Sidebar } from '../Sidebar/Sidebar'
import { Slot } from '../Slot/Slot'
import { Toc, useActiveHeading } from '../Toc/Toc'
import { hasTitle, sidebarLabel } from '../../lib/url'

/**
 * The sidebar, rendered again only when its props change: not when the page shown gets new data
 * in place (`ssg serve`'s edits), where going over every link of a 10,000-page sidebar was most
 * of the render.
 */
const SidebarNav = memo(Sidebar)

/** Props of {@link DocPage}. */
export interface DocPageProps {
  page: PageData
  sidebar: SidebarData | null
}

/**
 * The docs layout (`doc`, and `page` without docs navigation): sidebar, breadcrumbs, article,
 * edit link and last update, previous / next, and the table of contents.
 */
export function DocPage({ page, sidebar }: DocPageProps) {
  const { site } = useTheme()
  const isDoc = page.layout === 'doc'
  const toc = page.hideTableOfContents ? [] : page.toc
  const activeId = useActiveHeading(toc)
  return (
    <div
      className={
        'ssg-doc' + (sidebar ? '' : ' ssg-doc--no-sidebar') + (toc.length ? '' : ' ssg-doc--no-toc')
      }
    >
      {sidebar && (
        <div className="ssg-doc__sidebar">
          <Slot name="sidebar.before" />
          <SidebarNav
            key={sidebar.id}
            sidebar={sidebar}
            activePath={page.path}
            baseUrl={site.baseUrl}
            label={sidebarLabel(sidebar.id)}
          />
          <Slot name="sidebar.after" />
        </div>
      )}
      <main id="ssg-main" className="ssg-doc__main" tabIndex={-1}>
        {isDoc && <Breadcrumbs items={page.breadcrumbs} current={page} baseUrl={site.baseUrl} />}
        <Slot name="doc.before" />
        {page.markdownUrl && <CopyPageButton url={page.markdownUrl} />}
        {!hasTitle(page.html) && <h1 className="ssg-doc__title">{page.title}</h1>}
        <Toc toc={toc} activeId={activeId} variant="details" />
        <Article html={page.html} />
        <Slot name="doc.after" />
        <DocFooter lastUpdated={page.lastUpdated} editUrl={page.editUrl} />
        {isDoc && <Pagination prev={page.prev} next={page.next} baseUrl={site.baseUrl} />}
      </main>
      <Toc toc={toc} activeId={activeId} />
    </div>
  )
}
