import { describe, expect, test } from 'vitest'
import { makePage } from '../../test/fixtures'
import { render, renderApp, text } from '../../test/render'
import { CopyPageButton } from './CopyPageButton'

describe('CopyPageButton', () => {
  test('is a button named "Copy page"', () => {
    const doc = render(<CopyPageButton url="/docs/x.md" />)
    const button = doc.querySelector('button.ssg-copy-page')!
    expect(button.getAttribute('type')).toBe('button')
    expect(text(button)).toBe('Copy page')
  })

  test('the docs layout shows it on pages that have a Markdown twin, in main', () => {
    expect(renderApp().querySelectorAll('main .ssg-copy-page')).toHaveLength(1)
    expect(
      renderApp({ page: makePage({ markdownUrl: null }) }).querySelector('.ssg-copy-page'),
    ).toBe(null)
  })
})
