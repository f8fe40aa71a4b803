import { markdownSections } from '@ssg/core/markdown-sections'

/**
 * The lazy part of the copy buttons (`copy-markdown.ts`): the twin's text, feedback on the
 * button and in the live region, and the dialog the reader copies from when the browser refuses
 * the clipboard.
 */

/** The page's twin (`section` null) or its `section`-th `## ` section. */
export async function markdownText(url: string, section: number | null): Promise<string> {
  const response = await fetch(url)
  if (!response.ok) throw new Error(`Could not load ${url}: HTTP ${response.status}`)
  const text = await response.text()
  if (section === null) return text
  const part = markdownSections(text)[section]
  if (part === undefined) throw new Error(`${url} has no section ${section + 1}`)
  return part
}

/** Feedback once the text and the clipboard write are settled. */
export async function settle(options: {
  button: HTMLElement
  text: Promise<string>
  written: Promise<unknown>
  section: number | null
  announce: (message: string) => void
}): Promise<void> {
  const { button, announce } = options
  const what = options.section === null ? 'Page' : 'Section'
  let text: string
  try {
    text = await options.text
  } catch (error) {
    // The write was given the same failed promise: it fails too, without a dialog.
    options.written.catch(() => {})
    console.warn(error)
    flag(button, 'failed')
    announce(`Could not copy: the Markdown of this ${what.toLowerCase()} did not load`)
    return
  }
  try {
    await options.written
    flag(button, 'copied')
    announce(`${what} copied as Markdown`)
  } catch {
    openDialog({ text, opener: button, what })
  }
}

/** `data-copied` or `data-failed` on the button for two seconds (CSS shows it). */
function flag(button: HTMLElement, state: 'copied' | 'failed'): void {
  const attribute = 'data-' + state
  button.setAttribute(attribute, '')
  setTimeout(() => button.removeAttribute(attribute), 2000)
}

/**
 * A modal dialog holding the Markdown in a read-only text area, selected and focused, with how
 * to copy it; Escape or Close returns focus to the button.
 */
function openDialog(options: { text: string; opener: HTMLElement; what: string }): void {
  document.querySelector('.ssg-copy-dialog')?.remove()
  const dialog = document.createElement('dialog')
  dialog.className = 'ssg-copy-dialog'
  dialog.setAttribute('aria-labelledby', 'ssg-copy-dialog-title')
  dialog.setAttribute('aria-describedby', 'ssg-copy-dialog-help')
  const mac = /Mac|iPhone|iPad/.test(navigator.platform)
  // Fixed markup only: the Markdown goes in as the text area's value.
  dialog.innerHTML =
    `<h2 id="ssg-copy-dialog-title" class="ssg-copy-dialog__title">Copy the ${options.what.toLowerCase()} as Markdown</h2>` +
    `<p id="ssg-copy-dialog-help">The browser did not allow copying to the clipboard. The Markdown is selected below: press ${mac ? '⌘C' : 'Ctrl+C'} to copy it.</p>` +
    `<textarea class="ssg-copy-dialog__text" readonly rows="12" spellcheck="false" aria-label="Markdown"></textarea>` +
    `<button type="button" class="ssg-copy-dialog__close">Close</button>`
  const area = dialog.querySelector('textarea')!
  area.value = options.text
  dialog.querySelector('button')!.addEventListener('click', () => dialog.close())
  dialog.addEventListener('close', () => {
    dialog.remove()
    options.opener.focus()
  })
  document.body.append(dialog)
  dialog.showModal()
  area.focus()
  area.select()
  // Shown from its start: selecting scrolls the text area to its end.
  area.scrollTop = 0
}
