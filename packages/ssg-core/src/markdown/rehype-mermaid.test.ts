import { expect, test } from 'vitest'
import { createProcessor } from './processor.js'
import { wideDiagramMinWidth } from './rehype-mermaid.js'

const options = { themes: { light: 'github-light', dark: 'github-dark' }, extraLanguages: [] }

async function render(markdown: string): Promise<string> {
  const processor = await createProcessor(options)
  return String(await processor.process(markdown))
}

test('a diagram that fits the column scales with it and is not a tab stop', async () => {
  const html = await render('```mermaid\nflowchart TD\n  A --> B\n```\n')
  expect(html).toMatch(
    /^<figure class="ssg-mermaid"><svg role="img" aria-label="Diagram \(flowchart\)"/,
  )
  expect(html).not.toContain('min-width')
  expect(html).not.toContain('tabindex')
})

test('a wide diagram keeps its labels readable: a least width, and a focusable scrolling box', async () => {
  const steps = Array.from({ length: 12 }, (_, i) => `S${i}[Step number ${i}]`).join(' --> ')
  const html = await render('```mermaid\nflowchart LR\n  ' + steps + '\n```\n')
  const width = Number(/<svg [^>]*?width="([\d.]+)"/.exec(html)![1])
  expect(width).toBeGreaterThan(800)
  expect(html).toMatch(
    /^<figure class="ssg-mermaid ssg-mermaid--wide" tabindex="0" aria-label="Diagram \(flowchart\)"><svg /,
  )
  expect(html).toContain(`style="min-width:${Math.round(width * 0.75)}px;--bg:`)
})

test('wideDiagramMinWidth', () => {
  expect(wideDiagramMinWidth('<svg viewBox="0 0 600 100" width="600" height="100">')).toBe(null)
  expect(wideDiagramMinWidth('<svg viewBox="0 0 1612 130" width="1612.128" height="130">')).toBe(
    1209,
  )
  // Never below the column itself.
  expect(wideDiagramMinWidth('<svg width="900" height="10">')).toBe(800)
  expect(wideDiagramMinWidth('<svg height="10">')).toBe(null)
})
