import type { SiteData } from '@ssg/core/contract'

/** Props of the search box shown in the navbar and in the mobile menu. */
export interface SearchBoxProps {
  search: SiteData['search']
  baseUrl: string
  navigate: (href: string) => void
}

/** Placeholder until the search UI lands: a disabled input reading "Loading...". */
export function SearchBox(props: SearchBoxProps) {
  if (!props.search.enabled) return null
  return (
    <div className="ssg-search">
      <input
        className="ssg-search__input"
        type="search"
        placeholder="Loading..."
        aria-label="Search"
      />
    </div>
  )
}

export default SearchBox
