import { describe, expect, test } from 'vitest'
import { makePage } from '../../test/fixtures'
import { render, text } from '../../test/render'
import { Toc } from './Toc'

describe('Toc', () => {
  const { toc } = makePage()

  test('is a complementary landmark named "On this page" with h3 entries nested', () => {
    const doc = render(<Toc toc={toc} activeId="card" />)
    const aside = doc.querySelector('aside.ssg-toc')!
    expect(aside.getAttribute('aria-label')).toBe('On this page')
    const top = [...aside.querySelector('ul')!.children]
    expect(top.map((li) => text(li.querySelector('a')))).toEqual(['Types', 'Next'])
    const nested = aside.querySelectorAll('.ssg-toc__list--nested a')
    expect([...nested].map(text)).toEqual(['Card'])
    expect(nested[0]?.getAttribute('href')).toBe('#card')
  })

  test('highlights the active heading', () => {
    const doc = render(<Toc toc={toc} activeId="next" />)
    const active = doc.querySelectorAll('.ssg-toc__link--active')
    expect([...active].map(text)).toEqual(['Next'])
    expect(active[0]?.getAttribute('aria-current')).toBe('location')
  })

  test('renders nothing without headings, and a disclosure in the details variant', () => {
    expect(render(<Toc toc={[]} activeId={null} />).body.innerHTML).toBe('')
    const doc = render(<Toc toc={toc} activeId={null} variant="details" />)
    expect(text(doc.querySelector('details summary'))).toBe('On this page')
  })
})
