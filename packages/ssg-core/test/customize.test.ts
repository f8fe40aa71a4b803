import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { build } from '../src/pipeline/build.js'
import { makeSite } from './helpers.js'

const customTheme = fileURLToPath(new URL('./fixture-theme-custom', import.meta.url))
const banner = path.join(customTheme, 'components', 'Banner.js')

const pages = { 'content/docs/index.md': '# Home\n\nHello.\n' }

async function site(theme: Record<string, unknown>, files: Record<string, string> = {}) {
  return makeSite({
    files: { ...pages, ...files },
    config: { theme: { package: customTheme, ...theme } },
  })
}

async function failure(root: string): Promise<string> {
  try {
    await build({ root, cache: false, workers: 0 })
  } catch (error) {
    return (error as Error).message.replace(
      /^invalid config in .*\n/,
      'invalid config in ssg.config.ts\n',
    )
  }
  throw new Error('expected the build to fail')
}

async function builtFile(root: string, dir: string, pattern: RegExp): Promise<string> {
  const names = await readdir(path.join(root, 'build', dir))
  const name = names.find((n) => pattern.test(n))
  if (!name) throw new Error(`no ${pattern} in ${dir}: ${names.join(', ')}`)
  return readFile(path.join(root, 'build', dir, name), 'utf8')
}

describe('theme.components, theme.slots and theme.customCss', () => {
  test('an override wraps the original, in the server render and in the browser bundle', async () => {
    const root = await site(
      { components: ['./theme/overrides.js'] },
      {
        'theme/overrides.js':
          `import { Banner as Original } from ${JSON.stringify(banner)}\n` +
          'export function Banner(props) {\n' +
          '  return `<div class="site-banner">${Original(props)}</div>`\n' +
          '}\n',
      },
    )
    await build({ root, cache: false, workers: 0 })
    const html = await readFile(path.join(root, 'build/docs/index.html'), 'utf8')
    expect(html).toContain(
      '<div class="site-banner"><header class="theme-banner">Fixture</header></div>',
    )
    // Untouched components stay the theme's.
    expect(html).toContain('<footer class="theme-footer">fixture</footer>')
    const js = await builtFile(root, '_ssg/assets', /^main-.*\.js$/)
    expect(js).toContain('site-banner')
    expect(js).toContain('theme-banner')
  })

  test('slots get the site components, in order, and custom CSS comes after the theme CSS', async () => {
    const root = await site(
      {
        slots: { 'page.end': ['./theme/one.js', './theme/two.js'] },
        customCss: ['./theme/brand.css'],
      },
      {
        'theme/one.js': 'export default ({ page }) => `<p class="one">${page.title}</p>`\n',
        'theme/two.js': 'export default () => "<p class=\\"two\\"></p>"\n',
        'theme/brand.css': 'body { color: #abcdef; }\n',
      },
    )
    await build({ root, cache: false, workers: 0 })
    const html = await readFile(path.join(root, 'build/docs/index.html'), 'utf8')
    expect(html).toContain('</article></main><p class="one">Home</p><p class="two"></p><footer')
    const css = await builtFile(root, '_ssg/assets', /^main-.*\.css$/)
    expect(css.indexOf('#123456')).toBeGreaterThanOrEqual(0)
    expect(css.indexOf('#abcdef')).toBeGreaterThan(css.indexOf('#123456'))
    const js = await builtFile(root, '_ssg/assets', /^main-.*\.js$/)
    expect(js).toContain('page.end')
  })
})

describe('bad customisation fails naming the config key, the file and a fix', () => {
  test('a misspelt component name, with a suggestion and its place', async () => {
    const root = await site(
      { components: ['./theme/overrides.js'] },
      { 'theme/overrides.js': '// Brand\nexport function Baner() {\n  return ""\n}\n' },
    )
    expect(await failure(root)).toBe(
      'invalid config in ssg.config.ts\n' +
        '  theme.components[0]: theme/overrides.js:2:17 exports `Baner`, which is not a replaceable component of ' +
        `${customTheme}; did you mean \`Banner\`?`,
    )
  })

  test('two overrides of one component name both modules', async () => {
    const root = await site(
      { components: ['./theme/a.js', './theme/b'] },
      {
        'theme/a.js': 'export const Footer = () => "a"\n',
        'theme/b.js': 'export const Footer = () => "b"\n',
      },
    )
    expect(await failure(root)).toBe(
      'invalid config in ssg.config.ts\n' +
        '  theme.components[1]: `Footer` is replaced twice: by theme/a.js (theme.components[0]) and by theme/b.js (theme.components[1]); keep one of them (the other may import and wrap it)',
    )
  })

  test('a default export, a missing module, an unknown slot and a missing stylesheet, all at once', async () => {
    const root = await site(
      {
        components: ['./theme/default.js', './theme/missing.js'],
        slots: { 'page.ending': './theme/x.js' },
        customCss: ['./theme/brand.css'],
      },
      {
        'theme/default.js': 'export default function Banner() {}\n',
        'theme/x.js': 'export default 1\n',
      },
    )
    expect(await failure(root)).toBe(
      'invalid config in ssg.config.ts\n' +
        "  theme.components[0]: theme/default.js:1:8: a default export cannot say which component it replaces; export it under the component's name (`export function Navbar(...)`)\n" +
        `  theme.components[1]: cannot find the module "./theme/missing.js" (looked for ${path.join(root, 'theme/missing.js')}); paths are relative to the site folder\n` +
        `  theme.slots.page.ending: \`page.ending\` is not a slot of ${customTheme}; did you mean \`page.end\`?\n` +
        `  theme.customCss[0]: cannot find "./theme/brand.css" (looked for ${path.join(root, 'theme/brand.css')})`,
    )
  })

  test('a theme without customisation points says so', async () => {
    const root = await makeSite({
      files: { ...pages, 'theme/a.js': 'export const Footer = () => ""\n' },
      config: {
        theme: {
          package: fileURLToPath(new URL('./fixture-theme', import.meta.url)),
          components: ['./theme/a.js'],
        },
      },
    })
    expect(await failure(root)).toContain('declares no replaceable components or slots')
  })
})
