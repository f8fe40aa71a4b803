import type { SiteData } from '@ssg/core/contract'
import { useSyncExternalStore } from 'react'
import { ANNOUNCEMENT_KEY } from '../../head'
import { storage } from '../../lib/storage'
import { withBase } from '../../lib/url'
import { Icon } from '../Icons/Icons'

/** Props of {@link AnnouncementBar}. */
export interface AnnouncementBarProps {
  /** The config's `announcementBar`. */
  bar: NonNullable<SiteData['announcementBar']>
  /** The site's base URL, prefixed to a site path in the bar's `[label](href)` link. */
  baseUrl: string
}

const listeners = new Set<() => void>()
const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Plain text with at most one `[label](href)` link. */
function Content({ text, baseUrl }: { text: string; baseUrl: string }) {
  const match = /\[([^\]]+)\]\(([^)\s]+)\)/.exec(text)
  if (!match) return <>{text}</>
  return (
    <>
      {text.slice(0, match.index)}
      <a href={withBase(baseUrl, match[2]!)}>{match[1]}</a>
      {text.slice(match.index + match[0].length)}
    </>
  )
}

/**
 * The bar above the navbar. Dismissal is stored with the bar's id, so a new announcement (new
 * id) shows again. The head script marks `<html data-announcement-dismissed>` before first paint
 * and CSS hides the bar: readers who dismissed it see no layout shift.
 */
export function AnnouncementBar({ bar, baseUrl }: AnnouncementBarProps) {
  const dismissed = useSyncExternalStore(
    subscribe,
    () => storage.get(ANNOUNCEMENT_KEY) === bar.id,
    () => false,
  )
  if (dismissed) return null
  const dismiss = () => {
    storage.set(ANNOUNCEMENT_KEY, bar.id)
    document.documentElement.setAttribute('data-announcement-dismissed', '')
    listeners.forEach((listener) => listener())
  }
  const style = {
    ...(bar.backgroundColor ? { backgroundColor: bar.backgroundColor } : {}),
    ...(bar.textColor ? { color: bar.textColor } : {}),
  }
  return (
    <div className="ssg-announcement" role="region" aria-label="Announcement" style={style}>
      <p className="ssg-announcement__content">
        <Content text={bar.content} baseUrl={baseUrl} />
      </p>
      {bar.isCloseable && (
        <button
          type="button"
          className="ssg-announcement__close"
          aria-label="Dismiss announcement"
          onClick={dismiss}
        >
          <Icon name="close" />
        </button>
      )}
    </div>
  )
}
