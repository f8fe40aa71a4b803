import type { PageResult } from '@ssg/search-indexer/browser'
import { build } from 'esbuild'
import { describe, expect, test, vi } from 'vitest'
import { render, text } from '../../test/render'
import { makeSite } from '../../test/fixtures'
import { SearchBox } from './SearchBox'
import { SearchResults, type SearchResultsProps } from './SearchResults'
import { activeIndex, flattenResults, isSearchShortcut, moveActive } from './search-state'

const search = makeSite().search
const noop = () => {}

describe('SearchBox', () => {
  test('is a combobox named Search, reading "Loading..." before first use', () => {
    const doc = render(<SearchBox search={search} baseUrl="/" navigate={noop} />)
    const input = doc.querySelector('input')!
    expect(input.getAttribute('role')).toBe('combobox')
    expect(input.getAttribute('aria-label')).toBe('Search')
    expect(input.getAttribute('placeholder')).toBe('Loading...')
    expect(input.getAttribute('aria-expanded')).toBe('false')
    expect(input.getAttribute('aria-autocomplete')).toBe('list')
    expect(input.hasAttribute('aria-activedescendant')).toBe(false)
    const listbox = doc.getElementById(input.getAttribute('aria-controls')!)!
    expect(listbox.getAttribute('role')).toBe('listbox')
    expect(listbox.hasAttribute('hidden')).toBe(true)
  })

  test('renders nothing when search is off', () => {
    const doc = render(
      <SearchBox search={{ ...search, enabled: false }} baseUrl="/" navigate={noop} />,
    )
    expect(doc.querySelector('.ssg-search')).toBeNull()
  })

  test('two boxes (navbar and mobile menu) get distinct listbox ids', () => {
    const doc = render(
      <>
        <SearchBox search={search} baseUrl="/" navigate={noop} />
        <SearchBox search={search} baseUrl="/" navigate={noop} />
      </>,
    )
    const ids = [...doc.querySelectorAll('input')].map((input) =>
      input.getAttribute('aria-controls'),
    )
    expect(new Set(ids).size).toBe(2)
  })
})

const pages: PageResult[] = [
  {
    url: '/docs/api/tokens/tokenize',
    title: 'Tokenize',
    breadcrumbs: ['API', 'Tokens'],
    score: 10,
    sections: [
      {
        url: '/docs/api/tokens/tokenize',
        heading: 'Tokenize',
        headingSnippet: [{ text: 'Tokenize', match: false }],
        score: 10,
        snippet: [
          { text: 'Create ', match: false },
          { text: 'tokens', match: true },
          { text: ' from <img src=x onerror=alert(1)> values.', match: false },
        ],
      },
      {
        url: '/docs/api/tokens/tokenize#errors',
        heading: 'Errors',
        headingSnippet: [{ text: 'Errors', match: false }],
        score: 5,
        snippet: [],
      },
    ],
  },
  {
    url: '/docs/concepts/what-are-tokens',
    title: 'What are tokens?',
    breadcrumbs: ['Concepts'],
    score: 4,
    sections: [
      {
        url: '/docs/concepts/what-are-tokens#types',
        heading: 'Token types',
        headingSnippet: [
          { text: 'Token', match: true },
          { text: ' types', match: false },
        ],
        score: 4,
        snippet: [{ text: '<b>not bold</b>', match: true }],
      },
    ],
  },
]

function renderResults(props: Partial<SearchResultsProps> = {}) {
  return render(
    <SearchResults
      id="s"
      query="tokens"
      status={{ state: 'ready' }}
      pages={pages}
      active={-1}
      baseUrl="/base/"
      onChoose={noop}
      onHover={noop}
      onRetry={noop}
      {...props}
    />,
  )
}

describe('SearchResults', () => {
  test('groups options by page, named by the page title', () => {
    const doc = renderResults()
    const groups = [...doc.querySelectorAll('[role="listbox"] > li > [role="group"]')]
    expect(groups.map((group) => group.getAttribute('aria-label'))).toEqual([
      'Tokenize',
      'What are tokens?',
    ])
    const options = [...doc.querySelectorAll('[role="option"]')]
    expect(options.map((option) => option.id)).toEqual(['s-option-0', 's-option-1', 's-option-2'])
    expect(options.map((option) => text(option.querySelector('.ssg-search__heading')))).toEqual([
      'Tokenize',
      'Errors',
      'Token types',
    ])
    expect(text(doc.querySelector('.ssg-search__page-title'))).toBe('API › Tokens › Tokenize')
    expect(doc.querySelector('.ssg-search__page-title')!.getAttribute('aria-hidden')).toBe('true')
  })

  test('links carry the base URL and the anchor', () => {
    const doc = renderResults()
    const hrefs = [...doc.querySelectorAll('a[role="option"]')].map((a) => a.getAttribute('href'))
    expect(hrefs).toEqual([
      '/base/docs/api/tokens/tokenize',
      '/base/docs/api/tokens/tokenize#errors',
      '/base/docs/concepts/what-are-tokens#types',
    ])
  })

  test('marks matched words, and escapes the snippet text', () => {
    const doc = renderResults()
    expect([...doc.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual([
      'tokens',
      'Token',
      '<b>not bold</b>',
    ])
    expect(doc.querySelector('.ssg-search__snippet img, .ssg-search__snippet b')).toBeNull()
    expect(text(doc.querySelector('.ssg-search__snippet'))).toBe(
      'Create tokens from <img src=x onerror=alert(1)> values.',
    )
  })

  test('the active option is selected', () => {
    const doc = renderResults({ active: 1 })
    const selected = [...doc.querySelectorAll('[role="option"]')].map((o) =>
      o.getAttribute('aria-selected'),
    )
    expect(selected).toEqual(['false', 'true', 'false'])
    expect(doc.querySelector('.ssg-search__option--active')!.id).toBe('s-option-1')
  })

  test('announces the number of results', () => {
    expect(text(renderResults().querySelector('[role="status"]'))).toBe('3 results')
  })

  test('says when nothing matches', () => {
    const doc = renderResults({ pages: [], query: ' tokn ' })
    expect(text(doc.querySelector('[role="status"]'))).toBe('No results for “tokn”')
    expect(doc.querySelector('[role="listbox"]')!.hasAttribute('hidden')).toBe(true)
  })

  test('says when the index is still loading', () => {
    const doc = renderResults({ pages: [], status: { state: 'loading' } })
    expect(text(doc.querySelector('[role="status"]'))).toBe('Loading the search index…')
  })

  test('shows a load error with a Retry button', () => {
    const message = 'Cannot load the search index (/search-index-1.json): HTTP 404 Not Found'
    const doc = renderResults({ pages: [], status: { state: 'error', message } })
    const alert = doc.querySelector('[role="alert"]')!
    expect(text(alert.querySelector('p'))).toBe(message)
    expect(text(alert.querySelector('button'))).toBe('Retry')
  })
})

describe('keyboard and shortcuts', () => {
  test('arrows move through the options and wrap', () => {
    expect(moveActive(-1, 3, 'ArrowDown')).toBe(0)
    expect(moveActive(2, 3, 'ArrowDown')).toBe(0)
    expect(moveActive(-1, 3, 'ArrowUp')).toBe(2)
    expect(moveActive(0, 3, 'ArrowUp')).toBe(2)
    expect(moveActive(1, 3, 'ArrowUp')).toBe(0)
    expect(moveActive(-1, 0, 'ArrowDown')).toBe(-1)
  })

  test('the active option follows its URL when the results refine, and is none once it leaves', () => {
    const options = flattenResults(pages)
    expect(activeIndex(options, null)).toBe(-1)
    expect(activeIndex(options, '/docs/api/tokens/tokenize#errors')).toBe(1)
    // A refined query drops the first page's sections: the same option is now the first.
    expect(
      activeIndex(flattenResults(pages.slice(1)), '/docs/concepts/what-are-tokens#types'),
    ).toBe(0)
    expect(activeIndex(flattenResults(pages.slice(1)), '/docs/api/tokens/tokenize#errors')).toBe(-1)
  })

  test('options are the sections in display order', () => {
    expect(flattenResults(pages).map((option) => option.url)).toEqual([
      '/docs/api/tokens/tokenize',
      '/docs/api/tokens/tokenize#errors',
      '/docs/concepts/what-are-tokens#types',
    ])
  })

  test('Ctrl+K and Cmd+K anywhere, "/" outside text fields', () => {
    type Init = { ctrlKey?: boolean; metaKey?: boolean; altKey?: boolean; target?: object }
    const key = (key: string, init: Init = {}) =>
      isSearchShortcut({
        key,
        ctrlKey: init.ctrlKey ?? false,
        metaKey: init.metaKey ?? false,
        altKey: init.altKey ?? false,
        target: (init.target ?? null) as EventTarget | null,
      })
    const input = { tagName: 'INPUT', isContentEditable: false }
    expect(key('k', { ctrlKey: true })).toBe(true)
    expect(key('K', { metaKey: true, target: input })).toBe(true)
    expect(key('/')).toBe(true)
    expect(key('/', { target: input })).toBe(false)
    expect(key('/', { target: { tagName: 'DIV', isContentEditable: true } })).toBe(false)
    expect(key('k')).toBe(false)
    expect(key('k', { ctrlKey: true, altKey: true })).toBe(false)
  })
})

describe('loading', () => {
  test("reads the files' names from the build file, loads them once, and again after a failure", async () => {
    vi.resetModules()
    const loadSearch = vi.fn()
    vi.doMock('@ssg/search-indexer/browser', () => ({ loadSearch }))
    const files = { docUrl: '/base/search-doc-1.json', indexUrl: '/base/search-index-1.json' }
    const { loadSearchIndex, loadedSearch, searchFiles } = await import('./load-search')
    // Imported before `fetch` is stubbed: a first import made with the stub in place was not the
    // mock (the real loader ran).
    expect((await import('@ssg/search-indexer/browser')).loadSearch).toBe(loadSearch)
    const fetch = vi.fn()
    vi.stubGlobal('fetch', fetch)
    expect(loadSearch).not.toHaveBeenCalled()
    expect(fetch).not.toHaveBeenCalled()

    // The build file fails: nothing is loaded, and the next call asks again.
    fetch.mockResolvedValueOnce(new Response('', { status: 503 }))
    await expect(loadSearchIndex('/base/')).rejects.toThrow(
      "Cannot load the search files' names (/base/_ssg/build.json): HTTP 503",
    )
    expect(loadSearch).not.toHaveBeenCalled()
    fetch.mockImplementation(() => Promise.resolve(Response.json({ buildId: 'b1', search: files })))
    // The box hovered: the names only.
    await expect(searchFiles('/base/')).resolves.toEqual(files)
    expect(fetch).toHaveBeenCalledTimes(2)
    expect(fetch).toHaveBeenLastCalledWith('/base/_ssg/build.json', { cache: 'no-cache' })
    expect(loadSearch).not.toHaveBeenCalled()

    loadSearch.mockRejectedValueOnce(new Error('HTTP 404'))
    await expect(loadSearchIndex('/base/')).rejects.toThrow('HTTP 404')
    const loaded = { search: () => [], prepare: () => null, builtAt: '', size: 0 }
    loadSearch.mockResolvedValue(loaded)
    await expect(loadSearchIndex('/base/')).resolves.toBe(loaded)
    await expect(loadSearchIndex('/base/')).resolves.toBe(loaded)
    expect(loadSearch).toHaveBeenCalledTimes(2)
    expect(loadSearch).toHaveBeenLastCalledWith(files)
    // The names were fetched once they were known.
    expect(fetch).toHaveBeenCalledTimes(2)
    expect(loadedSearch('/base/')).toBe(loaded)
    vi.unstubAllGlobals()
    vi.doUnmock('@ssg/search-indexer/browser')
  })

  test("the search code (MiniSearch's SearchableMap) is in a lazy chunk, not in the code that renders the box", async () => {
    const result = await build({
      entryPoints: [new URL('./SearchBox.tsx', import.meta.url).pathname],
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'browser',
      outdir: '/virtual',
      write: false,
      jsx: 'automatic',
      external: ['react', 'react-dom', 'react/*'],
      logLevel: 'silent',
    })
    const [entry, ...chunks] = result.outputFiles
    expect(entry!.path).toMatch(/SearchBox\.js$/)
    expect(entry!.text).not.toMatch(/SearchableMap/)
    expect(entry!.text).toMatch(/import\("\.\/browser-[\w-]+\.js"\)/)
    expect(chunks.some((chunk) => /SearchableMap/.test(chunk.text))).toBe(true)
  })
})
