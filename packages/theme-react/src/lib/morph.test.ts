import { parseHTML } from 'linkedom'
import { describe, expect, test } from 'vitest'
import { morphHtml } from './morph'

/** An article showing `html`, as `innerHTML` makes it. */
function article(html: string) {
  const { document } = parseHTML('<!doctype html><html><body><div></div></body></html>')
  const element = document.querySelector('div')!
  element.innerHTML = html
  return element
}

const paragraphs = (texts: string[]) => texts.map((t) => `<p>${t}</p>`).join('\n')

describe('morphHtml', () => {
  test('the article ends as the new HTML, the paragraphs that did not change the same nodes', () => {
    const before = paragraphs(['one', 'two', 'three', 'four'])
    const element = article(before)
    const [one, two, three, four] = Array.from(element.querySelectorAll('p'))
    morphHtml(element, paragraphs(['one', 'two, edited', 'three', 'four']))
    expect(element.innerHTML).toBe(paragraphs(['one', 'two, edited', 'three', 'four']))
    const after = Array.from(element.querySelectorAll('p'))
    expect(after[0]).toBe(one)
    expect(after[1]).toBe(two) // Same kind of node: its text changed in place.
    expect(after[2]).toBe(three)
    expect(after[3]).toBe(four)
  })

  test('a paragraph inserted or removed moves no other node', () => {
    const element = article(paragraphs(['one', 'two', 'three']))
    const [one, two, three] = Array.from(element.querySelectorAll('p'))
    morphHtml(element, paragraphs(['one', 'new', 'two', 'three']))
    expect(element.innerHTML).toBe(paragraphs(['one', 'new', 'two', 'three']))
    const inserted = Array.from(element.querySelectorAll('p'))
    expect([inserted[0], inserted[2], inserted[3]]).toStrictEqual([one, two, three])
    expect(inserted.map((p) => [one, two, three].includes(p))).toEqual([true, false, true, true])
    morphHtml(element, paragraphs(['one', 'three']))
    expect(element.innerHTML).toBe(paragraphs(['one', 'three']))
    const removed = Array.from(element.querySelectorAll('p'))
    expect(removed[0] === one && removed[1] === three).toBe(true)
  })

  test('attributes follow the new HTML; another kind of element replaces the old one', () => {
    const element = article('<h2 id="a" class="x">A</h2><p title="t">p</p><ul><li>1</li></ul>')
    const heading = element.querySelector('h2')
    morphHtml(element, '<h2 id="b">A</h2><ol><li>1</li><li>2</li></ol><p>p</p>')
    expect(element.innerHTML).toBe('<h2 id="b">A</h2><ol><li>1</li><li>2</li></ol><p>p</p>')
    expect(element.querySelector('h2')).toBe(heading)
  })

  test('what the page did to the article since (a focusable table) follows the new HTML too', () => {
    const element = article('<table><tr><td>a</td></tr></table><p>b</p>')
    element.querySelector('table')!.setAttribute('tabindex', '0')
    morphHtml(element, '<table><tr><td>a</td></tr></table><p>c</p>')
    expect(element.innerHTML).toBe('<table><tr><td>a</td></tr></table><p>c</p>')
  })

  test('a details element keeps the state the reader left it in', () => {
    const element = article('<details><summary>More</summary><p>a</p></details>')
    element.querySelector('details')!.setAttribute('open', '')
    morphHtml(element, '<details><summary>More</summary><p>b</p></details>')
    const open = article('<details open><summary>More</summary><p>b</p></details>')
    expect(element.innerHTML).toBe(open.innerHTML)
  })

  test('any edit of a random article ends as the new HTML (200 pairs)', () => {
    let seed = 7
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n)
    const tags = ['p', 'div', 'ul', 'li', 'em', 'code', 'h2']
    const words = ['alpha', 'beta', 'gamma', 'delta', ' ', '']
    const tree = (depth: number): string =>
      Array.from({ length: random(5) }, () => {
        if (depth === 0 || random(3) === 0) return words[random(words.length)]!
        const tag = tags[random(tags.length)]!
        const attribute = random(3) === 0 ? ` class="c${random(3)}"` : ''
        return `<${tag}${attribute}>${tree(depth - 1)}</${tag}>`
      }).join('')
    for (let i = 0; i < 200; i++) {
      const before = tree(3)
      const after = random(2) ? tree(3) : before.replace(/alpha/, 'omega').replace(/<p>/, '<p>x')
      const element = article(before)
      const expected = article(after).innerHTML
      morphHtml(element, after)
      expect(element.innerHTML, `${before}\n-> ${after}`).toBe(expected)
    }
  })
})
