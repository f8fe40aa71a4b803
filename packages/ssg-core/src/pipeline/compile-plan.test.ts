import { describe, expect, test } from 'vitest'
import { CompilePlan, costOf, hasDiagram } from './compile-plan.js'
import type { SourcePage } from './discover.js'

const DIAGRAM = '```mermaid\ngraph TD\n  A --> B\n```\n'

function page(id: string, source: string): SourcePage {
  return {
    file: `content/docs/${id}.md`,
    kind: 'docs',
    id,
    dir: '',
    route: `/docs/${id}`,
    source,
    hash: id,
  }
}

/** Every batch handed out, as ids, asking the workers in turn until none is left. */
function drain(plan: CompilePlan, workers: number): string[][][] {
  const got: string[][][] = Array.from({ length: workers }, () => [])
  for (let open = workers, k = 0; open > 0; k = (k + 1) % workers) {
    const batch = plan.next(k)
    if (batch) got[k]!.push(batch.map((p) => p.id))
    else if (got[k]!.at(-1)?.length !== 0) {
      got[k]!.push([])
      open--
    }
  }
  return got.map((batches) => batches.filter((b) => b.length))
}

describe('hasDiagram', () => {
  test('finds mermaid fences of backticks or tildes, not other fences or prose', () => {
    expect(hasDiagram({ source: 'Text\n\n' + DIAGRAM })).toBe(true)
    expect(hasDiagram({ source: '~~~~ mermaid\ngraph TD\n~~~~\n' })).toBe(true)
    expect(hasDiagram({ source: '```js\nconst mermaid = 1\n```\nA mermaid diagram.' })).toBe(false)
  })
})

describe('costOf', () => {
  test('weighs code fences and OpenAPI parts above their length', () => {
    const prose = 'word '.repeat(300)
    expect(costOf({ source: '```js\nx\n```\n' })).toBeGreaterThan(costOf({ source: prose }))
    expect(costOf({ source: '::openapi{operation="a"}' })).toBeGreaterThan(
      costOf({ source: prose.repeat(10) }),
    )
  })
})

describe('CompilePlan', () => {
  const pages = [
    page('small', 'x'),
    page('chart', DIAGRAM),
    page('big', 'x'.repeat(5000)),
    page('chart-big', DIAGRAM + 'x'.repeat(5000)),
    page('api', '::openapi{operation="a"}'),
    page('chart-small', DIAGRAM.slice(0, -1)),
  ]

  test('gives the pages with diagrams to worker 0 and the rest to the others, heaviest first', () => {
    expect(drain(new CompilePlan(pages, 2, 2), 2)).toEqual([
      [['chart-big', 'chart'], ['chart-small']],
      [['api', 'big'], ['small']],
    ])
  })

  test('a worker done with its own pages takes the others: the lightest diagrams, the heaviest rest', () => {
    const plan = new CompilePlan(pages, 2, 1)
    expect(plan.next(1)?.map((p) => p.id)).toEqual(['api'])
    expect(plan.next(1)?.map((p) => p.id)).toEqual(['big'])
    expect(plan.next(1)?.map((p) => p.id)).toEqual(['small'])
    expect(plan.next(1)?.map((p) => p.id)).toEqual(['chart-small'])
    expect(plan.next(0)?.map((p) => p.id)).toEqual(['chart-big'])
    expect(plan.next(0)?.map((p) => p.id)).toEqual(['chart'])
    expect(plan.next(0)).toBeNull()
    expect(plan.next(1)).toBeNull()

    const other = new CompilePlan([page('chart', DIAGRAM), page('a', 'x'), page('b', 'xx')], 2, 1)
    expect(other.next(0)?.map((p) => p.id)).toEqual(['chart'])
    expect(other.next(0)?.map((p) => p.id)).toEqual(['b'])
  })

  test('one worker takes every page; a site without diagrams is shared by all workers', () => {
    const all = drain(new CompilePlan(pages, 1, 10), 1)
    expect(all).toEqual([[['api', 'chart-big', 'big', 'chart', 'chart-small', 'small']]])
    const plain = [page('a', 'x'), page('b', 'xx'), page('c', 'xxx')]
    expect(drain(new CompilePlan(plain, 2, 1), 2)).toEqual([[['c'], ['a']], [['b']]])
  })
})
