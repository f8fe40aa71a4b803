// A minimal theme with customisation points, for the core's tests of `theme.components`,
// `theme.slots` and `theme.customCss`: components are plain functions returning HTML strings.
import { Banner } from './components/Banner.js'
import { Footer } from './components/Footer.js'
import { slotComponents } from './slot-registry.js'

export const contractVersion = 2

export const customization = {
  components: {
    Banner: { module: './components/Banner.js', stability: 'stable' },
    Footer: { module: './components/Footer.js', stability: 'stable' },
  },
  slots: { names: ['page.start', 'page.end'], module: './slot-registry.js' },
}

const slot = (name, props) => (slotComponents[name] ?? []).map((c) => c(props)).join('')

export function renderPage({ site, page }) {
  return {
    head: '',
    htmlAttributes: {},
    body:
      Banner({ title: site.title }) +
      slot('page.start', { page }) +
      `<main><article data-ssg-article="">${page.html}</article></main>` +
      slot('page.end', { page }) +
      Footer({ copyright: 'fixture' }),
  }
}
