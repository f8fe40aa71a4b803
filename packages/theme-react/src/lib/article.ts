/**
 * Behaviour of the Markdown features inside an article (`page.html`): tabs, copy buttons and
 * client-rendered diagrams. The markup comes from the core; these functions only wire it, by event
 * delegation on the article element, so they also work for pages loaded by the client router.
 */
/** The guarded storage of `./storage`, passed in (this lazy chunk imports nothing shared). */
export interface TabStorage {
  get(key: string): string | null
  set(key: string, value: string): void
}

function announce(message: string): void {
  const region = document.getElementById('ssg-announcer')
  if (region) region.textContent = message
}

/** `localStorage` key of the tab chosen in a group (`ssg-tabs:lang`). */
export const tabsKey = (group: string) => 'ssg-tabs:' + group

function tabsOf(container: Element): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>('[role="tab"]')).filter(
    (tab) => tab.closest('.ssg-tabs') === container,
  )
}

/** Selects one tab of a tab set and shows its panel. */
function select(container: Element, tab: HTMLElement): void {
  for (const other of tabsOf(container)) {
    const selected = other === tab
    other.setAttribute('aria-selected', String(selected))
    other.tabIndex = selected ? 0 : -1
    const panel = document.getElementById(other.getAttribute('aria-controls') ?? '')
    if (panel) panel.hidden = !selected
  }
}

/** A tab's value: `data-value` from the core, else its text. */
const label = (tab: Element) => tab.getAttribute('data-value') ?? tab.textContent?.trim() ?? ''

/** Selects the tab labelled `value` in every tab set of `group` inside `root`. */
function selectInGroup(root: ParentNode, group: string, value: string): void {
  for (const container of root.querySelectorAll('.ssg-tabs')) {
    if (container.getAttribute('data-group') !== group) continue
    const tab = tabsOf(container).find((candidate) => label(candidate) === value)
    if (tab) select(container, tab)
  }
}

/** Chooses a tab: syncs its group across the page and remembers the choice. */
function choose(tab: HTMLElement, storage: TabStorage): void {
  const container = tab.closest('.ssg-tabs')
  if (!container) return
  const group = container.getAttribute('data-group')
  if (!group) return select(container, tab)
  storage.set(tabsKey(group), label(tab))
  // Keep the chosen tab where it is on screen while other tab sets above it change height.
  const top = tab.getBoundingClientRect().top
  selectInGroup(document, group, label(tab))
  window.scrollBy(0, tab.getBoundingClientRect().top - top)
}

/** Applies remembered tab choices and roving tab indexes after new article HTML is rendered. */
export function restoreTabs(article: HTMLElement, storage: TabStorage): void {
  const groups = new Set<string>()
  for (const container of article.querySelectorAll('.ssg-tabs')) {
    const tabs = tabsOf(container)
    const selected = tabs.find((tab) => tab.getAttribute('aria-selected') === 'true') ?? tabs[0]
    if (selected) select(container, selected)
    const group = container.getAttribute('data-group')
    if (group) groups.add(group)
  }
  for (const group of groups) {
    const value = storage.get(tabsKey(group))
    if (value) selectInGroup(article, group, value)
  }
}

async function copy(button: HTMLElement): Promise<void> {
  const code = button.closest('figure')?.querySelector('pre code, pre')
  const text = code?.textContent ?? ''
  try {
    await navigator.clipboard.writeText(text)
  } catch {
    // Older browsers and insecure origins: the selection fallback.
    const area = document.createElement('textarea')
    area.value = text
    area.setAttribute('readonly', '')
    area.style.cssText = 'position:fixed;opacity:0'
    document.body.appendChild(area)
    area.select()
    document.execCommand('copy')
    area.remove()
  }
  const label = button.textContent
  button.setAttribute('data-copied', '')
  button.setAttribute('aria-label', 'Copied')
  if (label) button.textContent = 'Copied'
  announce('Code copied to the clipboard')
  setTimeout(() => {
    button.removeAttribute('data-copied')
    button.setAttribute('aria-label', 'Copy code')
    if (label) button.textContent = label
  }, 2000)
}

/** Click on a copy button or a tab. */
export function onArticleClick(target: HTMLElement, storage: TabStorage): void {
  if (target.matches('.ssg-copy')) void copy(target)
  else choose(target, storage)
}

/** Arrow keys, Home and End on a tab move to another tab and select it. */
export function onArticleKeyDown(tab: HTMLElement, key: string, storage: TabStorage): void {
  const container = tab.closest('.ssg-tabs')
  if (!container) return
  const tabs = tabsOf(container)
  const index = tabs.indexOf(tab)
  const next =
    key === 'ArrowRight'
      ? tabs[(index + 1) % tabs.length]
      : key === 'ArrowLeft'
        ? tabs[(index - 1 + tabs.length) % tabs.length]
        : key === 'Home'
          ? tabs[0]
          : key === 'End'
            ? tabs[tabs.length - 1]
            : undefined
  if (!next) return
  next.focus()
  choose(next, storage)
}
