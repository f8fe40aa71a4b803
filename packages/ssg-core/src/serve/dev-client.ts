import { DEV_REFRESH_EVENT } from '../theme/contract.js'

/** Where the dev server serves the script below. */
export const DEV_CLIENT_PATH = '/__ssg/client.js'

/** The warnings of one page: `/__ssg/warnings?path=<the page's pathname>` (JSON list). */
export const WARNINGS_PATH = '/__ssg/warnings'

/**
 * The dev server's browser script (plain JavaScript, no dependencies): listens to the reload
 * channel, shows an edited article in place through the theme's router (`DEV_REFRESH_EVENT`),
 * reloads the page when anything else of it changed (keeping the scroll position in
 * sessionStorage), shows the current errors in an overlay, and the warnings of the page shown
 * in a small panel that does not block it (text only, never parsed as HTML).
 */
export function devClientScript(): string {
  return CLIENT
}

const CLIENT = String.raw`// ssg serve: live reload, in-place updates, error overlay and page warnings.
const EVENTS = '/__ssg/events'
const WARNINGS = ${JSON.stringify(WARNINGS_PATH)}
const REFRESH_EVENT = ${JSON.stringify(DEV_REFRESH_EVENT)}
const SCROLL_KEY = 'ssg-serve:scroll'
const here = () => location.pathname + location.search

try {
  const saved = JSON.parse(sessionStorage.getItem(SCROLL_KEY) || 'null')
  if (saved && saved.path === here()) {
    sessionStorage.removeItem(SCROLL_KEY)
    const restore = () => window.scrollTo(saved.x, saved.y)
    restore()
    requestAnimationFrame(restore)
    if (document.readyState === 'complete') setTimeout(restore, 50)
    else addEventListener('load', () => (restore(), setTimeout(restore, 50)), { once: true })
  }
} catch {}

function reload() {
  try {
    sessionStorage.setItem(SCROLL_KEY, JSON.stringify({ path: here(), x: scrollX, y: scrollY }))
  } catch {}
  location.reload()
}

// '/x.html' and '/x/index.html' show the routes '/x' and '/x/'.
function routeOf(pathname) {
  let p = pathname
  try {
    p = decodeURI(p)
  } catch {}
  if (p.endsWith('/index.html')) return p.slice(0, -'index.html'.length)
  if (p.endsWith('.html')) return p.slice(0, -'.html'.length)
  return p
}

// The entry of 'list' that is the page shown, else undefined.
function shown(list) {
  const p = routeOf(location.pathname)
  return list.find((r) => r === p || r + '/' === p || r === p + '/')
}

function shows(list) {
  return list === 'all' || shown(list) !== undefined
}

let errors = []
let dismissed = ''
let returnFocus = null

const CSS = ':host{all:initial}' +
  '.backdrop{position:fixed;inset:0;z-index:2147483647;background:rgba(0,0,0,.55);display:flex;align-items:flex-start;justify-content:center;overflow:auto;font:14px/1.5 system-ui,sans-serif}' +
  '.dialog{box-sizing:border-box;margin:6vh 16px;max-width:960px;width:100%;background:#1e1e1e;color:#eee;border-top:6px solid #e5484d;border-radius:6px;padding:20px 24px;box-shadow:0 10px 40px rgba(0,0,0,.5)}' +
  'h2{margin:0 0 4px;font-size:18px;color:#ff8a8f}' +
  '.hint{margin:0 0 16px;color:#bbb}' +
  '.error{margin:0 0 16px;padding:12px;background:#2a2a2a;border-radius:4px}' +
  '.place{font:13px/1.4 ui-monospace,monospace;color:#8ac6ff}' +
  '.message{margin:4px 0 0;white-space:pre-wrap}' +
  '.rule{color:#999}' +
  'pre{margin:8px 0 0;padding:8px;overflow:auto;background:#111;border-radius:4px;font:12px/1.45 ui-monospace,monospace;color:#ddd}' +
  'button{font:inherit;padding:6px 14px;border-radius:4px;border:1px solid #888;background:#333;color:#fff;cursor:pointer}' +
  'button:focus-visible{outline:2px solid #8ac6ff;outline-offset:2px}'

function element(tag, className, text) {
  const node = document.createElement(tag)
  if (className) node.className = className
  if (text !== undefined) node.textContent = text
  return node
}

// A message's place, text and rule, in 'item'.
function messageItem(item, entry) {
  const place = entry.line ? entry.file + ':' + entry.line + ':' + (entry.column || 1) : entry.file
  if (place) item.append(element('div', 'place', place))
  const message = element('p', 'message', entry.message + ' ')
  if (entry.ruleId !== 'more') message.append(element('span', 'rule', entry.ruleId))
  item.append(message)
  return item
}

// How many messages a list stands for (its last entry may say how many more there are).
function countOf(list) {
  const last = list.at(-1)
  const more = last.ruleId === 'more' ? Number(/\d+/.exec(last.message)[0]) : 0
  return list.length - (more ? 1 : 0) + more
}

function closeOverlay(remember) {
  if (remember) dismissed = JSON.stringify(errors)
  const host = document.getElementById('ssg-error-overlay')
  if (!host) return
  host.remove()
  if (returnFocus && document.contains(returnFocus)) returnFocus.focus()
  returnFocus = null
}

function showOverlay() {
  const key = JSON.stringify(errors)
  if (!errors.length || key === dismissed) return closeOverlay(false)
  if (!document.body) return addEventListener('DOMContentLoaded', showOverlay, { once: true })
  const open = document.getElementById('ssg-error-overlay')
  if (open) open.remove()
  else returnFocus = document.activeElement
  const host = element('ssg-error-overlay')
  host.id = 'ssg-error-overlay'
  const root = host.attachShadow({ mode: 'open' })
  root.append(element('style', '', CSS))
  const backdrop = element('div', 'backdrop')
  const dialog = element('div', 'dialog')
  dialog.setAttribute('role', 'alertdialog')
  dialog.setAttribute('aria-modal', 'true')
  dialog.setAttribute('aria-labelledby', 'ssg-title')
  dialog.setAttribute('aria-describedby', 'ssg-hint')
  const count = countOf(errors)
  const title = element('h2', '', count === 1 ? 'The content has an error' : 'The content has ' + count + ' errors')
  title.id = 'ssg-title'
  const hint = element('p', 'hint', 'The pages keep showing their last good version. Fix the file and save: this message goes away by itself.')
  hint.id = 'ssg-hint'
  dialog.append(title, hint)
  for (const error of errors) {
    const item = messageItem(element('section', 'error'), error)
    if (error.frame) item.append(element('pre', '', error.frame))
    dialog.append(item)
  }
  const dismiss = element('button', '', 'Dismiss')
  dismiss.type = 'button'
  dismiss.addEventListener('click', () => closeOverlay(true))
  dialog.append(dismiss)
  dialog.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') closeOverlay(true)
    // Keep Tab inside the dialog: its one control is the button.
    if (event.key === 'Tab') (event.preventDefault(), dismiss.focus())
  })
  backdrop.append(dialog)
  root.append(backdrop)
  document.body.append(host)
  dismiss.focus({ preventScroll: true })
}

// The page's warnings: a panel in a corner (a status region: read out, never focused), its list
// folded; closed, it stays closed for this page until its warnings change.
const PANEL_CSS = ':host{all:initial}' +
  '.panel{position:fixed;right:12px;bottom:12px;z-index:2147483646;max-width:min(560px,calc(100vw - 24px));max-height:50vh;overflow:auto;box-sizing:border-box;background:#1e1e1e;color:#eee;border-left:5px solid #f5a524;border-radius:6px;padding:10px 14px;box-shadow:0 6px 24px rgba(0,0,0,.4);font:13px/1.45 system-ui,sans-serif}' +
  'summary{cursor:pointer;font-weight:600;color:#ffc861}' +
  'summary:focus-visible,button:focus-visible{outline:2px solid #8ac6ff;outline-offset:2px}' +
  '.item{margin:8px 0 0}' +
  '.place{font:12px/1.4 ui-monospace,monospace;color:#8ac6ff}' +
  '.message{margin:2px 0 0;white-space:pre-wrap}' +
  '.rule{color:#999}' +
  'button{float:right;margin-left:8px;font:inherit;line-height:1;padding:2px 8px;border-radius:4px;border:1px solid #888;background:#333;color:#fff;cursor:pointer}'
let pageWarnings = []
let warningsClosed = ''
let warningsVersion = null
let warningsAsked = 0
let warningsTimer = 0

async function askWarnings() {
  const asked = ++warningsAsked
  const path = location.pathname
  let list = []
  try {
    const response = await fetch(WARNINGS + '?path=' + encodeURIComponent(path), { cache: 'no-store' })
    if (response.ok) list = await response.json()
  } catch {}
  // A later question (another page, newer warnings) wins.
  if (asked !== warningsAsked) return
  pageWarnings = Array.isArray(list) ? list : []
  showWarnings()
}

function showWarnings() {
  const old = document.getElementById('ssg-page-warnings')
  const key = location.pathname + JSON.stringify(pageWarnings)
  if (!pageWarnings.length || key === warningsClosed) return old && old.remove()
  if (!document.body) return addEventListener('DOMContentLoaded', showWarnings, { once: true })
  const host = old || element('ssg-page-warnings')
  host.id = 'ssg-page-warnings'
  const root = host.shadowRoot || host.attachShadow({ mode: 'open' })
  root.replaceChildren(element('style', '', PANEL_CSS))
  const panel = element('aside', 'panel')
  panel.setAttribute('role', 'status')
  panel.setAttribute('aria-label', 'Warnings of this page')
  const close = element('button', '', '×')
  close.type = 'button'
  close.setAttribute('aria-label', 'Close the warnings of this page')
  close.addEventListener('click', () => {
    warningsClosed = key
    host.remove()
  })
  const details = element('details')
  const count = countOf(pageWarnings)
  details.append(element('summary', '', count === 1 ? 'This page has a warning' : 'This page has ' + count + ' warnings'))
  for (const warning of pageWarnings) details.append(messageItem(element('div', 'item'), warning))
  panel.append(close, details)
  root.append(panel)
  if (!old) document.body.append(host)
}

// Client-side navigation shows another page: ask for its warnings.
let shownPath = location.pathname
function pathMayHaveChanged() {
  if (location.pathname === shownPath) return
  shownPath = location.pathname
  askWarnings()
}
for (const name of ['pushState', 'replaceState']) {
  const original = history[name]
  history[name] = function (...args) {
    const result = original.apply(this, args)
    pathMayHaveChanged()
    return result
  }
}
addEventListener('popstate', pathMayHaveChanged)

let session = null
// State for tools and tests: whether the reload channel is open.
const state = (window.__ssgServe = { connected: false })
const source = new EventSource(EVENTS)
source.addEventListener('open', () => (state.connected = true))
source.addEventListener('error', () => (state.connected = false))
source.addEventListener('message', (message) => {
  const event = JSON.parse(message.data)
  if (session && event.session !== session) return reload()
  session = event.session
  if (event.errors) {
    errors = event.errors
    showOverlay()
  }
  if (event.warnings !== undefined && event.warnings !== warningsVersion) {
    // At once on connecting; after an update, once the page has its new data (it comes first).
    const first = warningsVersion === null
    warningsVersion = event.warnings
    clearTimeout(warningsTimer)
    if (first) askWarnings()
    else warningsTimer = setTimeout(askWarnings, 300)
  }
  if (event.type !== 'update') return
  if (event.reload && shows(event.reload)) return reload()
  // The new data of the page shown may come with the event (else the router asks for it).
  if (event.refresh && shows(event.refresh)) return refresh(event.pages?.[shown(event.refresh)])
  // Other pages changed: the theme's router forgets what it loaded of them.
  if (event.reload || event.refresh) tellRouter(null)
})

// The page data of the page shown changed, not the page: its theme's router shows the new data
// in place (keeping scroll and focus) when it can; otherwise the page reloads.
function refresh(page) {
  const done = tellRouter(routeOf(location.pathname), page)
  if (!done) return reload()
  done.then((ok) => ok || reload(), reload)
}

function tellRouter(path, page) {
  const detail = { path, done: undefined }
  if (page) detail.page = page
  dispatchEvent(new CustomEvent(REFRESH_EVENT, { detail }))
  return detail.done
}
`
