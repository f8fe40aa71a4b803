/**
 * Client-side diagrams, loaded only for pages with `page.needsMermaid`, and only when the site
 * names a browser build of mermaid in `theme.options.mermaidUrl` (an ES module URL). Diagrams the
 * core rendered at build time need none of this. Without mermaid the source stays visible.
 */

interface Mermaid {
  initialize(config: Record<string, unknown>): void
  render(id: string, source: string): Promise<{ svg: string }>
}

let counter = 0

/** Renders every `pre.ssg-mermaid--client` of the article into a light and a dark SVG. */
export async function renderDiagrams(article: HTMLElement, url: string): Promise<void> {
  const blocks = Array.from(article.querySelectorAll<HTMLElement>('pre.ssg-mermaid--client'))
  if (blocks.length === 0) return
  const module = (await import(/* @vite-ignore */ url)) as { default?: Mermaid } & Mermaid
  const mermaid = module.default ?? module
  for (const block of blocks) {
    const source = block.textContent ?? ''
    const figure = document.createElement('div')
    figure.className = 'ssg-mermaid'
    figure.setAttribute('role', 'img')
    figure.setAttribute('aria-label', 'Diagram')
    try {
      for (const [mode, theme] of [
        ['light', 'neutral'],
        ['dark', 'dark'],
      ] as const) {
        mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', theme })
        const { svg } = await mermaid.render('ssg-mermaid-' + ++counter, source)
        const wrapper = document.createElement('div')
        wrapper.className = 'ssg-mermaid__' + mode
        wrapper.innerHTML = svg
        figure.appendChild(wrapper)
      }
      block.replaceWith(figure)
    } catch (error) {
      console.warn('Could not render a diagram; showing its source instead.', error)
    }
  }
}
