import { announce } from './announce'

/**
 * Copies a page's Markdown twin (`section` null) or one of its `## ` sections to the clipboard.
 * The write starts within the click, with the text still to come: Safari allows a clipboard
 * write only there, and the twin is fetched (with the code that does it) on first use. What
 * follows (feedback, the dialog when the clipboard is refused) is in a lazy chunk.
 */
export function copyMarkdown(button: HTMLElement, url: string, section: number | null): void {
  const behaviour = import('./markdown-clipboard')
  const text = behaviour.then((module) => module.markdownText(url, section))
  let written: Promise<unknown>
  try {
    written =
      typeof ClipboardItem === 'function' && navigator.clipboard.write
        ? navigator.clipboard.write([
            new ClipboardItem({
              'text/plain': text.then((value) => new Blob([value], { type: 'text/plain' })),
            }),
          ])
        : text.then((value) => navigator.clipboard.writeText(value))
  } catch (error) {
    // No clipboard at all (an insecure origin): the dialog.
    written = Promise.reject(error)
  }
  behaviour.then(
    (module) => module.settle({ button, text, written, section, announce }),
    (error: unknown) => console.warn('Could not load the copy behaviour.', error),
  )
}
