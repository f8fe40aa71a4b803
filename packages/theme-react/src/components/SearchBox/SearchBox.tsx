import type { SiteData } from '@ssg/core/contract'
import type { LoadedSearch, PageResult } from '@ssg/search-indexer/browser'
import {
  type ChangeEvent,
  type KeyboardEvent,
  type MouseEvent,
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react'
import { withBase } from '../../lib/url'
import { loadSearchIndex, loadedSearch, searchFiles } from './load-search'
import { SearchResults, optionId } from './SearchResults'
import {
  flattenResults,
  isModifiedClick,
  isSearchShortcut,
  activeIndex,
  moveActive,
  type SearchStatus,
} from './search-state'

/** Props of the search box shown in the navbar and in the mobile menu. */
export interface SearchBoxProps {
  search: SiteData['search']
  baseUrl: string
  navigate: (href: string) => void
}

const NO_RESULTS: PageResult[] = []

/**
 * The search box: an ARIA combobox over a listbox of sections grouped by page.
 *
 * Nothing is downloaded until first use: a click or tap on the box, Tab into it, typing, or the
 * Ctrl/Cmd+K and `/` shortcuts. Focus that a script moves into the box (the mobile menu focuses
 * its first control on opening) is not use. Then the search code (a lazy chunk) and both files
 * load, the placeholder turns from "Loading..." to "Search", and the query typed meanwhile runs.
 * Only the site's small build file (which names the search files of this build) is fetched
 * before, as soon as the box is hovered or focused in any way, so that it costs no wait at use.
 */
export function SearchBox({ search, baseUrl, navigate }: SearchBoxProps) {
  const id = useId()
  const listId = `ssg-search-${id.replace(/[^\w-]/g, '')}`
  const root = useRef<HTMLDivElement>(null)
  const input = useRef<HTMLInputElement>(null)
  const [loaded, setLoaded] = useState<LoadedSearch | null>(() =>
    typeof window === 'undefined' ? null : loadedSearch(baseUrl),
  )
  const [status, setStatus] = useState<SearchStatus>(() =>
    loaded ? { state: 'ready' } : { state: 'idle' },
  )
  const [query, setQuery] = useState('')
  const [open, setOpen] = useState(false)
  // The active option is kept by its URL: while the results refine (the list follows the typing
  // a step behind, and a large index loads parts), an option that stays keeps the reader's place.
  const [activeUrl, setActiveUrl] = useState<string | null>(null)

  // Starts the load once. After a failure only Retry tries again (not every keystroke).
  const busy = useRef(loaded !== null)
  const failed = useRef(false)
  const load = useCallback(
    (retry = false) => {
      if (busy.current || (failed.current && !retry)) return
      busy.current = true
      failed.current = false
      setStatus({ state: 'loading' })
      loadSearchIndex(baseUrl).then(
        (result) => {
          setLoaded(result)
          setStatus({ state: 'ready' })
        },
        (error: unknown) => {
          busy.current = false
          failed.current = true
          setStatus({ state: 'error', message: errorMessage(error) })
        },
      )
    },
    [baseUrl],
  )

  // The names of the search files, before use (a failure here is retried at use).
  const prefetch = useCallback(() => {
    searchFiles(baseUrl).catch(() => undefined)
  }, [baseUrl])

  // Searching is fast (milliseconds); deferring it keeps typing smooth on large sites.
  const deferredQuery = useDeferredValue(query)
  // A large site's index comes in parts: load those the query needs, then search again.
  const [partsLoaded, setPartsLoaded] = useState(0)
  const [preparing, setPreparing] = useState(false)
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    if (!loaded || !deferredQuery.trim()) return
    const pending = loaded.prepare(deferredQuery, { limit: search.maxResults })
    if (!pending) return
    let current = true
    setPreparing(true)
    pending.then(
      () => {
        if (!current) return
        setPreparing(false)
        setPartsLoaded((n) => n + 1)
      },
      (error: unknown) => {
        if (!current) return
        setPreparing(false)
        setStatus({ state: 'error', message: errorMessage(error) })
      },
    )
    return () => {
      current = false
    }
  }, [loaded, deferredQuery, search.maxResults, attempt])
  const pages = useMemo(
    () =>
      loaded && deferredQuery.trim()
        ? loaded.search(deferredQuery, { limit: search.maxResults })
        : NO_RESULTS,
    // `partsLoaded`: the same query finds more once its parts are in.
    [loaded, deferredQuery, search.maxResults, partsLoaded],
  )
  const options = useMemo(() => flattenResults(pages), [pages])
  const active = activeIndex(options, activeUrl)
  const setActive = useCallback(
    (index: number) => setActiveUrl(options[index]?.url ?? null),
    [options],
  )

  const choose = useCallback(
    (url: string) => {
      setOpen(false)
      setActive(-1)
      input.current?.blur()
      navigate(withBase(baseUrl, url))
    },
    [baseUrl, navigate],
  )

  // Ctrl/Cmd+K and `/`: the first visible box handles them (the navbar's or the menu's).
  useEffect(() => {
    if (!search.enabled) return
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      const box = input.current
      if (!box || event.defaultPrevented || !isSearchShortcut(event)) return
      if (box.getClientRects().length === 0) return // hidden (the navbar's, on a phone)
      event.preventDefault()
      box.focus()
      box.select()
      load()
      if (box.value.trim()) setOpen(true)
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [search.enabled, load])

  // Tab into the box counts as use; a script's focus() does not.
  const tabbing = useRef(false)
  useEffect(() => {
    if (!search.enabled) return
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      tabbing.current = event.key === 'Tab'
    }
    const onPointerDown = (event: PointerEvent) => {
      tabbing.current = false
      // A press outside closes the dropdown.
      if (!root.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('keydown', onKeyDown, true)
    document.addEventListener('pointerdown', onPointerDown, true)
    return () => {
      document.removeEventListener('keydown', onKeyDown, true)
      document.removeEventListener('pointerdown', onPointerDown, true)
    }
  }, [search.enabled])

  // Keep the active option in view while moving with the arrows.
  useEffect(() => {
    if (active < 0) return
    document.getElementById(optionId(listId, active))?.scrollIntoView?.({ block: 'nearest' })
  }, [active, listId])

  if (!search.enabled) return null

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    setQuery(event.target.value)
    setOpen(event.target.value.trim() !== '')
    load()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault()
        if (!open && query.trim()) setOpen(true)
        setActive(moveActive(active, options.length, event.key))
        break
      case 'Enter': {
        const option = options[active >= 0 ? active : 0]
        if (!open || !option) return
        event.preventDefault()
        // A click on the option's link: the same path as the mouse (the mobile menu closes).
        const link = document.getElementById(optionId(listId, active >= 0 ? active : 0))
        if (link) link.click()
        else choose(option.url)
        break
      }
      case 'Escape':
        event.preventDefault()
        if (open) {
          // Close the dropdown only, not the mobile menu around the box.
          event.stopPropagation()
          setOpen(false)
          setActive(-1)
        } else if (query) {
          event.stopPropagation()
          setQuery('')
        }
        break
    }
  }

  const onChoose = (url: string, event: MouseEvent) => {
    if (isModifiedClick(event)) return // a new tab or window: the browser's job
    event.preventDefault()
    choose(url)
  }

  const expanded = open && query.trim() !== ''
  const placeholder = status.state === 'ready' ? 'Search' : 'Loading...'
  return (
    <div
      ref={root}
      className={'ssg-search' + (expanded ? ' ssg-search--open' : '')}
      onPointerEnter={prefetch}
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget as Node | null)) setOpen(false)
      }}
    >
      <div className="ssg-search__field">
        <span className="ssg-search__icon" aria-hidden="true" />
        <input
          ref={input}
          className="ssg-search__input"
          // type="text": the HTML standard allows role="combobox" and aria-expanded on text inputs only.
          type="text"
          role="combobox"
          aria-label="Search"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(listId, active) : undefined}
          aria-busy={status.state === 'loading'}
          placeholder={placeholder}
          autoComplete="off"
          autoCorrect="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="search"
          value={query}
          onChange={onChange}
          onKeyDown={onKeyDown}
          onPointerDown={() => {
            load()
            if (query.trim()) setOpen(true)
          }}
          onFocus={() => {
            prefetch()
            if (!tabbing.current) return
            load()
            if (query.trim()) setOpen(true)
          }}
        />
        <kbd className="ssg-search__shortcut" aria-hidden="true">
          /
        </kbd>
      </div>
      {expanded ? (
        <SearchResults
          id={listId}
          query={query}
          status={preparing && pages.length === 0 ? { state: 'loading' } : status}
          pages={status.state === 'ready' ? pages : NO_RESULTS}
          active={active}
          baseUrl={baseUrl}
          onChoose={onChoose}
          onHover={setActive}
          onRetry={() => {
            if (loaded) {
              // A part failed: search again, which loads it again.
              setStatus({ state: 'ready' })
              setAttempt((n) => n + 1)
            } else load(true)
            input.current?.focus()
          }}
        />
      ) : (
        // The listbox the input controls exists even when closed.
        <ul id={listId} role="listbox" aria-label="Search results" hidden />
      )}
    </div>
  )
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
