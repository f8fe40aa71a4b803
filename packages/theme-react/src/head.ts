import type { SiteData } from '@ssg/core/contract'
import { COLOR_MODE_KEY } from './lib/color-mode'

/** `localStorage` key holding the id of the dismissed announcement bar. */
export const ANNOUNCEMENT_KEY = 'ssg-announcement-dismissed'

/** Browser theme colours (address bar on mobile) per mode; match `--ssg-color-bg`. */
export const THEME_COLORS = { light: '#ffffff', dark: '#0d1117' } as const

/** Escapes a value for a JS string literal inside an inline `<script>`. */
function js(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c')
}

/**
 * The inline script that runs in `<head>` before first paint:
 * - sets `data-theme` from `localStorage.theme`, else the system preference (when the site
 *   respects it), else the site default: no flash of the wrong mode;
 * - sets `data-js` so CSS can tell a scripted page from a plain one;
 * - sets `data-announcement-dismissed` when the current bar was dismissed: CSS hides it, so there
 *   is no layout shift for returning readers;
 * - shows a banner when the page is served under another base URL than the configured one (the
 *   client bundle would fail to load there, so this cannot wait for it).
 * Every storage access is wrapped: a throwing `localStorage` must not stop the page.
 */
export function headScript(site: SiteData): string {
  const { defaultMode, respectPrefersColorScheme } = site.colorMode
  const barId = site.announcementBar?.id ?? null
  const fallback = respectPrefersColorScheme
    ? `matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light'`
    : js(defaultMode)
  const dismissed =
    barId === null
      ? ''
      : `try{if(localStorage.getItem(${js(ANNOUNCEMENT_KEY)})===${js(barId)})d.setAttribute('data-announcement-dismissed','')}catch(e){}`
  return (
    `(function(){var d=document.documentElement,t;d.setAttribute('data-js','');` +
    `try{t=localStorage.getItem(${js(COLOR_MODE_KEY)})}catch(e){}` +
    `if(t!=='light'&&t!=='dark')t=${fallback};d.setAttribute('data-theme',t);` +
    dismissed +
    baseUrlCheck(site.baseUrl) +
    `})()`
  )
}

/** The part of {@link headScript} that shows the wrong-base-URL banner (inline styles: the
 * stylesheet does not load either when the base URL is wrong). */
function baseUrlCheck(baseUrl: string): string {
  if (baseUrl === '/') return ''
  return (
    `var b=${js(baseUrl)},p=location.pathname;if(p.indexOf(b)!==0&&p+'/'!==b){` +
    `var s=p.split('/')[1],g=s?'/'+s+'/':'/';` +
    `document.addEventListener('DOMContentLoaded',function(){var n=document.createElement('div');` +
    `n.id='ssg-base-url-issue';n.setAttribute('role','alert');` +
    `n.style.cssText='padding:12px 16px;background:#fef3c7;color:#111;font:16px/1.5 system-ui,sans-serif;border-bottom:2px solid #b45309';` +
    `n.textContent='This site did not load properly: it is served at '+p+' but was built for the base URL '+b+'. ` +
    `Try setting baseUrl to '+g+' in the site config, or serve the site under '+b+'.';` +
    `document.body.insertBefore(n,document.body.firstChild)})}`
  )
}

const CSS_COLOR = /^(#[0-9a-f]{3,8}|[a-z]+|(rgb|rgba|hsl|hsla|oklch|oklab)\([\d\s.,%/a-z-]+\))$/i

/**
 * The browser UI colours (`<meta name="theme-color">`) for light and dark mode: the theme's page
 * backgrounds, or a brand's from `theme.options.themeColor: { light, dark }` (CSS colours; a
 * value that is not one is ignored).
 */
export function themeColors(site: SiteData): { light: string; dark: string } {
  const option = site.themeOptions.themeColor as { light?: unknown; dark?: unknown } | undefined
  const pick = (value: unknown, fallback: string) =>
    typeof value === 'string' && CSS_COLOR.test(value.trim()) ? value.trim() : fallback
  return {
    light: pick(option?.light, THEME_COLORS.light),
    dark: pick(option?.dark, THEME_COLORS.dark),
  }
}

/** The `head` markup of a page: the inline script and the theme-color metas. */
export function renderHead(site: SiteData): string {
  const colors = themeColors(site)
  return (
    `<script>${headScript(site)}</script>` +
    `<meta name="theme-color" media="(prefers-color-scheme: light)" content="${colors.light}">` +
    `<meta name="theme-color" media="(prefers-color-scheme: dark)" content="${colors.dark}">`
  )
}
