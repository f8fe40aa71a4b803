import { pageDataUrl } from '@ssg/core/contract'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { makePage, makeSidebar, makeSite } from '../test/fixtures'
import { createPageData, HttpError } from './page-data'

/** Fakes `fetch` with a table of URL -> JSON body (or HTTP status). */
function serve(files: Record<string, unknown>) {
  const requests: string[] = []
  vi.stubGlobal('fetch', async (url: string) => {
    requests.push(url)
    const body = files[url]
    if (body === undefined) return new Response('not found', { status: 404 })
    if (typeof body === 'number') return new Response('error', { status: body, statusText: 'Oops' })
    return new Response(JSON.stringify(body), { status: 200 })
  })
  return requests
}

afterEach(() => vi.unstubAllGlobals())

describe('page data', () => {
  const site = makeSite()
  const url = (path: string) => pageDataUrl(site.baseUrl, path)

  test('loads a page and its sidebar, and caches both', async () => {
    const page = makePage()
    const requests = serve({ [url(page.path)]: page, [site.sidebars.docs!]: makeSidebar() })
    const loader = createPageData(site, pageDataUrl)
    const loaded = await loader.loadRoute(page.path)
    expect(loaded.page.title).toBe('What are tokens')
    expect(loaded.sidebar?.id).toBe('docs')
    expect(loaded.notFound).toBe(false)
    await loader.loadRoute(page.path)
    expect(requests).toEqual([url(page.path), site.sidebars.docs])
  })

  test('retries with and without a trailing slash', async () => {
    const page = makePage({ path: '/docs/concepts/', sidebarId: null })
    const requests = serve({ [url('/docs/concepts/')]: page })
    const loaded = await createPageData(site, pageDataUrl).loadRoute('/docs/concepts')
    expect(loaded.page.path).toBe('/docs/concepts/')
    expect(requests).toEqual([
      '/_ssg/data/docs/concepts.json',
      '/_ssg/data/docs/concepts/index.json',
    ])
  })

  test('falls back to the not-found page data', async () => {
    const notFound = makePage({
      path: '/404',
      layout: 'not-found',
      sidebarId: null,
      title: 'Not here',
    })
    serve({ [url('/404')]: notFound })
    const loaded = await createPageData(site, pageDataUrl).loadRoute('/nope')
    expect(loaded.notFound).toBe(true)
    expect(loaded.page.title).toBe('Not here')
  })

  test('without a /404 page, makes one up', async () => {
    serve({})
    const loaded = await createPageData(site, pageDataUrl).loadRoute('/nope')
    expect(loaded.page.layout).toBe('not-found')
  })

  test('rejects HTTP errors with an HttpError and does not cache the failure', async () => {
    const page = makePage({ sidebarId: null })
    const files: Record<string, unknown> = { [url(page.path)]: 503 }
    serve(files)
    const loader = createPageData(site, pageDataUrl)
    const error = await loader.loadRoute(page.path).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpError)
    expect((error as Error).message).toBe(
      `Could not load ${url(page.path)}: the server answered 503 Oops`,
    )
    files[url(page.path)] = page
    await expect(loader.loadRoute(page.path)).resolves.toMatchObject({ notFound: false })
  })
})
