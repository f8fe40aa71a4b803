import { ARTICLE_ATTRIBUTE } from '@ssg/core/contract'
import {
  type KeyboardEvent,
  type MouseEvent,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { useTheme } from '../../context'
import { copyMarkdown } from '../../lib/copy-markdown'
import { storage } from '../../lib/storage'
import { markScrollingTables } from '../../lib/tables'
import { morphHtml } from '../../lib/morph'

/** Props of {@link Article}. */
export interface ArticleProps {
  /** The article HTML from the Markdown pipeline. */
  html: string
  className?: string
}

// Tabs and copy buttons load their code on first use (it is not needed to read a page).
const behaviours = () => import('../../lib/article')
const INTERACTIVE = '.ssg-copy, .ssg-tabs [role="tab"]'
const TAB_KEYS = ['ArrowRight', 'ArrowLeft', 'Home', 'End']
const warn = (error: unknown) => console.warn('Could not load the article behaviours.', error)

function onClick(event: MouseEvent, markdownUrl: string | null) {
  const section = (event.target as Element).closest<HTMLElement>('.ssg-copy-section')
  if (section && markdownUrl)
    return copyMarkdown(section, markdownUrl, Number(section.dataset.section))
  const target = (event.target as Element).closest<HTMLElement>(INTERACTIVE)
  if (target) behaviours().then((module) => module.onArticleClick(target, storage), warn)
}

function onKeyDown(event: KeyboardEvent) {
  const tab = (event.target as Element).closest<HTMLElement>('.ssg-tabs [role="tab"]')
  if (!tab || !TAB_KEYS.includes(event.key)) return
  event.preventDefault()
  const key = event.key
  behaviours().then((module) => module.onArticleKeyDown(tab, key, storage), warn)
}

/**
 * The page's Markdown HTML, marked with `data-ssg-article` (hydration reads it back from the DOM
 * instead of shipping it twice). Tabs, copy buttons and diagrams get their behaviour here.
 */
export function Article({ html, className = 'ssg-markdown' }: ArticleProps) {
  const { site, page } = useTheme()
  const ref = useRef<HTMLDivElement>(null)
  const mermaidUrl = site.themeOptions.mermaidUrl
  // React sets innerHTML for the first HTML of each page shown (one object per page: React sets
  // it again whenever this object changes, which would undo the tabs chosen and the diagrams
  // rendered since). New HTML of the same page (an edit under `ssg serve`) is morphed in before
  // the frame: the nodes that did not change stay, and so does what the reader did with them.
  const [first, setFirst] = useState({ path: page.path, html })
  let shown = first
  if (first.path !== page.path) setFirst((shown = { path: page.path, html }))
  const inner = useMemo(() => ({ __html: shown.html }), [shown.html])
  // The HTML the article's nodes show now.
  const inDom = useRef(html)
  useLayoutEffect(() => {
    inDom.current = inner.__html
  }, [inner])
  useLayoutEffect(() => {
    if (!ref.current || inDom.current === html) return
    morphHtml(ref.current, html)
    inDom.current = html
  }, [html, inner])
  useEffect(() => {
    const article = ref.current
    if (!article) return
    if (article.querySelector('.ssg-tabs')) {
      behaviours().then((module) => module.restoreTabs(article, storage), warn)
    }
    if (page.needsMermaid && typeof mermaidUrl === 'string') {
      import('../../lib/mermaid')
        .then(({ renderDiagrams }) => renderDiagrams(article, mermaidUrl))
        .catch((error: unknown) => console.warn('Could not load the diagram renderer.', error))
    }
    markScrollingTables(article)
    const onResize = () => markScrollingTables(article)
    window.addEventListener('resize', onResize, { passive: true })
    return () => window.removeEventListener('resize', onResize)
  }, [html, page.needsMermaid, mermaidUrl])
  return (
    <div
      ref={ref}
      className={className}
      {...{ [ARTICLE_ATTRIBUTE]: '' }}
      onClick={(event) => onClick(event, page.markdownUrl)}
      onKeyDown={onKeyDown}
      dangerouslySetInnerHTML={inner}
    />
  )
}
