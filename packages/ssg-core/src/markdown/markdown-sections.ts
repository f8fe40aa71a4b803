/**
 * `@ssg/core/markdown-sections`: how a Markdown twin splits into the sections the section copy
 * buttons copy. Its own entry, with no imports: a theme loads it with its copy behaviour, not with
 * the contract every page needs.
 */

/**
 * The top-level sections of a Markdown twin: for each line `## ...` outside fenced code (the
 * core writes one per top-level `<h2>` of the page, in order), the text from that line to the
 * next such line or a `# ` line. The theme's section copy buttons copy `sections[n]`.
 */
export function markdownSections(markdown: string): string[] {
  const lines = markdown.split('\n')
  const sections: string[] = []
  let start = -1
  let fence: string | null = null
  const close = (end: number) => {
    if (start >= 0) sections.push(lines.slice(start, end).join('\n').trimEnd() + '\n')
    start = -1
  }
  lines.forEach((line, i) => {
    // The core writes fences at the start of a line, and every line inside them indented
    // when they sit in a list or a quote.
    const marker = /^(`{3,}|~{3,})/.exec(line)?.[1]
    if (fence) {
      if (
        marker &&
        marker[0] === fence[0] &&
        marker.length >= fence.length &&
        !line.slice(marker.length).trim()
      )
        fence = null
      return
    }
    if (marker) fence = marker
    else if (/^##(?:[ \t]|$)/.test(line)) {
      close(i)
      start = i
    } else if (/^#(?:[ \t]|$)/.test(line)) close(i)
  })
  close(lines.length)
  return sections
}
